// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

/// The ReflectMap landing page.
@Suite("ReflectMap landing page")
struct ReflectMapSnippets {
    @Test("The overview's model maps and writes back")
    func overview() throws {
        let data = json(#"{"id": 7, "screen_name": "ada", "profile_image_url": "https://example.com/a.png"}"#)
        final class User: Mappable {
            var id: Int64 = 0
            var screenName = ""
            var profileImageURL: URL?
            required init() {}
        }

        let mapper = JSONMapper(keyTranslator: .snakeCase)
        let user = try mapper.map(User.self, from: data)
        let json = try mapper.data(from: user)
        #expect(user.id == 7 && user.screenName == "ada")
        #expect(try JSONValue(parsing: json) == JSONValue(parsing: data))
    }
}
