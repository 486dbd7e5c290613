import Foundation
import ReflectMap
import Testing

/// A Codable struct from "another library", with its own coding keys.
struct GeoPoint: Codable, Equatable, Sendable {
    var lat: Double
    var lng: Double
    var label: String?

    enum CodingKeys: String, CodingKey {
        case lat = "latitude", lng = "longitude", label
    }
}

/// An enum with associated values: synthesized Codable.
enum Outline: Codable, Equatable, Sendable {
    case circle(radius: Double)
    case square(side: Double)
}

/// A Codable type with a date inside, which follows the mapper's date strategy.
struct Stamp: Codable, Equatable, Sendable {
    var at: Date
}

struct Place: Mappable {
    var name = ""
    var point = GeoPoint(lat: 0, lng: 0)
    var outline: Outline = .circle(radius: 0)
    var extras: [Outline] = []
    var window = DateInterval(start: Date(timeIntervalSince1970: 0), duration: 0)
    var stamp: Stamp?
}

struct CodableAccount: MappableCodable, Equatable {
    var id = 0
    @JSONKey("user_name") var name = ""
    var emailAddress = ""
    var tags: Set<String> = []
    var createdAt = Date(timeIntervalSince1970: 0)
}

@Suite("Codable interop")
struct CodableInteropTests {
    @Test(
        "A Codable property from another library, an enum with associated values and a Foundation type map through Codable"
    )
    func codablePropertiesMap() throws {
        let data = json(
            """
            {"name": "Pier", "point": {"latitude": 1.5, "longitude": -2.25, "label": "gate"},
             "outline": {"square": {"side": 3}}, "extras": [{"circle": {"radius": 1}}],
             "window": {"start": "2024-01-01T00:00:00Z", "duration": 60}, "stamp": {"at": "2024-05-01T12:30:00Z"}}
            """)
        let place = try JSONMapper().map(Place.self, from: data)
        #expect(place.point == GeoPoint(lat: 1.5, lng: -2.25, label: "gate"))
        #expect(place.outline == .square(side: 3))
        #expect(place.extras == [.circle(radius: 1)])
        #expect(place.window.duration == 60)
        #expect(place.window.start == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(place.stamp?.at == Date(timeIntervalSince1970: 1_714_566_600))
        #expect(try JSONValue(parsing: JSONMapper().data(from: place)) == JSONValue(parsing: data))
        let routes = bothRoutes(Place.self, data, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("Dates inside Codable properties follow the mapper's date strategy, both ways")
    func codableDatesFollowTheStrategy() throws {
        let mapper = JSONMapper(dateStrategy: .secondsSince1970)
        let place = try mapper.map(Place.self, from: json(#"{"stamp": {"at": 1700000000}}"#))
        #expect(place.stamp?.at == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(
            try JSONValue(parsing: mapper.data(from: place))["stamp"]
                == .object(["at": .number(.integer(1_700_000_000))]))
    }

    @Test("A Codable value that does not decode is refused with the decoder's reason and the path")
    func codableFailureHasPath() throws {
        struct Pin: Mappable { var point = GeoPoint(lat: 0, lng: 0) }
        let strict = JSONMapper(mode: .strict)
        let error = mappingError { _ = try strict.map(Pin.self, from: json(#"{"point": {"latitude": 1}}"#)) }
        #expect(error?.path == "point")
        if case .rejected(let type, let reason)? = error?.kind {
            #expect(type == "GeoPoint")
            #expect(reason.contains("longitude"))
        } else {
            Issue.record("expected rejected, got \(String(describing: error))")
        }
        let (place, report) = try JSONMapper().mapWithReport(
            Place.self, from: json(#"{"point": {"latitude": 1}, "name": "x"}"#))
        #expect(place.name == "x" && place.point == GeoPoint(lat: 0, lng: 0))
        #expect(report.skipped.map(\.path) == ["point"])
    }

    @Test("JSONDecoder and JSONEncoder accept a MappableCodable model, with ReflectMap's keys, defaults and leniency")
    func mappableCodableWithFoundationCoders() throws {
        let data = json(
            #"{"id": "12", "user_name": "ada", "tags": ["a", "b", "a"], "createdAt": "2024-05-01T12:30:00Z"}"#)
        let account = try JSONDecoder().decode(CodableAccount.self, from: data)
        #expect(account.id == 12)
        #expect(account.name == "ada")
        #expect(account.emailAddress == "")
        #expect(account.tags == ["a", "b"])
        #expect(account.createdAt == Date(timeIntervalSince1970: 1_714_566_600))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = try encoder.encode(account)
        #expect(try JSONDecoder().decode(CodableAccount.self, from: written) == account)
        #expect(try JSONValue(parsing: written)["user_name"] == .string("ada"))
        // Inside other Codable types too.
        let list = try JSONDecoder().decode([CodableAccount].self, from: json(#"[{"id": 1}, {"id": 2}]"#))
        #expect(list.map(\.id) == [1, 2])
    }

    @Test("A mapper in the coder's userInfo sets the rules; a mapping error reaches Codable as dataCorrupted")
    func mappableCodableUsesTheMapperInUserInfo() throws {
        let decoder = JSONDecoder()
        decoder.userInfo[.jsonMapper] = JSONMapper(keyTranslator: .snakeCase, mode: .strict)
        let account = try decoder.decode(
            CodableAccount.self,
            from: json(
                #"{"id": 3, "user_name": "b", "email_address": "b@x", "tags": [], "created_at": "2024-05-01T12:30:00Z"}"#
            ))
        #expect(account.emailAddress == "b@x")
        do {
            _ = try decoder.decode(CodableAccount.self, from: json(#"{"id": "3"}"#))
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect((context.underlyingError as? MappingError)?.path == "id")
        }
    }
}
