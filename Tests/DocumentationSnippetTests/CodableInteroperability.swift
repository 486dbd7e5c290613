// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

/// The Codable Interoperability article.
enum CodableInteroperability {
    struct GeoPoint: Codable, Equatable, Sendable {
        var lat: Double
        var lng: Double

        enum CodingKeys: String, CodingKey {
            case lat = "latitude", lng = "longitude"
        }
    }

    struct Place: Mappable {
        var name = ""
        var point = GeoPoint(lat: 0, lng: 0)
        var window = DateInterval(start: Date(timeIntervalSince1970: 0), duration: 0)
    }

    struct Account: MappableCodable {
        var id = 0
        @JSONKey("user_name") var name = ""
        var emailAddress = ""
        var tags: Set<String> = []
    }
}

@Suite("Codable Interoperability article")
struct CodableInteroperabilitySnippets {
    typealias Account = CodableInteroperability.Account

    @Test("A Codable property maps through its own CodingKeys")
    func codableProperty() throws {
        let place = try JSONMapper().map(CodableInteroperability.Place.self, from: json("""
        {"name": "Pier", "point": {"latitude": 1.5, "longitude": 2}, "window": {"start": "2024-01-01T00:00:00Z", "duration": 60}}
        """))
        #expect(place.point == CodableInteroperability.GeoPoint(lat: 1.5, lng: 2) && place.window.duration == 60)
    }

    @Test("A MappableCodable model decodes and encodes with the mapper in userInfo")
    func mappableCodable() throws {
        let decoder = JSONDecoder()
        decoder.userInfo[.jsonMapper] = JSONMapper(keyTranslator: .snakeCase)
        let account = try decoder.decode(Account.self, from: Data(#"{"id": 1, "user_name": "ada", "email_address": "a@b.c"}"#.utf8))

        let encoder = JSONEncoder()
        encoder.userInfo[.jsonMapper] = JSONMapper(keyTranslator: .snakeCase)
        let encoded = try encoder.encode(account)
        #expect(account.name == "ada" && account.emailAddress == "a@b.c")
        #expect(try JSONValue(parsing: encoded)["email_address"] == .string("a@b.c"))
    }
}
