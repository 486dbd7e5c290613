import Foundation
import Observation
import ReflectMap
import Testing

// Property wrappers as today's models use them: a user's Codable wrapper, a BetterCodable-style
// defaulting wrapper, a user's wrapper that is not Codable (with the one-line conformance), wrappers
// composed with ReflectMap's own, and a wrapper in an @Observable class.

@propertyWrapper struct Trimmed: Codable, Equatable {
    var wrappedValue: String
    init(wrappedValue: String) { self.wrappedValue = wrappedValue.trimmingCharacters(in: .whitespaces) }
    init(from decoder: Decoder) throws {
        self.init(wrappedValue: try decoder.singleValueContainer().decode(String.self))
    }
    func encode(to encoder: Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(wrappedValue) }
}

final class TrimmedProfile: Mappable {
    @Trimmed var name = ""
    var other = 0
    required init() {}
}

/// BetterCodable's `@DefaultEmptyArray`, as it is written there: `null` or a bad value gives `[]`.
@propertyWrapper struct DefaultEmptyArray<Element: Codable>: Codable {
    var wrappedValue: [Element]
    init(wrappedValue: [Element] = []) { self.wrappedValue = wrappedValue }
    init(from decoder: Decoder) throws {
        wrappedValue = (try? decoder.singleValueContainer().decode([Element].self)) ?? []
    }
    func encode(to encoder: Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(wrappedValue) }
}

struct Feed: Mappable {
    @DefaultEmptyArray var tags: [String]
    var title = ""
}

/// A user's wrapper that is not Codable: it clamps, and keeps its value in a stored property.
@propertyWrapper struct Clamped {
    private var value: Int
    var wrappedValue: Int {
        get { value }
        set { value = min(max(newValue, 0), 100) }
    }
    init(wrappedValue: Int) { value = min(max(wrappedValue, 0), 100) }
}
extension Clamped: JSONPropertyWrapper { var jsonWrappedValue: Int { wrappedValue } }

/// A user's wrapper with a stored `wrappedValue`, neither Codable nor conformed.
@propertyWrapper struct Uppercased {
    var wrappedValue: String
}

struct Volume: Mappable {
    @Clamped var level = 50
    @Clamped var peakLevel = 0
    var label = ""
}

struct UnconformedWrapperModel: Mappable {
    @Uppercased var displayName = ""
}

/// A wrapper of an optional, conformed; its `nil` is left out when writing, as an optional's is.
@propertyWrapper struct Logged<Value> {
    var wrappedValue: Value
}
extension Logged: JSONPropertyWrapper { var jsonWrappedValue: Value { wrappedValue } }

struct Session: Mappable {
    @Logged var token: String? = nil
    @Logged var userId = 0
}

/// A plain property whose name really starts with an underscore keeps its key.
struct MongoDocument: Mappable {
    var _id = ""
    var _links = MongoLinks()
    var title = ""
}

struct MongoLinks: Mappable, Codable {
    var href = ""
}

/// ReflectMap's own wrappers around a user's: the outer one names the key.
struct Composed: Mappable {
    @JSONKey("display_name", alternates: "name") var displayName = Trimmed(wrappedValue: "")
    @JSONKey("level") var volume = Clamped(wrappedValue: 0)
}

@Observable
final class ObservedAccount: Mappable {
    var email = ""
    @ObservationIgnored @Trimmed var nickname = ""
    @ObservationIgnored @Clamped var karma = 0
    required init() {}
}

