import Foundation
import ReflectMap
import Testing

// Models for the real payloads in Fixtures/ (from ../shared/bench-data; see Fixtures/README.md).

final class TwitterSearch: Mappable {
    var statuses: [TwitterStatus] = []
    var searchMetadata = SearchMetadata()
    required init() {}
}

final class SearchMetadata: Mappable {
    var completedIn = 0.0
    var maxID: Int64 = 0
    var maxIDStr = ""
    var query = ""
    var count = 0
    var nextResults: String?
    required init() {}
}

final class TwitterStatus: Mappable {
    var id: Int64 = 0
    var idStr = ""
    var text = ""
    var createdAt = ""
    var source = ""
    var truncated = false
    var inReplyToStatusID: Int64?
    var inReplyToUserID: Int64?
    var inReplyToScreenName: String?
    var user = TwitterUser()
    var entities = Entities()
    var metadata: [String: String] = [:]
    var retweetCount = 0
    var favoriteCount = 0
    var favorited = false
    var retweeted = false
    var lang = ""
    var retweetedStatus: TwitterStatus?
    var geo: Any?
    var coordinates: Any?
    var place: [String: Any]?
    var contributors: [Any]?
    required init() {}
}

final class TwitterUser: Mappable {
    var id: Int64 = 0
    var idStr = ""
    var name = ""
    var screenName = ""
    var location = ""
    var description = ""
    var url: String?
    var followersCount = 0
    var friendsCount = 0
    var listedCount = 0
    var favouritesCount = 0
    var statusesCount = 0
    var createdAt = ""
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled = false
    var verified = false
    var lang = ""
    var profileImageURL: URL?
    var profileBackgroundColor = ""
    var defaultProfile = false
    @JSONKey("protected") var isProtected = false
    required init() {}
}

struct Entities: Mappable {
    var hashtags: [Hashtag] = []
    var urls: [EntityURL] = []
    var userMentions: [Mention] = []
}

struct Hashtag: Mappable {
    var text = ""
    var indices: [Int] = []
}

struct EntityURL: Mappable {
    var url = ""
    var expandedURL: String?
    var indices: [Int] = []
}

struct Mention: Mappable {
    var screenName = ""
    var id: Int64 = 0
    var idStr = ""
}

struct CitmCatalog: Mappable {
    var areaNames: [String: String] = [:]
    var audienceSubCategoryNames: [String: String] = [:]
    var events: [String: CitmEvent] = [:]
    var performances: [Performance] = []
    var seatCategoryNames: [String: String] = [:]
    var subTopicNames: [String: String] = [:]
    var subjectNames: [String: String] = [:]
    var topicNames: [String: String] = [:]
    var topicSubTopics: [String: [Int]] = [:]
    var venueNames: [String: String] = [:]
    var blockNames: [String: String] = [:]
}

struct CitmEvent: Mappable {
    var id = 0
    var name = ""
    var description: String?
    var logo: String?
    var subTopicIds: [Int] = []
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int] = []
}

struct Performance: Mappable {
    var id = 0
    var eventId = 0
    var name: String?
    var logo: String?
    var prices: [Price] = []
    var seatCategories: [SeatCategory] = []
    var seatMapImage: String?
    var start: Int64 = 0
    var venueCode = ""
}

struct Price: Mappable {
    var amount = 0
    var audienceSubCategoryId = 0
    var seatCategoryId = 0
}

struct SeatCategory: Mappable {
    var areas: [Area] = []
    var seatCategoryId = 0
}

struct Area: Mappable {
    var areaId = 0
    var blockIds: [Int] = []
}

struct FeatureCollection: Mappable {
    var type = ""
    var features: [Feature] = []
}

struct Feature: Mappable {
    var type = ""
    var properties: [String: String] = [:]
    var geometry = Geometry()
}

struct Geometry: Mappable {
    var type = ""
    var coordinates: [[[Double]]] = []
}

struct GitHubEvent: Mappable {
    var id = ""
    var type = ""
    var createdAt = Date(timeIntervalSince1970: 0)
    var actor = GitHubActor()
    var repo = GitHubRepo()
    @JSONKey("public") var isPublic = false
    var payload: [String: Any] = [:]
    var org: GitHubActor?
}

struct GitHubActor: Mappable {
    var id = 0
    var login = ""
    var gravatarID = ""
    var avatarURL: URL?
    var url = ""
}

struct GitHubRepo: Mappable {
    var id = 0
    var name = ""
    var url = ""
}

