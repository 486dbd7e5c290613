// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

#if canImport(Combine)
import Combine
#endif

/// The Property Wrappers and Foundation Types article.
enum PropertyWrappersAndFoundationTypes {
    enum CodableWrappers {
        static func map() throws -> (name: String, json: String) {
            @propertyWrapper nonisolated struct Trimmed: Codable {
                var wrappedValue: String
                init(wrappedValue: String) { self.wrappedValue = wrappedValue.trimmingCharacters(in: .whitespaces) }
                init(from decoder: Decoder) throws { self.init(wrappedValue: try decoder.singleValueContainer().decode(String.self)) }
                func encode(to encoder: Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(wrappedValue) }
            }

            final class Profile: Mappable {
                @Trimmed var name = ""
                var other = 0
                required init() {}
            }

            let profile = try JSONMapper().map(Profile.self, from: Data(#"{"name": "  x  ", "other": 1}"#.utf8))
            // profile.name == "x"; written back as {"name":"x","other":1}
            return (profile.name, String(decoding: try JSONMapper().data(from: profile), as: UTF8.self))
        }
    }

    /// The article's `Trimmed`, for `Member`.
    @propertyWrapper nonisolated struct Trimmed: Codable {
        var wrappedValue: String
        init(wrappedValue: String) { self.wrappedValue = wrappedValue.trimmingCharacters(in: .whitespaces) }
        init(from decoder: Decoder) throws { self.init(wrappedValue: try decoder.singleValueContainer().decode(String.self)) }
        func encode(to encoder: Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(wrappedValue) }
    }

    struct Member: Mappable {
        @JSONKey("display_name", alternates: "name") @Trimmed var displayName = ""
        @JSONIgnored @Clamped var localScore = 0
    }

    final class LegacyItem: Mappable {
        var id: NSNumber = 0
        var score: NSNumber?
        var title: NSString?
        var tags: NSArray?
        var meta: NSDictionary?
        var link: NSURL?
        required init() {}
    }
}

@propertyWrapper nonisolated struct Clamped {
    var wrappedValue: Int {
        didSet { if !(0...100).contains(wrappedValue) { wrappedValue = min(max(wrappedValue, 0), 100) } }
    }
    init(wrappedValue: Int) { self.wrappedValue = min(max(wrappedValue, 0), 100) }
}

nonisolated extension Clamped: JSONPropertyWrapper { var jsonWrappedValue: Int { wrappedValue } }

struct Volume: Mappable {
    @Clamped var level = 50
}

#if canImport(Combine)
nonisolated extension Published: @retroactive JSONPropertyWrapper {
    public var jsonWrappedValue: Value {
        var copy = self
        var current: Value?
        _ = copy.projectedValue.sink { current = $0 }
        guard let current else { preconditionFailure("a Published publisher replays its value") }
        return current
    }
}
#endif

@Suite("Article: Property Wrappers and Foundation Types")
struct PropertyWrappersAndFoundationTypesSnippets {
    typealias Article = PropertyWrappersAndFoundationTypes

    @Test("A Codable wrapper maps under the property's name")
    func codableWrapper() throws {
        let (name, written) = try Article.CodableWrappers.map()
        #expect(name == "x")
        #expect(written == #"{"name":"x","other":1}"#)
    }

    @Test("A conformed wrapper clamps what the JSON holds")
    func conformedWrapper() throws {
        #expect(try JSONMapper().map(Volume.self, from: Data(#"{"level": 300}"#.utf8)).level == 100)
    }

    @Test("@JSONKey renames a wrapped property and @JSONIgnored leaves one out")
    func composition() throws {
        let member = try JSONMapper().map(Article.Member.self, from: Data(#"{"name": " Ada ", "localScore": 5}"#.utf8))
        #expect(member.displayName == "Ada")
        #expect(member.localScore == 0)
        #expect(String(decoding: try JSONMapper().data(from: member), as: UTF8.self) == #"{"display_name":"Ada"}"#)
    }

    @Test("Foundation types map as their Swift counterparts")
    func foundationTypes() throws {
        let item = try JSONMapper().map(
            Article.LegacyItem.self,
            from: Data(#"{"id": 505874924095815681, "title": "t", "tags": [1], "meta": {"a": true}, "link": "https://a.b"}"#.utf8)
        )
        #expect(item.id.int64Value == 505874924095815681)
        #expect(item.title == "t")
        #expect(item.tags?.count == 1)
        #expect(item.link?.absoluteString == "https://a.b")
    }
}