@Suite("Property wrappers")
struct PropertyWrapperTests {
    let trimmedInput = json(#"{"name": "  x  ", "other": 1}"#)

    @Test("A Codable wrapper reads and writes the key of the property it wraps, on both routes")
    func codableWrapperUsesThePropertyName() throws {
        for mode in [MappingMode.lenient, .strict] {
            let mapper = JSONMapper(mode: mode)
            let (profile, report) = try mapper.mapWithReport(TrimmedProfile.self, from: trimmedInput)
            #expect(profile.name == "x")
            #expect(profile.other == 1)
            #expect(report.isClean)
            let fromTree = try mapper.map(TrimmedProfile.self, fromJSONObject: try jsonObject(trimmedInput))
            #expect(fromTree.name == "x")
            #expect(String(decoding: try mapper.data(from: profile), as: UTF8.self) == #"{"name":"x","other":1}"#)
            let routes = bothRoutes(TrimmedProfile.self, trimmedInput, mapper)
            #expect(routes.bytes == routes.dictionary)
        }
    }

    @Test("A wrapped property's key follows the key translator, in reports and in error paths")
    func wrappedKeysFollowTheTranslator() throws {
        let mapper = JSONMapper(keyTranslator: .snakeCase)
        let (volume, report) = try mapper.mapWithReport(Volume.self, from: json(#"{"peak_level": 250, "label": "a"}"#))
        #expect(volume.peakLevel == 100)
        #expect(volume.level == 50)
        #expect(report.unfilledProperties == ["level"])
        #expect(
            String(decoding: try mapper.data(from: volume), as: UTF8.self)
                == #"{"label":"a","level":50,"peak_level":100}"#)

        let error = mappingError {
            _ = try JSONMapper(keyTranslator: .snakeCase, mode: .strict).map(
                Volume.self, from: json(#"{"level": 1, "peak_level": "high", "label": ""}"#))
        }
        #expect(error?.path == "peak_level")
        #expect(error?.kind == .typeMismatch(expected: "Int", found: #"a string "high""#))
    }

    @Test("A conformed wrapper's value gets lenient coercions and reports, and strict mode refuses them")
    func conformedWrapperFollowsTheModes() throws {
        let input = json(#"{"level": "70", "peakLevel": 5, "label": "x"}"#)
        let (volume, report) = try JSONMapper().mapWithReport(Volume.self, from: input)
        #expect(volume.level == 70)
        #expect(report.coercions.map(\.path) == ["level"])
        let routes = bothRoutes(Volume.self, input, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
        let strict = bothRoutes(Volume.self, input, JSONMapper(mode: .strict))
        #expect(strict.bytes == .failed(kind: .typeMismatch(expected: "Int", found: #"a string "70""#), path: "level"))
        #expect(strict.bytes == strict.dictionary)
    }

    @Test("A BetterCodable-style defaulting wrapper gives its default for null, and maps a present array")
    func defaultingWrapperKeepsItsDefault() throws {
        let mapper = JSONMapper()
        let present = try mapper.map(Feed.self, from: json(#"{"tags": ["a", "b"], "title": "t"}"#))
        #expect(present.tags == ["a", "b"])
        let null = try mapper.map(Feed.self, from: json(#"{"tags": null, "title": "t"}"#))
        #expect(null.tags == [])
        let (missing, report) = try mapper.mapWithReport(Feed.self, from: json(#"{"title": "t"}"#))
        #expect(missing.tags == [])
        #expect(report.unfilledProperties == ["tags"])
        #expect(String(decoding: try mapper.data(from: present), as: UTF8.self) == #"{"tags":["a","b"],"title":"t"}"#)
        // What JSONDecoder makes of the same bytes, through the wrapper's own init(from:).
        struct CodableFeed: Codable { @DefaultEmptyArray var tags: [String]; var title = "" }
        #expect(try JSONDecoder().decode(CodableFeed.self, from: try mapper.data(from: present)).tags == ["a", "b"])
        #expect(try JSONDecoder().decode(CodableFeed.self, from: json(#"{"tags": null, "title": "t"}"#)).tags == [])
    }

    @Test("An optional inside a conformed wrapper may be missing in strict mode, and its nil is left out")
    func wrappedOptionalBehavesAsAnOptional() throws {
        let session = try JSONMapper(mode: .strict).map(Session.self, from: json(#"{"userId": 7}"#))
        #expect(session.token == nil)
        #expect(session.userId == 7)
        #expect(String(decoding: try JSONMapper().data(from: session), as: UTF8.self) == #"{"userId":7}"#)
        let withToken = try JSONMapper(mode: .strict).map(Session.self, from: json(#"{"token": "t", "userId": 7}"#))
        #expect(withToken.token == "t")
    }

    @Test("A wrapper that is neither Codable nor conformed is an error naming the property as written")
    func unsupportedWrapperNamesTheProperty() throws {
        let error = mappingError { _ = try JSONMapper().map(UnconformedWrapperModel.self, from: json("{}")) }
        guard case .unsupportedType(let type, let property) = error?.kind else {
            Issue.record("expected unsupportedType, got \(String(describing: error))")
            return
        }
        #expect(property == "UnconformedWrapperModel.displayName")
        #expect(type.contains("Uppercased"))
        #expect(type.contains("JSONPropertyWrapper"))
    }

    @Test("A plain property named with a leading underscore keeps its key")
    func underscoredPlainPropertiesKeepTheirKeys() throws {
        let input = json(#"{"_id": "5f1", "_links": {"href": "/a"}, "title": "t"}"#)
        for mode in [MappingMode.lenient, .strict] {
            let (document, report) = try JSONMapper(mode: mode).mapWithReport(MongoDocument.self, from: input)
            #expect(document._id == "5f1")
            #expect(document._links.href == "/a")
            #expect(report.isClean)
        }
        let document = try JSONMapper(keyTranslator: .snakeCase).map(MongoDocument.self, from: input)
        #expect(
            String(decoding: try JSONMapper().data(from: document), as: UTF8.self)
                == #"{"_id":"5f1","_links":{"href":"/a"},"title":"t"}"#)
    }

    @Test("@JSONKey around a user's wrapper names the key, and the inner wrapper maps its value")
    func jsonKeyComposesWithAUsersWrapper() throws {
        let input = json(#"{"name": "  Ada ", "level": 300}"#)
        let composed = try JSONMapper().map(Composed.self, from: input)
        #expect(composed.displayName.wrappedValue == "Ada")
        #expect(composed.volume.wrappedValue == 100)
        #expect(
            String(decoding: try JSONMapper().data(from: composed), as: UTF8.self)
                == #"{"display_name":"Ada","level":100}"#)
        let routes = bothRoutes(Composed.self, input, JSONMapper(mode: .strict))
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("Wrappers in an @Observable class map under their property names, next to tracked properties")
    func wrappersUnderObservable() throws {
        let input = json(#"{"email": "a@b.c", "nickname": " ada ", "karma": -4}"#)
        let (account, report) = try JSONMapper(mode: .strict).mapWithReport(ObservedAccount.self, from: input)
        #expect(account.email == "a@b.c")
        #expect(account.nickname == "ada")
        #expect(account.karma == 0)
        #expect(report.isClean)
        #expect(
            String(decoding: try JSONMapper().data(from: account), as: UTF8.self)
                == #"{"email":"a@b.c","karma":0,"nickname":"ada"}"#)
        let routes = bothRoutes(ObservedAccount.self, input, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("A round trip through data(from:) gives the same model back, for every wrapper kind")
    func wrappersRoundTrip() throws {
        let mapper = JSONMapper()
        let volume = try mapper.map(Volume.self, from: json(#"{"level": 30, "peakLevel": 90, "label": "x"}"#))
        let again = try mapper.map(Volume.self, from: try mapper.data(from: volume))
        #expect(again.level == 30 && again.peakLevel == 90 && again.label == "x")
        let profile = try mapper.map(TrimmedProfile.self, from: trimmedInput)
        let profileAgain = try mapper.map(TrimmedProfile.self, from: try mapper.data(from: profile))
        #expect(profileAgain.name == "x" && profileAgain.other == 1)
        let feed = try mapper.map(Feed.self, from: json(#"{"tags": ["a"]}"#))
        #expect(try mapper.map(Feed.self, from: try mapper.data(from: feed)).tags == ["a"])
    }
}
