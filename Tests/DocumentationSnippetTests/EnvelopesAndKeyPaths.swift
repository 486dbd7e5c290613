// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

/// The Envelopes and Key Paths article.
enum EnvelopesAndKeyPaths {
    struct Venue: Mappable {
        var name = ""
        @JSONKey(path: "location.lat") var latitude = 0.0
        @JSONKey(path: "location.lng") var longitude = 0.0
        @JSONKey(path: "meta.address.city", alternates: "city") var city = ""
        @JSONKey("dotted.key") var literal = 0
    }
}

@Suite("Envelopes and Key Paths article")
struct EnvelopesAndKeyPathsSnippets {
    typealias Venue = EnvelopesAndKeyPaths.Venue

    @Test("A key path unwraps an envelope, and a generic envelope model works too")
    func envelopes() throws {
        struct Book: Mappable {
            var title = ""
            var pages = 0
        }

        struct Envelope<Value: Mappable>: Mappable {
            var data: Value?
            var error: String?
        }

        let body = Data(#"{"data": {"result": [{"title": "Dune", "pages": 412}]}, "error": null}"#.utf8)
        let books = try JSONMapper().map([Book].self, from: body, at: "data.result")
        let first = try JSONMapper().map(Book.self, from: body, at: "data.result.0")
        #expect(books.count == 1 && first.pages == 412)
        struct Result: Mappable { var result: [Book] = [] }
        #expect(try JSONMapper().map(Envelope<Result>.self, from: body).data?.result.first?.title == "Dune")
    }

    @Test("A path key's numeric steps index a GeoJSON point's coordinates, read and written")
    func coordinates() throws {
        struct Place: Mappable {
            var name = ""
            @JSONKey(path: "geometry.coordinates.0") var longitude = 0.0
            @JSONKey(path: "geometry.coordinates.1") var latitude = 0.0
        }

        let place = try JSONMapper().map(
            Place.self, from: #"{"name": "Gate", "geometry": {"type": "Point", "coordinates": [13.4, 52.5]}}"#)
        #expect(place.longitude == 13.4 && place.latitude == 52.5)
        #expect(try JSONMapper().string(from: place) == #"{"geometry":{"coordinates":[13.4,52.5]},"name":"Gate"}"#)
    }

    @Test("An escaped dot is part of a key in a path key")
    func dottedKeys() throws {
        struct Labels: Mappable {
            @JSONKey(path: #"labels.org\.opencontainers\.image\.source"#) var source = ""
        }

        let payload = Data(#"{"package": {"labels": {"org.opencontainers.image.source": "https://example.com/app"}}}"#.utf8)
        let labels = try JSONMapper().map(Labels.self, from: payload, at: "package")
        #expect(labels.source == "https://example.com/app")
    }

    @Test("Path keys read and write nested objects, and update changes only what is present")
    func nestedKeys() throws {
        let venue = try JSONMapper().map(Venue.self, from: json("""
        {"name": "Hall", "location": {"lat": 1, "lng": 2}, "city": "Oslo", "dotted.key": 5}
        """))
        #expect(venue.latitude == 1 && venue.longitude == 2 && venue.city == "Oslo" && venue.literal == 5)
        #expect(try JSONValue(parsing: JSONMapper().data(from: venue))["meta"]?["address"]?["city"] == .string("Oslo"))
    }

    @Test("update(_:from:) changes only the properties whose keys are present")
    func update() throws {
        var venue = Venue()
        venue.name = "Hall"
        try JSONMapper().update(&venue, from: Data(#"{"location": {"lat": 52.5}}"#.utf8))
        #expect(venue.name == "Hall" && venue.latitude == 52.5 && venue.longitude == 0)
    }
}
