import Foundation
import ReflectMap

// twitter.json in three forms over the same structs: ReflectMap (Mappable, nothing else), Codable with
// explicit CodingKeys, and hand-written init(dictionary:). `SnakeTwitter` is the Codable variant
// decoded with `.convertFromSnakeCase`. Retweeted statuses are left out in every form.

struct TwitterFeed: Mappable, Equatable {
    var statuses: [TwitterStatus] = []
    var searchMetadata = SearchMetadata()
}

struct SearchMetadata: Mappable, Equatable {
    var completedIn = 0.0
    var maxID: Int64 = 0
    var maxIDStr = ""
    var nextResults: String?
    var query = ""
    var refreshURL = ""
    var count = 0
    var sinceID: Int64 = 0
    var sinceIDStr = ""
}

struct TwitterStatus: Mappable, Equatable {
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
    var entities = TwitterEntities()
    var retweetCount = 0
    var favoriteCount = 0
    var favorited = false
    var retweeted = false
    var lang = ""
}

struct TwitterUser: Mappable, Equatable {
    var id: Int64 = 0
    var idStr = ""
    var name = ""
    var screenName = ""
    var location = ""
    var description = ""
    var url: String?
    @JSONKey("protected") var isProtected = false
    var followersCount = 0
    var friendsCount = 0
    var listedCount = 0
    var createdAt = ""
    var favouritesCount = 0
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled = false
    var verified = false
    var statusesCount = 0
    var lang = ""
    var profileImageURL = ""
    var profileBackgroundColor = ""
    var defaultProfile = false
}

struct TwitterEntities: Mappable, Equatable {
    var hashtags: [Hashtag] = []
    var urls: [URLEntity] = []
    var userMentions: [Mention] = []
}

struct Hashtag: Mappable, Equatable {
    var text = ""
    var indices: [Int] = []
}

struct URLEntity: Mappable, Equatable {
    var url = ""
    var expandedURL = ""
    var displayURL = ""
    var indices: [Int] = []
}

struct Mention: Mappable, Equatable {
    var screenName = ""
    var name = ""
    var id: Int64 = 0
    var idStr = ""
    var indices: [Int] = []
}

// MARK: Codable with explicit CodingKeys

extension TwitterFeed: Codable {
    enum CodingKeys: String, CodingKey {
        case statuses, searchMetadata = "search_metadata"
    }
}

extension SearchMetadata: Codable {
    enum CodingKeys: String, CodingKey {
        case completedIn = "completed_in", maxID = "max_id", maxIDStr = "max_id_str", nextResults = "next_results"
        case query, refreshURL = "refresh_url", count, sinceID = "since_id", sinceIDStr = "since_id_str"
    }
}

extension TwitterStatus: Codable {
    enum CodingKeys: String, CodingKey {
        case id, idStr = "id_str", text, createdAt = "created_at", source, truncated
        case inReplyToStatusID = "in_reply_to_status_id", inReplyToUserID = "in_reply_to_user_id"
        case inReplyToScreenName = "in_reply_to_screen_name", user, entities
        case retweetCount = "retweet_count", favoriteCount = "favorite_count", favorited, retweeted, lang
    }
}

