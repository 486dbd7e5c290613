import Foundation

// The class models → UTF-8 JSON bytes written by hand, for the "class models → Data vs hand-written"
// row: the same writer as HandWrittenWriter.swift (its `ByteWriter`, the same bytes `data(from:)`
// emits, checked byte for byte in `PayloadCase.verified`), reading the final classes' properties.

// MARK: twitter (snake_case keys)

extension TwitterClass.Feed {
    func handWrittenJSON() -> Data {
        var w = ByteWriter(capacity: 1 << 19)
        w.raw("{\"search_metadata\":")
        searchMetadata.write(to: &w)
        w.raw(",\"statuses\":")
        w.array(statuses) { $1.write(to: &$0) }
        w.byte(UInt8(ascii: "}"))
        return Data(w.bytes)
    }
}

extension TwitterClass.Metadata {
    func write(to w: inout ByteWriter) {
        w.raw("{\"completed_in\":"); w.double(completedIn)
        w.raw(",\"count\":"); w.int(count)
        w.raw(",\"max_id\":"); w.int(maxID)
        w.raw(",\"max_id_str\":"); w.string(maxIDStr)
        w.optional(",\"next_results\":", nextResults) { $0.string($1) }
        w.raw(",\"query\":"); w.string(query)
        w.raw(",\"refresh_url\":"); w.string(refreshURL)
        w.raw(",\"since_id\":"); w.int(sinceID)
        w.raw(",\"since_id_str\":"); w.string(sinceIDStr)
        w.byte(UInt8(ascii: "}"))
    }
}

extension TwitterClass.Status {
    func write(to w: inout ByteWriter) {
        w.raw("{\"created_at\":"); w.string(createdAt)
        w.raw(",\"entities\":"); entities.write(to: &w)
        w.raw(",\"favorite_count\":"); w.int(favoriteCount)
        w.raw(",\"favorited\":"); w.bool(favorited)
        w.raw(",\"id\":"); w.int(id)
        w.raw(",\"id_str\":"); w.string(idStr)
        w.optional(",\"in_reply_to_screen_name\":", inReplyToScreenName) { $0.string($1) }
        w.optional(",\"in_reply_to_status_id\":", inReplyToStatusID) { $0.int($1) }
        w.optional(",\"in_reply_to_user_id\":", inReplyToUserID) { $0.int($1) }
        w.raw(",\"lang\":"); w.string(lang)
        w.raw(",\"retweet_count\":"); w.int(retweetCount)
        w.raw(",\"retweeted\":"); w.bool(retweeted)
        w.raw(",\"source\":"); w.string(source)
        w.raw(",\"text\":"); w.string(text)
        w.raw(",\"truncated\":"); w.bool(truncated)
        w.raw(",\"user\":"); user.write(to: &w)
        w.byte(UInt8(ascii: "}"))
    }
}

extension TwitterClass.User {
    func write(to w: inout ByteWriter) {
        w.raw("{\"created_at\":"); w.string(createdAt)
        w.raw(",\"default_profile\":"); w.bool(defaultProfile)
        w.raw(",\"description\":"); w.string(description)
        w.raw(",\"favourites_count\":"); w.int(favouritesCount)
        w.raw(",\"followers_count\":"); w.int(followersCount)
        w.raw(",\"friends_count\":"); w.int(friendsCount)
        w.raw(",\"geo_enabled\":"); w.bool(geoEnabled)
        w.raw(",\"id\":"); w.int(id)
        w.raw(",\"id_str\":"); w.string(idStr)
        w.raw(",\"lang\":"); w.string(lang)
        w.raw(",\"listed_count\":"); w.int(listedCount)
        w.raw(",\"location\":"); w.string(location)
        w.raw(",\"name\":"); w.string(name)
        w.raw(",\"profile_background_color\":"); w.string(profileBackgroundColor)
        w.raw(",\"profile_image_url\":"); w.string(profileImageURL)
        w.raw(",\"protected\":"); w.bool(isProtected)
        w.raw(",\"screen_name\":"); w.string(screenName)
        w.raw(",\"statuses_count\":"); w.int(statusesCount)
        w.optional(",\"time_zone\":", timeZone) { $0.string($1) }
        w.optional(",\"url\":", url) { $0.string($1) }
        w.optional(",\"utc_offset\":", utcOffset) { $0.int($1) }
        w.raw(",\"verified\":"); w.bool(verified)
        w.byte(UInt8(ascii: "}"))
    }
}

