// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

/// The Dates, Numbers and Raw JSON article.
enum DatesNumbersAndRawJSON {
    struct Post: Mappable {
        var title = ""
        var publishedAt = Date(timeIntervalSince1970: 0)
        var editedAt: Date?
    }

    struct Measurement: Mappable {
        var id: UInt64 = 0
        var ratio = 0.0
        var price: Decimal = 0
        var small: Int8 = 0
    }

    struct Webhook: Mappable {
        var event = ""
        var payload: JSONValue = .null
        var headers: [String: Any] = [:]
    }
}

@Suite("Dates, Numbers and Raw JSON article")
struct DatesNumbersAndRawJSONSnippets {
    typealias Post = DatesNumbersAndRawJSON.Post
    typealias Webhook = DatesNumbersAndRawJSON.Webhook

    @Test("A date strategy reads seconds since 1970")
    func dates() throws {
        let epoch = JSONMapper(keyTranslator: .snakeCase, dateStrategy: .secondsSince1970)
        let post = try epoch.map(Post.self, from: Data(#"{"title": "Hi", "published_at": 1714566600}"#.utf8))
        #expect(post.publishedAt == Date(timeIntervalSince1970: 1_714_566_600) && post.editedAt == nil)
    }

    @Test("Numbers are exact, and one that does not fit keeps the default")
    func numbers() throws {
        let value = try JSONMapper().map(DatesNumbersAndRawJSON.Measurement.self, from: json("""
        {"id": 18446744073709551615, "ratio": 0.1, "price": 12345678901234567890.123, "small": 300}
        """))
        #expect(value.id == UInt64.max && value.ratio == 0.1 && value.small == 0)
        #expect(value.price == Decimal(string: "12345678901234567890.123"))
    }

    @Test("A JSONValue property holds free-form JSON")
    func rawJSON() throws {
        let hook = try JSONMapper().map(Webhook.self, from: Data(#"{"event": "push", "payload": {"ref": "main", "size": 3}}"#.utf8))
        if case .string(let ref)? = hook.payload["ref"] {
            print(ref)   // main
        }
        #expect(hook.payload["size"] == .number(.integer(3)))
    }
}