extension TwitterUser: Codable {
    enum CodingKeys: String, CodingKey {
        case id, idStr = "id_str", name, screenName = "screen_name", location, description, url
        case isProtected = "protected", followersCount = "followers_count", friendsCount = "friends_count"
        case listedCount = "listed_count", createdAt = "created_at", favouritesCount = "favourites_count"
        case utcOffset = "utc_offset", timeZone = "time_zone", geoEnabled = "geo_enabled", verified
        case statusesCount = "statuses_count", lang, profileImageURL = "profile_image_url"
        case profileBackgroundColor = "profile_background_color", defaultProfile = "default_profile"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        idStr = try c.decode(String.self, forKey: .idStr)
        name = try c.decode(String.self, forKey: .name)
        screenName = try c.decode(String.self, forKey: .screenName)
        location = try c.decode(String.self, forKey: .location)
        description = try c.decode(String.self, forKey: .description)
        url = try c.decodeIfPresent(String.self, forKey: .url)
        isProtected = try c.decode(Bool.self, forKey: .isProtected)
        followersCount = try c.decode(Int.self, forKey: .followersCount)
        friendsCount = try c.decode(Int.self, forKey: .friendsCount)
        listedCount = try c.decode(Int.self, forKey: .listedCount)
        createdAt = try c.decode(String.self, forKey: .createdAt)
        favouritesCount = try c.decode(Int.self, forKey: .favouritesCount)
        utcOffset = try c.decodeIfPresent(Int.self, forKey: .utcOffset)
        timeZone = try c.decodeIfPresent(String.self, forKey: .timeZone)
        geoEnabled = try c.decode(Bool.self, forKey: .geoEnabled)
        verified = try c.decode(Bool.self, forKey: .verified)
        statusesCount = try c.decode(Int.self, forKey: .statusesCount)
        lang = try c.decode(String.self, forKey: .lang)
        profileImageURL = try c.decode(String.self, forKey: .profileImageURL)
        profileBackgroundColor = try c.decode(String.self, forKey: .profileBackgroundColor)
        defaultProfile = try c.decode(Bool.self, forKey: .defaultProfile)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(idStr, forKey: .idStr)
        try c.encode(name, forKey: .name)
        try c.encode(screenName, forKey: .screenName)
        try c.encode(location, forKey: .location)
        try c.encode(description, forKey: .description)
        try c.encodeIfPresent(url, forKey: .url)
        try c.encode(isProtected, forKey: .isProtected)
        try c.encode(followersCount, forKey: .followersCount)
        try c.encode(friendsCount, forKey: .friendsCount)
        try c.encode(listedCount, forKey: .listedCount)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(favouritesCount, forKey: .favouritesCount)
        try c.encodeIfPresent(utcOffset, forKey: .utcOffset)
        try c.encodeIfPresent(timeZone, forKey: .timeZone)
        try c.encode(geoEnabled, forKey: .geoEnabled)
        try c.encode(verified, forKey: .verified)
        try c.encode(statusesCount, forKey: .statusesCount)
        try c.encode(lang, forKey: .lang)
        try c.encode(profileImageURL, forKey: .profileImageURL)
        try c.encode(profileBackgroundColor, forKey: .profileBackgroundColor)
        try c.encode(defaultProfile, forKey: .defaultProfile)
    }
}

extension TwitterEntities: Codable {
    enum CodingKeys: String, CodingKey {
        case hashtags, urls, userMentions = "user_mentions"
    }
}

extension Hashtag: Codable {}

extension URLEntity: Codable {
    enum CodingKeys: String, CodingKey {
        case url, expandedURL = "expanded_url", displayURL = "display_url", indices
    }
}

extension Mention: Codable {
    enum CodingKeys: String, CodingKey {
        case screenName = "screen_name", name, id, idStr = "id_str", indices
    }
}

// MARK: Hand-written init(dictionary:)

extension TwitterFeed {
    init(dictionary d: [String: Any]) {
        statuses = (d["statuses"] as? [[String: Any]])?.map(TwitterStatus.init(dictionary:)) ?? []
        searchMetadata =
            (d["search_metadata"] as? [String: Any]).map(SearchMetadata.init(dictionary:)) ?? SearchMetadata()
    }
}

extension SearchMetadata {
    init(dictionary d: [String: Any]) {
        completedIn = d["completed_in"] as? Double ?? 0
        maxID = d["max_id"] as? Int64 ?? 0
        maxIDStr = d["max_id_str"] as? String ?? ""
        nextResults = d["next_results"] as? String
        query = d["query"] as? String ?? ""
        refreshURL = d["refresh_url"] as? String ?? ""
        count = d["count"] as? Int ?? 0
        sinceID = d["since_id"] as? Int64 ?? 0
        sinceIDStr = d["since_id_str"] as? String ?? ""
    }
}

extension TwitterStatus {
    init(dictionary d: [String: Any]) {
        id = d["id"] as? Int64 ?? 0
        idStr = d["id_str"] as? String ?? ""
        text = d["text"] as? String ?? ""
        createdAt = d["created_at"] as? String ?? ""
        source = d["source"] as? String ?? ""
        truncated = d["truncated"] as? Bool ?? false
        inReplyToStatusID = d["in_reply_to_status_id"] as? Int64
        inReplyToUserID = d["in_reply_to_user_id"] as? Int64
        inReplyToScreenName = d["in_reply_to_screen_name"] as? String
        user = (d["user"] as? [String: Any]).map(TwitterUser.init(dictionary:)) ?? TwitterUser()
        entities = (d["entities"] as? [String: Any]).map(TwitterEntities.init(dictionary:)) ?? TwitterEntities()
        retweetCount = d["retweet_count"] as? Int ?? 0
        favoriteCount = d["favorite_count"] as? Int ?? 0
        favorited = d["favorited"] as? Bool ?? false
        retweeted = d["retweeted"] as? Bool ?? false
        lang = d["lang"] as? String ?? ""
    }
}