extension TwitterClass.Entities {
    func write(to w: inout ByteWriter) {
        w.raw("{\"hashtags\":")
        w.array(hashtags) { w, tag in
            w.raw("{\"indices\":"); w.ints(tag.indices)
            w.raw(",\"text\":"); w.string(tag.text)
            w.byte(UInt8(ascii: "}"))
        }
        w.raw(",\"urls\":")
        w.array(urls) { w, url in
            w.raw("{\"display_url\":"); w.string(url.displayURL)
            w.raw(",\"expanded_url\":"); w.string(url.expandedURL)
            w.raw(",\"indices\":"); w.ints(url.indices)
            w.raw(",\"url\":"); w.string(url.url)
            w.byte(UInt8(ascii: "}"))
        }
        w.raw(",\"user_mentions\":")
        w.array(userMentions) { w, mention in
            w.raw("{\"id\":"); w.int(mention.id)
            w.raw(",\"id_str\":"); w.string(mention.idStr)
            w.raw(",\"indices\":"); w.ints(mention.indices)
            w.raw(",\"name\":"); w.string(mention.name)
            w.raw(",\"screen_name\":"); w.string(mention.screenName)
            w.byte(UInt8(ascii: "}"))
        }
        w.byte(UInt8(ascii: "}"))
    }
}

// MARK: citm_catalog (camelCase keys, sorted bytewise: capitals first)

extension CitmClass.Catalog {
    func handWrittenJSON() -> Data {
        var w = ByteWriter(capacity: 1 << 20)
        w.raw("{\"areaNames\":"); w.object(areaNames) { $0.string($1) }
        w.raw(",\"audienceSubCategoryNames\":"); w.object(audienceSubCategoryNames) { $0.string($1) }
        w.raw(",\"blockNames\":"); w.object(blockNames) { $0.string($1) }
        w.raw(",\"events\":"); w.object(events) { $1.write(to: &$0) }
        w.raw(",\"performances\":"); w.array(performances) { $1.write(to: &$0) }
        w.raw(",\"seatCategoryNames\":"); w.object(seatCategoryNames) { $0.string($1) }
        w.raw(",\"subTopicNames\":"); w.object(subTopicNames) { $0.string($1) }
        w.raw(",\"subjectNames\":"); w.object(subjectNames) { $0.string($1) }
        w.raw(",\"topicNames\":"); w.object(topicNames) { $0.string($1) }
        w.raw(",\"topicSubTopics\":"); w.object(topicSubTopics) { $0.ints($1) }
        w.raw(",\"venueNames\":"); w.object(venueNames) { $0.string($1) }
        w.byte(UInt8(ascii: "}"))
        return Data(w.bytes)
    }
}

extension CitmClass.Event {
    func write(to w: inout ByteWriter) {
        w.byte(UInt8(ascii: "{"))
        if let description {
            w.raw("\"description\":"); w.string(description)
            w.raw(",\"id\":")
        } else {
            w.raw("\"id\":")
        }
        w.int(id)
        w.optional(",\"logo\":", logo) { $0.string($1) }
        w.raw(",\"name\":"); w.string(name)
        w.raw(",\"subTopicIds\":"); w.ints(subTopicIds)
        w.optional(",\"subjectCode\":", subjectCode) { $0.string($1) }
        w.optional(",\"subtitle\":", subtitle) { $0.string($1) }
        w.raw(",\"topicIds\":"); w.ints(topicIds)
        w.byte(UInt8(ascii: "}"))
    }
}

