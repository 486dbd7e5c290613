import Foundation
import ReflectMapHandyJSON
import Testing

final class CaseModel: HandyJSON {
    var userName = ""
    var userID = 0
    var nested: CaseChild?
    required init() {}

    func mapping(mapper: HelpingMapper) {
        mapper <<< self.userID <-- "User_ID"
    }
}

final class CaseChild: HandyJSON {
    var innerValue = 0
    required init() {}
}

extension HandyJSONCompat {
    @Suite("The configuration options")
    struct Configuration {
        @Test("caseInsensitive matches keys and mapped keys whatever their case, at every depth")
        func caseInsensitive() throws {
            let json = #"{"USERNAME": "ada", "user_id": 3, "Nested": {"INNERVALUE": 4}}"#
            #expect(CaseModel.deserialize(from: json)?.userName == "")
            HandyJSONConfiguration.deserializeOptions = .caseInsensitive
            defer { HandyJSONConfiguration.deserializeOptions = .defaultOptions }
            let model = try #require(CaseModel.deserialize(from: json))
            #expect(model.userName == "ada" && model.userID == 3 && model.nested?.innerValue == 4)
            #expect(CaseModel.deserialize(from: ["USERNAME": "b", "data": 1])?.userName == "b")
            #expect(
                CaseModel.deserialize(from: #"{"DATA": {"username": "c"}}"#, designatedPath: "data")?.userName == "c")
            #expect([CaseModel].deserialize(from: #"[{"UserName": "d"}]"#)?.first??.userName == "d")
        }

        @Test("The options and the debug mode read back what was set, and default as HandyJSON's do")
        func settings() {
            #expect(HandyJSONConfiguration.deserializeOptions == .defaultOptions)
            #expect(HandyJSONConfiguration.debugMode == .error)
            HandyJSONConfiguration.debugMode = .none
            #expect(HandyJSONConfiguration.debugMode == .none)
            HandyJSONConfiguration.debugMode = .error
            #expect(DeserializeOptions.caseInsensitive.rawValue == 1)
            #expect([DebugMode.verbose, .debug, .error, .none].map(\.rawValue) == [0, 1, 2, 3])
        }

        @Test("Failures are logged at error and below, what did not fit at debug and below, and nothing at none")
        func logLevels() throws {
            defer { HandyJSONConfiguration.debugMode = .error }
            func logged(at mode: DebugMode) throws -> (failures: Bool, misfits: Bool) {
                HandyJSONConfiguration.debugMode = mode
                let text = try capturingStandardError {
                    _ = CaseModel.deserialize(from: "not json")
                    _ = CaseModel.deserialize(from: #"{"userName": [1]}"#)
                }
                let lines = text.split(separator: "\n").filter {
                    $0.hasPrefix("ReflectMapHandyJSON: mapping CaseModel")
                }
                return (
                    lines.contains { $0.hasPrefix("ReflectMapHandyJSON: mapping CaseModel failed") },
                    lines.contains {
                        $0.hasPrefix("ReflectMapHandyJSON: mapping CaseModel: ") && $0.contains("userName")
                    }
                )
            }
            #expect(try logged(at: .verbose) == (true, true))
            #expect(try logged(at: .debug) == (true, true))
            #expect(try logged(at: .error) == (true, false))
            #expect(try logged(at: .none) == (false, false))
        }

        @Test("The debug mode logs the failures and, at debug, what did not fit; mapping is unchanged")
        func debugModeKeepsResults() throws {
            HandyJSONConfiguration.debugMode = .verbose
            defer { HandyJSONConfiguration.debugMode = .error }
            let model = try #require(CaseModel.deserialize(from: #"{"userName": 5, "userID": "x"}"#))
            #expect(model.userName == "5" && model.userID == 0)
            #expect(CaseModel.deserialize(from: "not json") == nil)
        }
    }
}
