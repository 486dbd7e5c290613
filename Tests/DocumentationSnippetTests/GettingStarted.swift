// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

/// The Getting Started article.
enum GettingStarted {
    final class User: Mappable {
        var id: Int64 = 0
        var screenName = ""
        var followersCount = 0
        var profileImageURL: URL?
        var lastSeen: Date?
        @JSONKey("user_name", alternates: "name", "login") var name = ""
        @JSONIgnored var isAdmin = false
        required init() {}
    }

    struct Repository: Mappable {
        var fullName = ""
        var stargazersCount = 0
        var topics: [String] = []
    }
}

@Suite("Getting Started article")
struct GettingStartedSnippets {
    typealias User = GettingStarted.User

    let data = json("""
    {"id": 505874924095815681, "screen_name": "ada", "followers_count": 12, "login": "ada_l",
     "profile_image_url": "https://example.com/ada.png", "last_seen": "2024-05-01T12:30:00Z", "is_admin": true}
    """)
    let listData = json(#"[{"id": 1, "screen_name": "ada"}, {"id": 2, "screen_name": "bob"}]"#)
    let envelope = json(#"{"data": {"users": [{"id": 3, "name": "Cy"}]}}"#)

    @Test("A model maps from bytes with snake_case keys, alternates and an ignored property")
    func mapsAUser() throws {
        let mapper = JSONMapper(keyTranslator: .snakeCase)
        let user = try mapper.map(User.self, from: data)
        #expect(user.id == 505874924095815681 && user.screenName == "ada" && user.followersCount == 12)
        #expect(user.name == "ada_l" && user.isAdmin == false)
        #expect(user.profileImageURL?.host == "example.com")
        #expect(user.lastSeen == Date(timeIntervalSince1970: 1_714_566_600))
    }

    @Test("Arrays, envelopes and JSONSerialization output map to the same models")
    func arraysEnvelopesAndTrees() throws {
        let mapper = JSONMapper(keyTranslator: .snakeCase)
        let users = try mapper.mapArray(User.self, from: listData)
        let same = try mapper.map([User].self, from: listData)
        let first = try mapper.map(User.self, from: envelope, at: "data.users.0")
        #expect(users.map(\.screenName) == ["ada", "bob"] && same.map(\.id) == [1, 2])
        #expect(first.id == 3 && first.name == "Cy")

        let object = try JSONSerialization.jsonObject(with: data)
        let fromTree = try mapper.map(User.self, fromJSONObject: object)
        let fromDictionary = try User.from(object as? [String: Any] ?? [:], keyTranslator: .snakeCase)
        #expect(fromTree.screenName == "ada" && fromDictionary.screenName == "ada")
    }

    @Test("A model writes back to bytes and to a dictionary, keys translated and ignored properties left out")
    func writesBack() throws {
        let mapper = JSONMapper(keyTranslator: .snakeCase)
        let user = try mapper.map(User.self, from: data)
        let bytes = try mapper.data(from: user)
        let text = try mapper.string(from: user)
        let dictionary = try mapper.dictionary(from: user)
        #expect(dictionary["screen_name"] as? String == "ada" && dictionary["is_admin"] == nil)
        #expect(text == String(decoding: bytes, as: UTF8.self))
        let fromText = try mapper.map(User.self, from: #"{"id": 1, "screen_name": "ada"}"#)
        #expect(fromText.screenName == "ada")
        #expect(try mapper.map(User.self, from: bytes).followersCount == 12)
    }

    @Test("A struct maps with its synthesised init()")
    func structMaps() throws {
        let repository = try JSONMapper(keyTranslator: .snakeCase).map(
            GettingStarted.Repository.self, from: json(#"{"full_name": "a/b", "stargazers_count": 5, "topics": ["x"]}"#)
        )
        #expect(repository.fullName == "a/b" && repository.stargazersCount == 5 && repository.topics == ["x"])
    }
}