@Suite("Real payloads")
struct RealPayloadTests {
    @Test("twitter.json maps with snake_case keys and exact 64-bit ids")
    func twitter() throws {
        let data = try fixture("twitter")
        let search = try JSONMapper(keyTranslator: .snakeCase).map(TwitterSearch.self, from: data)
        let raw = try #require(try jsonObject(data) as? [String: Any])
        let rawStatuses = try #require(raw["statuses"] as? [[String: Any]])

        #expect(search.statuses.count == rawStatuses.count)
        #expect(search.statuses.count == 100)
        // Independent sums: from JSONSerialization here, and from Python's json module (52184, 7122).
        let followers = rawStatuses.compactMap { ($0["user"] as? [String: Any])?["followers_count"] as? Int }.reduce(
            0, +)
        #expect(search.statuses.map(\.user.followersCount).reduce(0, +) == followers)
        #expect(followers == 52184)
        #expect(search.statuses.map(\.retweetCount).reduce(0, +) == 7122)
        // 64-bit ids survive exactly: each id equals its id_str.
        for status in search.statuses {
            #expect(String(status.id) == status.idStr)
            #expect(String(status.user.id) == status.user.idStr)
        }
        #expect(search.statuses.map(\.id).max() == 505_874_924_095_815_681)
        #expect(search.searchMetadata.maxIDStr == "505874924095815681")
        #expect(search.searchMetadata.count == 100)
        #expect(search.statuses.filter { $0.retweetedStatus != nil }.count == 73)
        #expect(search.statuses.map(\.entities.hashtags.count).reduce(0, +) == 8)
        #expect(search.statuses[0].metadata == ["result_type": "recent", "iso_language_code": "ja"])
    }

    @Test("citm_catalog.json maps dictionaries of models and nulls, in strict mode")
    func citmCatalog() throws {
        let catalog = try JSONMapper(mode: .strict).map(CitmCatalog.self, from: try fixture("citm_catalog"))
        #expect(catalog.events.count == 184)
        #expect(catalog.performances.count == 243)
        #expect(catalog.events["138586341"]?.name == "30th Anniversary Tour")
        #expect(catalog.events["138586341"]?.description == nil)
        #expect(catalog.performances.filter { $0.name == nil }.count == 243)
        #expect(catalog.performances.filter { $0.logo == nil }.count == 135)
        #expect(catalog.performances.flatMap(\.seatCategories).map(\.areas.count).reduce(0, +) == 8685)
        #expect(catalog.performances.flatMap(\.prices).map(\.amount).reduce(0, +) == 42_356_300)
        #expect(catalog.topicSubTopics["107888604"] == [337_184_283, 337_184_267])
    }

    @Test("canada.json maps every [[[Double]]] coordinate to the correctly rounded double")
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)  // Regex
    func canada() throws {
        let data = try fixture("canada")
        let collection = try JSONMapper(mode: .strict).map(FeatureCollection.self, from: data)
        // An independent reference: every `[x,y]` pair in the text, parsed by the standard library
        // (correctly rounded; JSONSerialization here is off by a few ulps on some of these).
        let text = String(decoding: data, as: UTF8.self)
        let pair = try Regex(#"\[(-?[0-9.eE+-]+),(-?[0-9.eE+-]+)\]"#)
        let reference = text.matches(of: pair).map { match in
            [Double(String(text[match.output[1].range!]))!, Double(String(text[match.output[2].range!]))!]
        }
        let rings = collection.features.flatMap(\.geometry.coordinates)
        #expect(rings.count == 480)
        #expect(reference.count == 55563)
        let points = rings.flatMap { $0 }
        #expect(points.count == 55563)
        #expect(points == reference)
        #expect(collection.features[0].properties == ["name": "Canada"])
    }

    @Test("github_events.json maps a top-level array with a raw payload")
    func githubEvents() throws {
        let data = try fixture("github_events")
        let events = try JSONMapper(keyTranslator: .snakeCase).mapArray(GitHubEvent.self, from: data)
        let raw = try #require(try jsonObject(data) as? [[String: Any]])
        #expect(events.count == raw.count)
        #expect(events.count == 30)
        for (event, rawEvent) in zip(events, raw) {
            #expect(event.id == rawEvent["id"] as? String)
            #expect(event.type == rawEvent["type"] as? String)
            #expect(NSDictionary(dictionary: event.payload).isEqual(to: rawEvent["payload"] as? [String: Any] ?? [:]))
        }
        #expect(events[0].actor.login == "jathanism")
        #expect(events[0].createdAt == Date(timeIntervalSince1970: 1_357_804_710))
        #expect(events.allSatisfy { $0.actor.avatarURL != nil })
    }

    @Test("Mapped payloads round-trip through JSON to equal models")
    func payloadRoundTrip() throws {
        let mapper = JSONMapper(mode: .strict)
        let catalog = try mapper.map(CitmCatalog.self, from: try fixture("citm_catalog"))
        let again = try mapper.map(CitmCatalog.self, from: try mapper.data(from: catalog))
        #expect(again.performances.map(\.id) == catalog.performances.map(\.id))
        #expect(again.events.mapValues(\.name) == catalog.events.mapValues(\.name))
        #expect(
            again.performances.flatMap(\.prices).map(\.amount) == catalog.performances.flatMap(\.prices).map(\.amount))
    }
}
