import Foundation
import ReflectMap
import Testing

struct Profile: Mappable {
    var userID = 0
    var profileImageURL = ""
    var firstName = ""
    var isHTTPSEnabled = false
    var line2Text = ""
    var _private = ""
}

struct Renamed: Mappable {
    @JSONKey("user_name", alternates: "name", "login") var name = ""
    @JSONKey("default") var isDefault = false
    @JSONKey("count") var total: Int?
    var plain = ""
}

@Suite("Keys")
struct KeyTests {
    @Test(
        "Each naming policy turns property names into keys",
        arguments: [
            (
                KeyTranslator.identity,
                ["userID", "profileImageURL", "firstName", "isHTTPSEnabled", "line2Text", "_private"]
            ),
            (
                KeyTranslator.snakeCase,
                ["user_id", "profile_image_url", "first_name", "is_https_enabled", "line2_text", "_private"]
            ),
            (
                KeyTranslator.kebabCase,
                ["user-id", "profile-image-url", "first-name", "is-https-enabled", "line2-text", "_private"]
            ),
            (
                KeyTranslator.lowerCaseWithDots,
                ["user.id", "profile.image.url", "first.name", "is.https.enabled", "line2.text", "_private"]
            ),
            (
                KeyTranslator.upperCaseWithUnderscores,
                ["USER_ID", "PROFILE_IMAGE_URL", "FIRST_NAME", "IS_HTTPS_ENABLED", "LINE2_TEXT", "_PRIVATE"]
            ),
            (
                KeyTranslator.upperCamelCase,
                ["UserID", "ProfileImageURL", "FirstName", "IsHTTPSEnabled", "Line2Text", "_Private"]
            ),
            (
                KeyTranslator.upperCamelCaseWithSpaces,
                ["User ID", "Profile Image URL", "First Name", "Is HTTPS Enabled", "Line2 Text", "_Private"]
            ),
        ])
    func namingPolicies(translator: KeyTranslator, expected: [String]) {
        let names = ["userID", "profileImageURL", "firstName", "isHTTPSEnabled", "line2Text", "_private"]
        #expect(names.map(translator.key(for:)) == expected)
    }