extension TwitterUser {
    init(dictionary d: [String: Any]) {
        id = d["id"] as? Int64 ?? 0
        idStr = d["id_str"] as? String ?? ""
        name = d["name"] as? String ?? ""
        screenName = d["screen_name"] as? String ?? ""
        location = d["location"] as? String ?? ""
        description = d["description"] as? String ?? ""
        url = d["url"] as? String
        isProtected = d["protected"] as? Bool ?? false
        followersCount = d["followers_count"] as? Int ?? 0
        friendsCount = d["friends_count"] as? Int ?? 0
        listedCount = d["listed_count"] as? Int ?? 0
        createdAt = d["created_at"] as? String ?? ""
        favouritesCount = d["favourites_count"] as? Int ?? 0
        utcOffset = d["utc_offset"] as? Int
        timeZone = d["time_zone"] as? String
        geoEnabled = d["geo_enabled"] as? Bool ?? false
        verified = d["verified"] as? Bool ?? false
        statusesCount = d["statuses_count"] as? Int ?? 0
        lang = d["lang"] as? String ?? ""
        profileImageURL = d["profile_image_url"] as? String ?? ""
        profileBackgroundColor = d["profile_background_color"] as? String ?? ""
        defaultProfile = d["default_profile"] as? Bool ?? false
    }
}

extension TwitterEntities {
    init(dictionary d: [String: Any]) {
        hashtags =
            (d["hashtags"] as? [[String: Any]])?.map {
                Hashtag(text: $0["text"] as? String ?? "", indices: $0["indices"] as? [Int] ?? [])
            } ?? []
        urls =
            (d["urls"] as? [[String: Any]])?.map {
                URLEntity(
                    url: $0["url"] as? String ?? "", expandedURL: $0["expanded_url"] as? String ?? "",
                    displayURL: $0["display_url"] as? String ?? "", indices: $0["indices"] as? [Int] ?? [])
            } ?? []
        userMentions =
            (d["user_mentions"] as? [[String: Any]])?.map {
                Mention(
                    screenName: $0["screen_name"] as? String ?? "", name: $0["name"] as? String ?? "",
                    id: $0["id"] as? Int64 ?? 0, idStr: $0["id_str"] as? String ?? "",
                    indices: $0["indices"] as? [Int] ?? [])
            } ?? []
    }
}

// MARK: Codable decoded with .convertFromSnakeCase (synthesised keys)

enum SnakeTwitter {
    struct Feed: Codable {
        var statuses: [Status]
        var searchMetadata: Metadata
    }

    struct Metadata: Codable {
        var completedIn: Double
        var maxId: Int64
        var maxIdStr: String
        var nextResults: String?
        var query: String
        var refreshUrl: String
        var count: Int
        var sinceId: Int64
        var sinceIdStr: String
    }

    struct Status: Codable {
        var id: Int64
        var idStr: String
        var text: String
        var createdAt: String
        var source: String
        var truncated: Bool
        var inReplyToStatusId: Int64?
        var inReplyToUserId: Int64?
        var inReplyToScreenName: String?
        var user: User
        var entities: Entities
        var retweetCount: Int
        var favoriteCount: Int
        var favorited: Bool
        var retweeted: Bool
        var lang: String
    }

    struct User: Codable {
        var id: Int64
        var idStr: String
        var name: String
        var screenName: String
        var location: String
        var description: String
        var url: String?
        var `protected`: Bool
        var followersCount: Int
        var friendsCount: Int
        var listedCount: Int
        var createdAt: String
        var favouritesCount: Int
        var utcOffset: Int?
        var timeZone: String?
        var geoEnabled: Bool
        var verified: Bool
        var statusesCount: Int
        var lang: String
        var profileImageUrl: String
        var profileBackgroundColor: String
        var defaultProfile: Bool
    }

    struct Entities: Codable {
        var hashtags: [Hashtag]
        var urls: [URLEntity]
        var userMentions: [Mention]
    }

    struct Hashtag: Codable {
        var text: String
        var indices: [Int]
    }

    struct URLEntity: Codable {
        var url: String
        var expandedUrl: String
        var displayUrl: String
        var indices: [Int]
    }

    struct Mention: Codable {
        var screenName: String
        var name: String
        var id: Int64
        var idStr: String
        var indices: [Int]
    }
}
