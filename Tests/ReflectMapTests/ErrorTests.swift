import Foundation
import ReflectMap
import Testing

final class Closured: Mappable {
    var name = ""
    var onChange: (() -> Void)?
    required init() {}
}

final class NotAModel {
    var x = 0
}

final class HoldsPlainClass: Mappable {
    var plain = NotAModel()
    required init() {}
}

struct NonStringKeys: Mappable {
    var byPoint: [GridPoint: String] = [:]
}

/// Hashable, but neither a string, an integer, a raw-value enum nor CodingKeyRepresentable.
struct GridPoint: Hashable {
    var x = 0
    var y = 0
}

struct Timeline: Mappable {
    var statuses: [TimelineStatus] = []
}

struct TimelineStatus: Mappable {
    var user = TimelineUser()
}

struct TimelineUser: Mappable {
    var followersCount = 0
}

@Suite("Errors")
struct ErrorTests {
    let mapper = JSONMapper()

    @Test("An error carries the JSON path in key spelling, with indices")
    func errorPath() throws {
        let data = json(
            #"{"statuses": [{"user": {"followers_count": 1}}, {"user": {"followers_count": 2}}, {"user": {"followers_count": 3}}, {"user": {"followers_count": "many"}}]}"#
        )
        let error = mappingError {
            _ = try JSONMapper(keyTranslator: .snakeCase, mode: .strict).map(Timeline.self, from: data)
        }
        #expect(error?.path == "statuses[3].user.followers_count")
        #expect(
            error?.description == "Expected Int at \"statuses[3].user.followers_count\" but found a string \"many\".")
    }

    @Test("Two errors are equal when they say the same thing at the same place, and differ when either differs")
    func errorEquality() {
        struct Pair: Mappable {
            var a = 0
            var b = 0
        }
        let strict = JSONMapper(mode: .strict)
        func error(_ text: String) -> MappingError? {
            mappingError { _ = try strict.map(Pair.self, from: json(text)) }
        }
        let atA = error(#"{"a": "x", "b": 1}"#)
        #expect(atA != nil && atA == error(#"{"a": "x", "b": 1}"#))
        // The same kind, at another path.
        let atB = error(#"{"a": 1, "b": "x"}"#)
        #expect(atA?.kind == atB?.kind && atA != atB)
        // The same kind at the same path, at another byte offset.
        func tooDeep(_ text: String) -> MappingError? {
            mappingError { _ = try JSONValue(parsing: Data(text.utf8), maxDepth: 2) }
        }
        let early = tooDeep("[[[1]]]")
        let late = tooDeep(" [[[1]]]")
        #expect(early?.kind == late?.kind && early?.path == late?.path)
        #expect(early?.byteOffset == 2 && late?.byteOffset == 3)
        #expect(early != late)
        // Another kind at the same path.
        #expect(atA != error(#"{"a": null, "b": 1}"#))
    }

    @Test("A key path prefixes the paths of errors below it")
    func keyPathPrefixesErrors() {
        let data = json(#"{"data": {"statuses": [{"user": {"followers_count": 1.5}}]}}"#)
        let error = mappingError {
            _ = try JSONMapper(keyTranslator: .snakeCase, mode: .strict).map(Timeline.self, from: data, at: "data")
        }
        #expect(error?.path == "data.statuses[0].user.followers_count")
    }

    @Test(
        "Malformed JSON throws a clear error",
        arguments: [
            "", "{", #"{"a": }"#, "[1, 2", #"{"a" 1}"#, "nul", #"{"a": 1e400}"#, "\u{FF}\u{FE}",
        ])
    func malformedJSON(input: String) {
        let error = mappingError { _ = try JSONMapper().map(Account.self, from: Data(input.utf8)) }
        if case .malformedJSON? = error?.kind {
        } else {
            Issue.record("expected malformedJSON, got \(String(describing: error))")
        }
        #expect(error?.description.hasPrefix("The data is not valid JSON") == true)
    }

    @Test(
        "A top-level value of the wrong kind throws, in lenient mode too",
        arguments: [
            "[1, 2]", "42", #""text""#, "null", "true",
        ])
    func topLevelWrongKind(input: String) {
        let error = mappingError { _ = try JSONMapper().map(Account.self, from: json(input)) }
        #expect(error != nil)
        #expect(error?.path == "")
    }

    @Test("A top-level object where an array is expected throws")
    func topLevelObjectForArray() {
        let error = mappingError { _ = try JSONMapper().mapArray(Account.self, from: json(#"{"id": 1}"#)) }
        if case .typeMismatch(_, let found)? = error?.kind {
            #expect(found == "an object")
        } else {
            Issue.record("got \(String(describing: error))")
        }
    }

    @Test("Nesting deeper than the parser allows throws instead of crashing")
    func parserNestingLimit() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = mappingError { _ = try JSONMapper().map(Ticket.self, from: json(#"{"list": "# + deep + "}")) }
        #expect(error != nil)
    }

    @Test("A recursive model deeper than the mapper's limit throws instead of exhausting the stack")
    func mapperNestingLimit() async throws {
        var nested: [String: Any] = ["value": 0]
        for level in 1...2_000 { nested = ["value": level, "children": [nested]] }
        let input = nested
        let error = await Task.detached { mappingError { _ = try JSONMapper().map(TreeNode.self, from: input) } }.value
        #expect(error?.kind == .nestingTooDeep(limit: 256))
        var shallow = JSONMapper()
        shallow.maxDepth = 4
        let tooDeep = mappingError {
            _ = try shallow.map(TreeNode.self, from: json(#"{"children": [{"children": [{"children": []}]}]}"#))
        }
        #expect(tooDeep?.kind == .nestingTooDeep(limit: 4))
    }

    @Test("A property type that cannot be filled names the type and property on first use")
    func unsupportedTypes() {
        let closure = mappingError { _ = try JSONMapper().map(Closured.self, from: json("{}")) }
        #expect(closure?.kind == .unsupportedType(type: "() -> ()", property: "Closured.onChange"))
        let plain = mappingError { _ = try JSONMapper().map(HoldsPlainClass.self, from: json("{}")) }
        #expect(plain?.kind == .unsupportedType(type: "NotAModel", property: "HoldsPlainClass.plain"))
        #expect(plain?.description.contains("HoldsPlainClass.plain") == true)
        let keys = mappingError { _ = try JSONMapper().map(NonStringKeys.self, from: json("{}")) }
        #expect(
            keys?.kind == .unsupportedType(type: "Dictionary<GridPoint, String>", property: "NonStringKeys.byPoint"))
        let writing = mappingError { _ = try JSONMapper().data(from: Closured()) }
        #expect(writing?.kind == .unsupportedType(type: "() -> ()", property: "Closured.onChange"))
    }

    @Test("Malformed JSON inside a mapped value carries both the JSON path and the byte offset")
    func malformedInsideModel() throws {
        let error = mappingError {
            _ = try JSONMapper(keyTranslator: .snakeCase).map(
                Timeline.self, from: json(#"{"statuses": [{"user": {"followers_count": 1.}}]}"#))
        }
        #expect(error?.path == "statuses[0].user.followers_count")
        #expect(error?.byteOffset == 45)
        #expect(
            error?.description
                == "The data is not valid JSON: Expected a digit after the decimal point at byte 45. Line 1, column 46: "
                + #"`…: {"followers_count": 1.}}]}`. Inside "statuses[0].user.followers_count"."#)
        let structural = mappingError {
            _ = try JSONMapper(keyTranslator: .snakeCase).map(
                Timeline.self, from: json(#"{"statuses": [{"user": {"followers_count": 1 "x": 2}}]}"#))
        }
        #expect(structural?.path == "statuses[0].user")
        #expect(structural?.byteOffset == 45)
    }

    @Test("Nesting of any depth under an unmapped key throws instead of exhausting the stack")
    func deepSkippedNesting() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = mappingError {
            _ = try mapper.map(TakesOnlyID.self, from: json(#"{"ignored": \#(deep), "id": 1}"#))
        }
        #expect(error?.kind == .nestingTooDeep(limit: 256))
        let shallow = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(try mapper.map(TakesOnlyID.self, from: json(#"{"ignored": \#(shallow), "id": 7}"#)).id == 7)
    }

    @Test("Malformed JSON names its line and column, from 1, with the text around it, from Data and String alike")
    func lineAndColumn() throws {
        let document = "{\n  \"a\": 1,\n  \"b\": [1, 2]\n  \"c\": \"x\"\n}"
        for error in [
            mappingError { _ = try JSONMapper().map(LocatedModel.self, from: document) },
            mappingError { _ = try JSONMapper().map(LocatedModel.self, from: json(document)) },
            mappingError { _ = try JSONValue(parsing: json(document)) },
        ] {
            #expect(error?.byteOffset == 28)
            #expect(error?.location == MappingError.SourceLocation(line: 4, column: 3, excerpt: #"  "c": "x""#))
            #expect(error?.description.contains(#"Line 4, column 3: `  "c": "x"`."#) == true)
        }
    }

    @Test("Lines end at \\n and \\r\\n alike, columns count characters, and long lines are cut around the place")
    func lineEndingsAndColumns() throws {
        let crlf = mappingError {
            _ = try JSONMapper().map(LocatedModel.self, from: "{\"a\": 1,\r\n\"c\": \"héllo wörld\" x}")
        }
        #expect(crlf?.location?.line == 2)
        #expect(crlf?.location?.column == 20)
        #expect(crlf?.location?.excerpt == #""c": "héllo wörld" x}"#)
        let long = String(repeating: " ", count: 40) + #"{"b": [1, 2 3]}"# + String(repeating: " ", count: 40)
        let cut = mappingError { _ = try JSONMapper().map(LocatedModel.self, from: long) }
        #expect(cut?.byteOffset == 52)
        #expect(cut?.location?.column == 53)
        // 24 characters each side of the place, cut with an ellipsis.
        #expect(cut?.location?.excerpt == "…" + long.dropFirst(28).prefix(24) + long.dropFirst(52).prefix(24) + "…")
        // Just inside the width, 24 characters each side, nothing is cut; one more is cut on its side.
        let exact = String(repeating: " ", count: 16) + #"{"b": 3 4}"# + String(repeating: " ", count: 22)
        let exactError = mappingError { _ = try JSONMapper().map(LocatedModel.self, from: exact) }
        #expect(exactError?.location?.column == 25)
        #expect(exactError?.location?.excerpt == exact)
        let wider = " " + exact + " "
        let widerError = mappingError { _ = try JSONMapper().map(LocatedModel.self, from: wider) }
        #expect(widerError?.location?.excerpt == "…" + exact + "…")
        let first = mappingError { _ = try JSONMapper().map(LocatedModel.self, from: "x") }
        #expect(first?.location == MappingError.SourceLocation(line: 1, column: 1, excerpt: "x"))
        let empty = mappingError { _ = try JSONMapper().map(LocatedModel.self, from: "") }
        #expect(empty?.location == MappingError.SourceLocation(line: 1, column: 1, excerpt: ""))
        #expect(empty?.description.hasSuffix("Line 1, column 1.") == true)
    }

    @Test("A key path that leads nowhere names its first failing step and what stood there")
    func keyPathSteps() throws {
        let document = #"{"data": {"users": [{"id": 1}], "name": "x", "list": [1]}}"#
        let cases: [(String, String)] = [
            ("data.people.0", #""data" has no key "people""#),
            ("data.users.5", #""data.users" has 1 element; [5] is beyond it"#),
            ("data.users.1", #""data.users" has 1 element; [1] is beyond it"#),
            ("data.name.0", #""data.name" is a string, not an object or an array"#),
            ("data.list.x", #""data.list" is an array, and "x" is not an index"#),
            ("nothing", #"the top-level value has no key "nothing""#),
        ]
        for (path, detail) in cases {
            let error = mappingError { _ = try JSONMapper().map(LocatedModel.self, from: json(document), at: path) }
            #expect(error?.kind == .keyPathNotFound(path))
            #expect(error?.description == #"The key path "\#(path)" does not lead to a value in the JSON: \#(detail)."#)
        }
        // Just inside the array: its last element is found.
        #expect(try JSONMapper().map(LocatedModel.self, from: json(document), at: "data.users.0").id == 1)
    }
}

private struct LocatedModel: Mappable {
    var id = 0
    var a = 0
    var b: [Int] = []
    var c = ""
}
