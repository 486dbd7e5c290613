import Foundation
import ReflectMap
import Testing

// Cases from ObjectMapper's nested-key tests (`map["location.lat"]`).

struct Venue: Mappable {
    var name = ""
    @JSONKey(path: "location.lat") var latitude = 0.0
    @JSONKey(path: "location.lng") var longitude = 0.0
    @JSONKey(path: "meta.address.city", alternates: "city") var city = ""
    @JSONKey(path: "meta.address.zip") var zip: String?
    @JSONKey("dotted.key") var literal = 0
}

@Suite("Nested key paths")
struct NestedKeyPathTests {
    let data = json(
        """
        {"name": "Hall", "location": {"lat": 52.5, "lng": 13.4}, "meta": {"address": {"city": "Berlin", "zip": "10115"}},
         "dotted.key": 5}
        """)

    @Test("A path reads through nested objects; a dotted key without path: stays one literal key")
    func readsThroughNestedObjects() throws {
        let venue = try JSONMapper(mode: .strict).map(Venue.self, from: data)
        #expect(venue.latitude == 52.5 && venue.longitude == 13.4)
        #expect(venue.city == "Berlin" && venue.zip == "10115")
        #expect(venue.literal == 5)
    }

    @Test("Writing creates the nested objects and merges properties that share a prefix")
    func writesNestedObjects() throws {
        let venue = try JSONMapper().map(Venue.self, from: data)
        let written = try JSONMapper().data(from: venue)
        #expect(
            String(decoding: written, as: UTF8.self)
                == #"{"dotted.key":5,"location":{"lat":52.5,"lng":13.4},"meta":{"address":{"city":"Berlin","zip":"10115"}},"name":"Hall"}"#
        )
        #expect(try JSONMapper().map(Venue.self, from: written).city == "Berlin")
        // An absent optional leaves its member out, and a group with nothing in it goes too.
        var bare = Venue()
        bare.city = "Rome"
        #expect(
            String(decoding: try JSONMapper().data(from: bare), as: UTF8.self).contains(
                #""meta":{"address":{"city":"Rome"}}"#))
    }

    @Test("A missing step counts as a missing key: reported in lenient mode, an error with the path in strict mode")
    func missingStepIsMissingKey() throws {
        let partial = json(#"{"name": "Hall", "location": {"lat": 1}, "meta": 3, "city": "Oslo", "dotted.key": 0}"#)
        let (venue, report) = try JSONMapper().mapWithReport(Venue.self, from: partial)
        #expect(venue.latitude == 1 && venue.longitude == 0)
        #expect(venue.city == "Oslo")
        #expect(report.unfilledProperties == ["location.lng", "meta.address.zip"])
        let error = mappingError { _ = try JSONMapper(mode: .strict).map(Venue.self, from: partial) }
        #expect(error?.kind == .missingKey(expected: "Double"))
        #expect(error?.path == "location.lng")
        let routes = bothRoutes(Venue.self, partial, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("Alternates are tried in order when the path leads nowhere; the primary path wins when both are there")
    func alternates() throws {
        let both = json(#"{"city": "Alt", "meta": {"address": {"city": "Primary"}}}"#)
        #expect(try JSONMapper().map(Venue.self, from: both).city == "Primary")
        let routes = bothRoutes(Venue.self, both, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("A wrong type at a path's end is reported with the whole path")
    func wrongTypeHasWholePath() throws {
        let (_, report) = try JSONMapper().mapWithReport(Venue.self, from: json(#"{"location": {"lat": "north"}}"#))
        #expect(report.skipped.map(\.path) == ["location.lat"])
    }
}
