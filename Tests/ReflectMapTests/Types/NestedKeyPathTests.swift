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

/// A GeoJSON point: its coordinates are an array, `[longitude, latitude, altitude?]`.
struct GeoPlace: Mappable {
    var name = ""
    @JSONKey(path: "geometry.coordinates.0") var longitude = 0.0
    @JSONKey(path: "geometry.coordinates.1") var latitude = 0.0
    @JSONKey(path: "geometry.coordinates.2") var altitude: Double?
}

@Suite("A numeric step of a path key indexes an array, as every key path's does")
struct IndexedPathKeyTests {
    let point = json(#"{"name": "Gate", "geometry": {"type": "Point", "coordinates": [13.4, 52.5]}}"#)

    @Test("Each element fills the property whose step is its index, on the byte route as on a tree")
    func elementsFillTheirProperties() throws {
        let place = try JSONMapper().map(GeoPlace.self, from: point)
        #expect(place.longitude == 13.4 && place.latitude == 52.5 && place.altitude == nil)
        let routes = bothRoutes(GeoPlace.self, point, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
        // The same steps taken by map(_:from:at:) find the same element.
        struct Latitude: Mappable {
            @JSONKey(path: "coordinates.1") var value = 0.0
        }
        #expect(try JSONMapper().map(Latitude.self, from: point, at: "geometry").value == place.latitude)
    }

    @Test("The last index a key names is read, and one past it is a missing key, reported or thrown")
    func bothSidesOfTheLastIndex() throws {
        let inside = json(#"{"name": "Peak", "geometry": {"coordinates": [7.6, 45.9, 4478]}}"#)
        #expect(try JSONMapper(mode: .strict).map(GeoPlace.self, from: inside).altitude == 4478)
        struct Pair: Mappable {
            @JSONKey(path: "values.0") var first = 0
            @JSONKey(path: "values.1") var second = 0
        }
        let short = json(#"{"values": [1]}"#)
        let (pair, report) = try JSONMapper().mapWithReport(Pair.self, from: short)
        #expect(pair.first == 1 && pair.second == 0)
        #expect(report.unfilledProperties == ["values.1"])
        let error = mappingError { _ = try JSONMapper(mode: .strict).map(Pair.self, from: short) }
        #expect(error?.kind == .missingKey(expected: "Int"))
        #expect(error?.path == "values.1")
        let routes = bothRoutes(Pair.self, short, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("Elements no key indexes are skipped and reported as unmapped, with their index")
    func unindexedElementsAreReported() throws {
        let longer = json(#"{"name": "Gate", "geometry": {"coordinates": [13.4, 52.5, 34, {"x": [1]}]}}"#)
        let (place, report) = try JSONMapper().mapWithReport(GeoPlace.self, from: longer)
        #expect(place.altitude == 34)
        #expect(report.unmappedKeys.contains("geometry.coordinates[3]"))
        let routes = bothRoutes(GeoPlace.self, longer, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("A numeric step still names an object's member, and any other step meeting an array is missing")
    func numericStepsInObjectsAndOtherStepsInArrays() throws {
        let keyed = json(#"{"geometry": {"coordinates": {"0": 1.5, "1": 2.5}}}"#)
        let place = try JSONMapper().map(GeoPlace.self, from: keyed)
        #expect(place.longitude == 1.5 && place.latitude == 2.5)
        struct Named: Mappable {
            @JSONKey(path: "items.first") var first = ""
        }
        let (named, report) = try JSONMapper().mapWithReport(Named.self, from: json(#"{"items": ["a"]}"#))
        #expect(named.first == "")
        #expect(report.unfilledProperties == ["items.first"])
    }

    @Test("An element that is an object is read through the next steps, and a wrong element type is an error there")
    func stepsContinueIntoElements() throws {
        struct Feed: Mappable {
            @JSONKey(path: "items.0.id") var firstID = 0
            @JSONKey(path: "items.1.id") var secondID = 0
        }
        let feed = try JSONMapper().map(Feed.self, from: json(#"{"items": [{"id": 7}, {"id": 9, "x": 1}]}"#))
        #expect(feed.firstID == 7 && feed.secondID == 9)
        let error = mappingError {
            _ = try JSONMapper(mode: .strict).map(Feed.self, from: json(#"{"items": [{"id": 7}, {"id": "nine"}]}"#))
        }
        #expect(error?.path == "items[1].id")
    }

    @Test("Writing makes an array when the steps are exactly 0, 1, …, with null keeping an absent optional's place")
    func writesAnArrayForDenseIndices() throws {
        var place = try JSONMapper().map(GeoPlace.self, from: point)
        let written = try JSONMapper().string(from: place)
        #expect(written == #"{"geometry":{"coordinates":[13.4,52.5,null]},"name":"Gate"}"#)
        #expect(try JSONMapper().map(GeoPlace.self, from: written).latitude == 52.5)
        place.altitude = 35
        #expect(try JSONMapper().string(from: place).contains(#""coordinates":[13.4,52.5,35.0]"#))
    }

    @Test("Steps that leave a gap, or do not start at 0, write an object's members that read back")
    func writesAnObjectForOtherIndices() throws {
        struct Gap: Mappable {
            @JSONKey(path: "v.0") var a = 1
            @JSONKey(path: "v.2") var c = 3
        }
        struct Second: Mappable {
            @JSONKey(path: "v.1") var b = 2
        }
        #expect(try JSONMapper().string(from: Gap()) == #"{"v":{"0":1,"2":3}}"#)
        #expect(try JSONMapper().string(from: Second()) == #"{"v":{"1":2}}"#)
        let read = try JSONMapper().map(Gap.self, from: #"{"v": {"0": 5, "2": 6}}"#)
        #expect(read.a == 5 && read.c == 6)
        let fromArray = try JSONMapper().map(Gap.self, from: #"{"v": [5, 0, 6]}"#)
        #expect(fromArray.a == 5 && fromArray.c == 6)
    }
}
