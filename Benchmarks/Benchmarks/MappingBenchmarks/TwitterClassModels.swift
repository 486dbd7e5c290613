import ReflectMap

// twitter.json's models as final classes: the shapes and keys of TwitterModels.swift (snake_case
// keys from the mapper), mapped by ReflectMap alone. `structForm` copies an instance into the struct
// form, which is how the harness checks that both forms read the same values.

enum TwitterClass {
    final class Feed: Mappable {
        var statuses: [Status] = []
        var searchMetadata = Metadata()

        init() {}
    }

    final class Metadata: Mappable {
        var completedIn = 0.0
        var maxID: Int64 = 0
        var maxIDStr = ""
        var nextResults: String?
        var query = ""
        var refreshURL = ""
        var count = 0
        var sinceID: Int64 = 0
        var sinceIDStr = ""

        init() {}
    }

    final class Status: Mappable {
        var id: Int64 = 0
        var idStr = ""
        var text = ""
        var createdAt = ""
        var source = ""
        var truncated = false
        var inReplyToStatusID: Int64?
        var inReplyToUserID: Int64?
        var inReplyToScreenName: String?
        var user = User()
        var entities = Entities()
        var retweetCount = 0
        var favoriteCount = 0
        var favorited = false
        var retweeted = false
        var lang = ""

        init() {}
    }

    final class User: Mappable {
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

        init() {}
    }

    final class Entities: Mappable {
        var hashtags: [Hashtag] = []
        var urls: [URLEntity] = []
        var userMentions: [Mention] = []

        init() {}
    }

    final class Hashtag: Mappable {
        var text = ""
        var indices: [Int] = []

        init() {}
    }

    final class URLEntity: Mappable {
        var url = ""
        var expandedURL = ""
        var displayURL = ""
        var indices: [Int] = []

        init() {}
    }

    final class Mention: Mappable {
        var screenName = ""
        var name = ""
        var id: Int64 = 0
        var idStr = ""
        var indices: [Int] = []

        init() {}
    }
}

extension TwitterClass.Feed {
    var structForm: TwitterFeed {
        TwitterFeed(statuses: statuses.map(\.structForm), searchMetadata: searchMetadata.structForm)
    }
}

extension TwitterClass.Metadata {
    var structForm: SearchMetadata {
        SearchMetadata(
            completedIn: completedIn, maxID: maxID, maxIDStr: maxIDStr, nextResults: nextResults, query: query,
            refreshURL: refreshURL, count: count, sinceID: sinceID, sinceIDStr: sinceIDStr)
    }
}

extension TwitterClass.Status {
    var structForm: TwitterStatus {
        TwitterStatus(
            id: id, idStr: idStr, text: text, createdAt: createdAt, source: source, truncated: truncated,
            inReplyToStatusID: inReplyToStatusID, inReplyToUserID: inReplyToUserID,
            inReplyToScreenName: inReplyToScreenName, user: user.structForm, entities: entities.structForm,
            retweetCount: retweetCount, favoriteCount: favoriteCount, favorited: favorited, retweeted: retweeted,
            lang: lang)
    }
}

extension TwitterClass.User {
    var structForm: TwitterUser {
        var form = TwitterUser()
        form.id = id
        form.idStr = idStr
        form.name = name
        form.screenName = screenName
        form.location = location
        form.description = description
        form.url = url
        form.isProtected = isProtected
        form.followersCount = followersCount
        form.friendsCount = friendsCount
        form.listedCount = listedCount
        form.createdAt = createdAt
        form.favouritesCount = favouritesCount
        form.utcOffset = utcOffset
        form.timeZone = timeZone
        form.geoEnabled = geoEnabled
        form.verified = verified
        form.statusesCount = statusesCount
        form.lang = lang
        form.profileImageURL = profileImageURL
        form.profileBackgroundColor = profileBackgroundColor
        form.defaultProfile = defaultProfile
        return form
    }
}

extension TwitterClass.Entities {
    var structForm: TwitterEntities {
        TwitterEntities(
            hashtags: hashtags.map { Hashtag(text: $0.text, indices: $0.indices) },
            urls: urls.map {
                URLEntity(url: $0.url, expandedURL: $0.expandedURL, displayURL: $0.displayURL, indices: $0.indices)
            },
            userMentions: userMentions.map {
                Mention(screenName: $0.screenName, name: $0.name, id: $0.id, idStr: $0.idStr, indices: $0.indices)
            })
    }
}
