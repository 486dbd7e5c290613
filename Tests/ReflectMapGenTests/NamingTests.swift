import ReflectMap
@testable import ReflectMapGen
import Testing

@Suite("Names")
struct NamingTests {
    @Test("snake_case keys become camelCase properties with acronyms, and need no @JSONKey")
    func snakeCaseKeys() throws {
        let keys = [
            "id_str", "in_reply_to_status_id", "profile_background_image_url_https", "media_url_https", "line2_text",
        ]
        let json = "{" + keys.map { "\"\($0)\": 1" }.joined(separator: ", ") + "}"
        let lines = propertyLines(try generate(json, options: GeneratorOptions(keyStyle: .snake)))
        #expect(
            lines == [
                "var idStr = 0", "var inReplyToStatusID = 0", "var profileBackgroundImageURLHttps = 0",
                "var mediaURLHttps = 0", "var line2Text = 0",
            ])
        // Checked against ReflectMap's own translator, not a copy of its rules.
        let names = lines.map { $0.dropFirst(4).prefix { $0 != " " } }
        #expect(names.map { KeyTranslator.snakeCase.key(for: String($0)) } == keys)
    }

    @Test("Keywords, keys that are not identifiers and keys the translator cannot produce get @JSONKey")
    func explicitKeys() throws {
        let json =
            #"{"public": true, "default": 1, "class": "c", "@id": 2, "2fa": false, "content-type": "t", "a\"b": 0}"#
        #expect(
            propertyLines(try generate(json, options: GeneratorOptions(keyStyle: .camel))) == [
                #"@JSONKey("public") var isPublic = false"#,
                #"@JSONKey("default") var defaultValue = 0"#,
                #"@JSONKey("class") var classValue = """#,
                #"@JSONKey("@id") var id = 0"#,
                #"@JSONKey("2fa") var _2fa = false"#,
                #"@JSONKey("content-type") var contentType = """#,
                #"@JSONKey("a\"b") var aB = 0"#,
            ])
    }

    @Test("With the identity translator, camelCase keys are used as they are")
    func camelCaseKeys() throws {
        let lines = propertyLines(try generate(#"{"seatCategoryId": 1, "userID": 2, "PLEYEL_PLEYEL": "p"}"#))
        #expect(
            lines == ["var seatCategoryId = 0", "var userID = 0", #"@JSONKey("PLEYEL_PLEYEL") var pleyelPleyel = """#])
    }

    @Test("Keys that would give the same property name are told apart")
    func propertyCollisions() throws {
        let lines = propertyLines(
            try generate(#"{"user_id": 1, "userId": 2, "user-id": 3}"#, options: GeneratorOptions(keyStyle: .snake)))
        #expect(
            lines == ["var userID = 0", #"@JSONKey("userId") var userId = 0"#, #"@JSONKey("user-id") var userID2 = 0"#])
    }

    @Test("Class names come from keys, singular for elements, and are unique")
    func classNames() throws {
        let source = try generate(
            #"""
            {"statuses": [{"entities": {"urls": [{"url": "u"}]}, "user": {"id": 1}}],
             "entities": {"hashtags": [{"text": "t"}]}, "data": {"x": 1}}
            """#)
        let classes = source.split(separator: "\n").filter { $0.hasPrefix("final class") }
        #expect(
            classes.map { $0.split(separator: " ")[2].dropLast() } == [
                "Response", "Status", "Entities", "URLItem", "User", "ResponseEntities", "Hashtag", "DataInfo",
            ])
    }

    @Test(
        "Plurals become singulars",
        arguments: [
            ("statuses", "status"), ("entries", "entry"), ("hashtags", "hashtag"), ("addresses", "address"),
            ("boxes", "box"), ("matches", "match"), ("people", "person"), ("series", "series"), ("status", "status"),
            ("news", "news"), ("media", "media"), ("movies", "movie"), ("cookies", "cookie"),
            ("categories", "category"),
            ("buses", "bus"), ("responses", "response"), ("leaves", "leaf"),
        ])
    func singulars(plural: String, singular: String) {
        #expect(KeyWords.singular(plural) == singular)
    }

    @Test(
        "Keys split into words like ReflectMap's translators split names",
        arguments: [
            ("profileImageURL", ["profile", "Image", "URL"]), ("URLString", ["URL", "String"]),
            ("in_reply_to_status_id", ["in", "reply", "to", "status", "id"]), ("@id", ["id"]),
            ("content-type", ["content", "type"]),
            ("line2Text", ["line2", "Text"]),
        ])
    func words(key: String, words: [String]) {
        #expect(KeyWords.split(key) == words)
    }

    @Test("A root or namespace that cannot name a type is refused", arguments: ["URL", "2D", "my-root"])
    func invalidRootNames(name: String) {
        #expect(throws: GeneratorError.self) { try generate(#"{"a": 1}"#, options: GeneratorOptions(rootName: name)) }
        #expect(throws: GeneratorError.self) { try generate(#"{"a": 1}"#, options: GeneratorOptions(namespace: name)) }
    }
}