extension CitmClass.Performance {
    func write(to w: inout ByteWriter) {
        w.raw("{\"eventId\":"); w.int(eventId)
        w.raw(",\"id\":"); w.int(id)
        w.optional(",\"logo\":", logo) { $0.string($1) }
        w.optional(",\"name\":", name) { $0.string($1) }
        w.raw(",\"prices\":")
        w.array(prices) { w, price in
            w.raw("{\"amount\":"); w.int(price.amount)
            w.raw(",\"audienceSubCategoryId\":"); w.int(price.audienceSubCategoryId)
            w.raw(",\"seatCategoryId\":"); w.int(price.seatCategoryId)
            w.byte(UInt8(ascii: "}"))
        }
        w.raw(",\"seatCategories\":")
        w.array(seatCategories) { w, category in
            w.raw("{\"areas\":")
            w.array(category.areas) { w, area in
                w.raw("{\"areaId\":"); w.int(area.areaId)
                w.raw(",\"blockIds\":"); w.ints(area.blockIds)
                w.byte(UInt8(ascii: "}"))
            }
            w.raw(",\"seatCategoryId\":"); w.int(category.seatCategoryId)
            w.byte(UInt8(ascii: "}"))
        }
        w.optional(",\"seatMapImage\":", seatMapImage) { $0.string($1) }
        w.raw(",\"start\":"); w.int(start)
        w.raw(",\"venueCode\":"); w.string(venueCode)
        w.byte(UInt8(ascii: "}"))
    }
}

// MARK: canada (almost all of it doubles)

extension CanadaClass.FeatureCollection {
    func handWrittenJSON() -> Data {
        var w = ByteWriter(capacity: 1 << 22)
        w.raw("{\"features\":")
        w.array(features) { w, feature in
            w.raw("{\"geometry\":{\"coordinates\":")
            w.array(feature.geometry.coordinates) { w, ring in
                w.array(ring) { w, point in
                    w.array(point) { $0.double($1) }
                }
            }
            w.raw(",\"type\":"); w.string(feature.geometry.type)
            w.raw("},\"properties\":"); w.object(feature.properties) { $0.string($1) }
            w.raw(",\"type\":"); w.string(feature.type)
            w.byte(UInt8(ascii: "}"))
        }
        w.raw(",\"type\":"); w.string(type)
        w.byte(UInt8(ascii: "}"))
        return Data(w.bytes)
    }
}

// MARK: github_events (a top-level array; snake_case keys)

extension [GitHubClass.Event] {
    func handWrittenJSON() -> Data {
        var w = ByteWriter(capacity: 1 << 16)
        w.array(self) { $1.write(to: &$0) }
        return Data(w.bytes)
    }
}

extension GitHubClass.Event {
    func write(to w: inout ByteWriter) {
        w.raw("{\"actor\":"); actor.write(to: &w)
        w.raw(",\"created_at\":"); w.string(createdAt)
        w.raw(",\"id\":"); w.string(id)
        w.optional(",\"org\":", org) { $1.write(to: &$0) }
        w.raw(",\"public\":"); w.bool(isPublic)
        w.raw(",\"repo\":{\"id\":"); w.int(repo.id)
        w.raw(",\"name\":"); w.string(repo.name)
        w.raw(",\"url\":"); w.string(repo.url)
        w.raw("},\"type\":"); w.string(type)
        w.byte(UInt8(ascii: "}"))
    }
}

extension GitHubClass.Actor {
    func write(to w: inout ByteWriter) {
        w.raw("{\"avatar_url\":"); w.string(avatarURL)
        w.raw(",\"gravatar_id\":"); w.string(gravatarID)
        w.raw(",\"id\":"); w.int(id)
        w.raw(",\"login\":"); w.string(login)
        w.raw(",\"url\":"); w.string(url)
        w.byte(UInt8(ascii: "}"))
    }
}