    @Test("Names beyond ASCII split and change case by the same rule as ASCII names")
    func nonASCIINames() {
        // Every translator but upperCamelCase takes its bytes route for an ASCII name and its characters
        // route otherwise; the two must agree wherever both apply.
        let names = ["größeWert", "nameÉtéURL", "_überID_", "äURLString", "a-bÇ.d e"]
        #expect(
            names.map(KeyTranslator.snakeCase.key(for:)) == [
                "größe_wert", "name_été_url", "_über_id_", "ä_url_string", "a_b_ç_d_e",
            ])
        #expect(
            names.map(KeyTranslator.upperCaseWithUnderscores.key(for:)) == [
                "GRÖSSE_WERT", "NAME_ÉTÉ_URL", "_ÜBER_ID_", "Ä_URL_STRING", "A_B_Ç_D_E",
            ])
        let ascii = ["__oneTwo_", "URLString", "a..b", "ABC", "x", "_", "", "version2Beta"]
        #expect(
            ascii.map(KeyTranslator.snakeCase.key(for:)) == [
                "__one_two_", "url_string", "a_b", "abc", "x", "_", "", "version2_beta",
            ])
        #expect(
            ascii.map(KeyTranslator.upperCamelCaseWithSpaces.key(for:)) == [
                "__One Two_", "URL String", "A B", "ABC", "X", "_", "", "Version2 Beta",
            ])
    }

    @Test("Long keys that differ only in their last byte match only themselves, wherever the input ends")
    func longKeysMatchExactly() throws {
        struct Long: Mappable {
            @JSONKey("abcdefghij") var ten = 0
            @JSONKey("abcdefghik") var tenToo = 0
            @JSONKey("abcdefghijklmnopq") var seventeen = 0
            @JSONKey("abcdefghijklmnopr") var seventeenToo = 0
            @JSONKey("abcdefghijklmnopqrstuvwxyz0123456789") var long = 0
        }
        let mapper = JSONMapper()
        // The input ends within eight bytes of each key here, and well after it in the second form.
        for (key, expected) in [
            ("abcdefghij", [1, 0, 0, 0, 0]), ("abcdefghik", [0, 1, 0, 0, 0]),
            ("abcdefghijklmnopq", [0, 0, 1, 0, 0]), ("abcdefghijklmnopr", [0, 0, 0, 1, 0]),
            ("abcdefghijklmnopqrstuvwxyz0123456789", [0, 0, 0, 0, 1]),
            ("abcdefghijx", [0, 0, 0, 0, 0]), ("abcdefghijklmnopqrstuvwxyz012345678_", [0, 0, 0, 0, 0]),
        ] {
            for text in [#"{"\#(key)":1}"#, #"{"\#(key)": 1, "padding": "\#(String(repeating: " ", count: 40))"}"#] {
                let model = try mapper.map(Long.self, from: Data(text.utf8))
                #expect(
                    [model.ten, model.tenToo, model.seventeen, model.seventeenToo, model.long] == expected, "\(text)")
            }
        }
    }

    @Test("The empty key is a key like any other, on both routes and written back")
    func emptyKey() throws {
        struct Blank: Mappable {
            @JSONKey("") var blank = 0
            @JSONKey("a") var one = 0
        }
        let text = #"{"a": 1, "": 2}"#
        let mapper = JSONMapper()
        let model = try mapper.map(Blank.self, from: Data(text.utf8))
        #expect(model.blank == 2 && model.one == 1)
        let tree = try mapper.map(Blank.self, fromJSONObject: try JSONSerialization.jsonObject(with: Data(text.utf8)))
        #expect(tree.blank == 2 && tree.one == 1)
        #expect(try mapper.string(from: model) == #"{"":2,"a":1}"#)
    }

    @Test("A key that holds quotes is never found in the raw text of other members that spell it out")
    func quotedKeyAcrossMembers() throws {
        struct Tricky: Mappable {
            @JSONKey(#"x":1,"y"#) var tricky = 0
            var x = 0
            @JSONKey(#"p\\":"q"#) var slashed = ""
            var p = ""
        }
        // The raw text after a member's opening quote begins with one of the keys and a closing quote,
        // but the document's members are `x`, `y`, `p\` and `q`.
        let model = try JSONMapper().map(Tricky.self, from: Data(#"{"x":1,"y":2,"p\\":"q","q":"r"}"#.utf8))
        #expect(model.tricky == 0 && model.x == 1)
        #expect(model.slashed.isEmpty && model.p.isEmpty)
        let spelled = try JSONMapper().map(Tricky.self, from: Data(#"{"x\":1,\"y":5,"p\\\\\":\"q":"s"}"#.utf8))
        #expect(spelled.tricky == 5 && spelled.slashed == "s")
    }

    @Test("A key is taken as the one expected next only when its closing quote follows it, in any order and spelling")
    func expectedKeysMatchOnlyWhole() throws {
        struct Expected: Mappable {
            var id = 0
            @JSONKey("naïve") var naive = 0
            @JSONKey("abcdefghijklm") var long = 0
            @JSONKey("a\"b") var quoted = 0
            @JSONKey("c\\d") var slashed = 0
            var values: [Int] { [id, naive, long, quoted, slashed] }
        }
        let mapper = JSONMapper()
        let cases: [(String, [Int])] = [
            (#"{"id": 1, "naïve": 2, "abcdefghijklm": 3, "a\"b": 4, "c\\d": 5}"#, [1, 2, 3, 4, 5]),
            (#"{"c\\d": 5, "a\"b": 4, "abcdefghijklm": 3, "naïve": 2, "id": 1}"#, [1, 2, 3, 4, 5]),
            // Longer keys that start with the expected one, a key with a quote after it, and the
            // expected key spelled with an escape.
            (
                #"{"idx": 7, "id\"": 8, "i\u0064": 9, "na\u00efve": 2, "abcdefghijklmX": 3, "abcdefghijkl": 3}"#,
                [9, 2, 0, 0, 0]
            ),
            (#"{"id":1}"#, [1, 0, 0, 0, 0]),
            (#"{"idx": 7, "id\"": 8}"#, [0, 0, 0, 0, 0]),
        ]
        for (text, expected) in cases {
            #expect(try mapper.map(Expected.self, from: Data(text.utf8)).values == expected, "\(text)")
        }
        for truncated in [#"{"id"#, #"{"id""#, #"{"id":"#, #"{"id" 1}"#, #"{"abcdefghijklm"#] {
            #expect(throws: MappingError.self, "\(truncated)") {
                try mapper.map(Expected.self, from: Data(truncated.utf8))
            }
        }
        // A key taken in place is spelled in the paths of errors like any other.
        var strict = mapper
        strict.mode = .strict
        for (text, path) in [
            (#"{"id": "x"}"#, "id"), (#"{"id": 1, "naïve": "x"}"#, "naïve"),
            (#"{"id": 1, "naïve": 2, "abcdefghijklm": []}"#, "abcdefghijklm"),
        ] {
            #expect(mappingError { _ = try strict.map(Expected.self, from: Data(text.utf8)) }?.path == path, "\(text)")
        }
    }

    @Test("Two properties that share a key: the first declared takes it on both routes, and reports see the rest")
    func sharedKeyGoesToTheFirstProperty() throws {
        struct Shared: Mappable {
            @JSONKey("name") var first = ""
            @JSONKey("display_name", alternates: "name") var second = ""
            @JSONKey("name_with_a_long_key", alternates: "name_with_a_long_key") var long = ""
        }
        let mapper = JSONMapper()
        let text = #"{"name": "a", "display_name": "b", "name_with_a_long_key": "c", "extra_key_here": 1}"#
        let bytes = try mapper.mapWithReport(Shared.self, from: Data(text.utf8))
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let tree = try mapper.mapWithReport(Shared.self, from: object)
        for (model, report) in [bytes, tree] {
            #expect([model.first, model.second, model.long] == ["a", "b", "c"])
            #expect(report.unmappedKeys == ["extra_key_here"])
        }
        let onlyShared = try mapper.map(Shared.self, from: Data(#"{"name": "a"}"#.utf8))
        #expect([onlyShared.first, onlyShared.second] == ["a", ""])
    }

    @Test("Acronyms round-trip through snake_case")
    func acronymsRoundTrip() throws {
        let mapper = JSONMapper(keyTranslator: .snakeCase)
        let profile = try mapper.map(
            Profile.self,
            from: json(#"{"user_id": 42, "profile_image_url": "https://x/y.png", "is_https_enabled": true}"#))
        #expect(profile.userID == 42)
        #expect(profile.profileImageURL == "https://x/y.png")
        #expect(profile.isHTTPSEnabled)
        let keys = try mapper.dictionary(from: profile).keys.sorted()
        #expect(keys == ["_private", "first_name", "is_https_enabled", "line2_text", "profile_image_url", "user_id"])
    }

    @Test("A custom translator is applied")
    func customTranslator() throws {
        let prefixed = KeyTranslator.custom(name: "prefixed") { "x_" + $0 }
        let profile = try JSONMapper(keyTranslator: prefixed).map(Profile.self, from: json(#"{"x_firstName": "Ada"}"#))
        #expect(profile.firstName == "Ada")
    }

    @Test("@JSONKey overrides the translator and tries its alternates in order")
    func jsonKeyAlternates() throws {
        let mapper = JSONMapper(keyTranslator: .snakeCase)
        #expect(try mapper.map(Renamed.self, from: json(#"{"user_name": "a", "name": "b", "login": "c"}"#)).name == "a")
        #expect(try mapper.map(Renamed.self, from: json(#"{"name": "b", "login": "c"}"#)).name == "b")
        #expect(try mapper.map(Renamed.self, from: json(#"{"login": "c"}"#)).name == "c")
        let renamed = try mapper.map(
            Renamed.self, from: json(#"{"login": "c", "default": true, "count": 3, "plain": "p"}"#))
        #expect(renamed.isDefault && renamed.total == 3 && renamed.plain == "p")
    }

    @Test("@JSONKey writes the primary key")
    func jsonKeyWritesPrimary() throws {
        var renamed = Renamed()
        renamed.name = "n"
        let written = try JSONMapper().dictionary(from: renamed)
        #expect(written["user_name"] as? String == "n")
        #expect(written["name"] == nil && written["login"] == nil)
        #expect(written["default"] as? Bool == false)
    }

    @Test("Errors under a @JSONKey name the key that was read")
    func jsonKeyErrorPath() {
        let error = mappingError {
            _ = try JSONMapper(mode: .strict).map(
                Renamed.self, from: json(#"{"login": 5, "default": true, "plain": ""}"#))
        }
        #expect(error?.path == "login")
    }
}
