// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

/// The Naming Keys article.
enum NamingKeys {
    struct Profile: Mappable {
        @JSONKey("user_name", alternates: "name", "login") var name = ""
        @JSONKey("public") var isPublic = false
        @JSONKey("avatar") var avatarURL: URL?
        @JSONIgnored var cachedImage: Data?
        var followersCount = 0
    }
}

@Suite("Naming Keys article")
struct NamingKeysSnippets {
    @Test("Built-in and custom translators turn property names into keys")
    func translators() throws {
        let snake = JSONMapper(keyTranslator: .snakeCase)
        let shouting = JSONMapper(keyTranslator: .custom(name: "shouting") { $0.uppercased() })
        #expect(snake.keyTranslator.key(for: "profileImageURL") == "profile_image_url")
        #expect(shouting.keyTranslator.key(for: "name") == "NAME")
        let table: [(KeyTranslator, String)] = [
            (.identity, "profileImageURL"), (.snakeCase, "profile_image_url"), (.kebabCase, "profile-image-url"),
            (.lowerCaseWithDots, "profile.image.url"), (.upperCaseWithUnderscores, "PROFILE_IMAGE_URL"),
            (.upperCamelCase, "ProfileImageURL"), (.upperCamelCaseWithSpaces, "Profile Image URL"),
        ]
        for (translator, key) in table { #expect(translator.key(for: "profileImageURL") == key) }
        #expect(KeyTranslator.snakeCase.key(for: "userID") == "user_id")
        #expect(KeyTranslator.snakeCase.key(for: "URLString") == "url_string")
    }

    @Test("@JSONKey names a key with alternates, and @JSONIgnored keeps a property out of JSON")
    func propertyKeys() throws {
        let mapper = JSONMapper(keyTranslator: .snakeCase)
        let profile = try mapper.map(NamingKeys.Profile.self, from: json("""
        {"login": "ada", "public": true, "avatar": "https://example.com/a.png", "followers_count": 3, "cached_image": "AA=="}
        """))
        #expect(profile.name == "ada" && profile.isPublic && profile.avatarURL != nil)
        #expect(profile.followersCount == 3 && profile.cachedImage == nil)
        let written = try mapper.dictionary(from: profile)
        #expect(Set(written.keys) == ["user_name", "public", "avatar", "followers_count"])
    }
}
