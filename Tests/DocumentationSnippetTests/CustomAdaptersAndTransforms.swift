// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

/// The Custom Adapters and Transforms article.
enum CustomAdaptersAndTransforms {
    struct Event: Mappable {
        @JSONTransform(SecondsSince1970()) var createdAt = Date(timeIntervalSince1970: 0)
        @JSONTransform(MillisecondsSince1970(), key: "updated") var updatedAt = Date(timeIntervalSince1970: 0)
        @JSONTransform(DateFormat("yyyy-MM-dd")) var day = Date(timeIntervalSince1970: 0)
        @JSONTransform(SecondsSince1970()) var deletedAt: Date?
        @JSONTransform(NumberAsString<Int64>()) var id: Int64 = 0
        @JSONTransform(LossyArray<Int>()) var scores: [Int] = []
    }
}

@Suite("Custom Adapters and Transforms article")
struct CustomAdaptersAndTransformsSnippets {
    @Test("A registered adapter reads and writes its type in plain and array properties")
    func registeredAdapter() throws {
        struct Money: Equatable, Sendable {
            var cents = 0
            var currency = "USD"
        }

        struct MoneyAdapter: JSONAdapter {
            struct NotMoney: Error {}

            func read(_ json: JSONValue) throws -> Money {
                guard case .string(let text) = json else { throw NotMoney() }
                let parts = text.split(separator: " ")
                guard parts.count == 2, let cents = Int(parts[0].replacingOccurrences(of: ".", with: "")) else {
                    throw NotMoney()
                }
                return Money(cents: cents, currency: String(parts[1]))
            }

            func write(_ value: Money) throws -> JSONValue {
                .string("\(value.cents / 100).\(String(format: "%02d", value.cents % 100)) \(value.currency)")
            }
        }

        struct Invoice: Mappable {
            var total = Money()
            var lines: [Money] = []
        }

        let mapper = JSONMapper(adapters: [MoneyAdapter()])
        let invoice = try mapper.map(Invoice.self, from: Data(#"{"total": "12.30 USD", "lines": ["12.30 USD"]}"#.utf8))
        #expect(invoice.total == Money(cents: 1230, currency: "USD") && invoice.lines == [invoice.total])
        #expect(String(decoding: try mapper.data(from: invoice), as: UTF8.self) == #"{"lines":["12.30 USD"],"total":"12.30 USD"}"#)
    }

    @Test("The built-in transforms read dates, numbers in strings and lossy arrays")
    func builtInTransforms() throws {
        let event = try JSONMapper(keyTranslator: .snakeCase).map(CustomAdaptersAndTransforms.Event.self, from: json("""
        {"created_at": 10, "updated": 20000, "day": "2024-05-01", "deleted_at": null, "id": "9007199254740993",
         "scores": [1, "x", 3]}
        """))
        #expect(event.createdAt == Date(timeIntervalSince1970: 10) && event.updatedAt == Date(timeIntervalSince1970: 20))
        #expect(event.day == Date(timeIntervalSince1970: 1_714_521_600) && event.deletedAt == nil)
        #expect(event.id == 9_007_199_254_740_993 && event.scores == [1, 3])
    }

    @Test("EmbeddedJSON maps JSON text inside a string, and writes it back as a string")
    func embeddedJSON() throws {
        struct Preferences: Mappable {
            var theme = "light"
            var beta = false
        }

        struct Account: Mappable {
            var id = 0
            @JSONTransform(EmbeddedJSON<Preferences>()) var extra = Preferences()
            @JSONTransform(EmbeddedJSON<[String: Int]>()) var limits: [String: Int] = [:]
        }

        let account = try JSONMapper().map(Account.self, from: Data(#"""
            {"id": 7, "extra": "{\"theme\":\"dark\",\"beta\":true}", "limits": "{\"daily\": 5}"}
            """#.utf8))
        let body = try JSONMapper().data(from: account)   // "extra":"{\"beta\":true,\"theme\":\"dark\"}", …
        #expect(account.extra.theme == "dark" && account.extra.beta && account.limits == ["daily": 5])
        #expect(try JSONValue(parsing: body)["extra"] == .string(#"{"beta":true,"theme":"dark"}"#))
    }
}
