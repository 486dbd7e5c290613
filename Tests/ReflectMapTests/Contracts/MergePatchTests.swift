import Foundation
import ReflectMap
import Testing

struct PatchAddress: Mappable, Equatable {
    var city = ""
    var zip: String?
}

struct PatchProfile: Mappable, Equatable {
    var name = ""
    var nickname: String?
    var age = 0
    var tags: [String] = []
    var settings: [String: Int] = [:]
    var address = PatchAddress()
    var previous: PatchAddress?
}

final class PatchAccount: Mappable {
    var id = 0
    var email = ""
    var phone: String?
    var profile = PatchProfile()
    required init() {}
}

struct ProfileUpdate: Mappable, Equatable {
    var nickname: JSONNullable<String> = .absent
    var bio: JSONNullable<String> = .absent
    var age: JSONNullable<Int> = .absent
}

@Suite("PATCH: three-state properties and JSON Merge Patch")
struct MergePatchTests {
    /// RFC 7396, Appendix A: original, patch, result.
    static let appendixA: [(String, String, String)] = [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
        (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
        (#"{"a":"foo"}"#, "null", "null"),
        (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
        (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ]

    static func value(_ text: String) throws -> JSONValue { try JSONValue(parsing: Data(text.utf8)) }

    @Test("Every example of RFC 7396 Appendix A applies as the RFC says", arguments: 0..<15)
    func appendixAApplies(_ index: Int) throws {
        let (original, patch, result) = Self.appendixA[index]
        #expect(try Self.value(original).applying(mergePatch: Self.value(patch)) == Self.value(result))
    }

    @Test("The patch made from each Appendix A pair turns the original into the result", arguments: 0..<15)
    func appendixAGenerates(_ index: Int) throws {
        let (original, _, result) = Self.appendixA[index]
        let patch = JSONValue.mergePatch(from: try Self.value(original), to: try Self.value(result))
        #expect(try Self.value(original).applying(mergePatch: patch) == Self.value(result))
    }

    @Test("A three-state property reads absent, null and a value, and writes them as such")
    func threeStates() throws {
        let mapper = JSONMapper()
        let update = try mapper.map(ProfileUpdate.self, from: json(#"{"nickname": null, "bio": "hi"}"#))
        #expect(update.nickname == .null && update.bio == .value("hi") && update.age == .absent)
        #expect(String(decoding: try mapper.data(from: update), as: UTF8.self) == #"{"bio":"hi","nickname":null}"#)
        var nullWriter = mapper
        nullWriter.writesNilAsNull = true
        #expect(String(decoding: try nullWriter.data(from: ProfileUpdate()), as: UTF8.self) == "{}")
        let fromTree = try mapper.map(ProfileUpdate.self, from: ["nickname": NSNull(), "age": 3] as [String: Any])
        #expect(fromTree.nickname == .null && fromTree.age == .value(3) && fromTree.bio == .absent)
        #expect(JSONNullable<Int>(nil) == .null && JSONNullable(4).value == 4 && !JSONNullable<Int>.absent.isPresent)
    }

    @Test("A merge patch between two structs holds only what changed, nested, in arrays, dictionaries and optionals")
    func structPatch() throws {
        let mapper = JSONMapper()
        var old = PatchProfile()
        old.name = "Ada"
        old.nickname = "ada"
        old.tags = ["a"]
        old.settings = ["x": 1, "y": 2]
        old.address = PatchAddress(city: "London", zip: "N1")
        var new = old
        new.nickname = nil
        new.age = 36
        new.tags = ["a", "b"]
        new.settings = ["x": 1, "z": 3]
        new.address.zip = nil
        new.previous = PatchAddress(city: "Paris")
        let patch = try JSONValue(parsing: mapper.mergePatch(from: old, to: new))
        #expect(
            patch
                == (try Self.value(
                    """
                    {"nickname": null, "age": 36, "tags": ["a", "b"], "settings": {"y": null, "z": 3},
                     "address": {"zip": null}, "previous": {"city": "Paris"}}
                    """)))
        #expect(try mapper.mergePatch(from: old, to: old) == Data("{}".utf8))
    }

    @Test("Three-state properties round-trip: what is read is written back, absent keys left out")
    func threeStateRoundTrip() throws {
        let mapper = JSONMapper()
        for text in [#"{}"#, #"{"nickname":null}"#, #"{"age":4,"bio":"b","nickname":"n"}"#, #"{"age":null,"bio":"x"}"#]
        {
            let update = try mapper.map(ProfileUpdate.self, from: json(text))
            #expect(String(decoding: try mapper.data(from: update), as: UTF8.self) == text)
        }
    }

    @Test("A merge patch between two class models holds what changed, nested models included")
    func classPatch() throws {
        let mapper = JSONMapper()
        let old = PatchAccount()
        old.id = 1
        old.email = "a@example.com"
        old.phone = "1"
        let new = PatchAccount()
        new.id = 1
        new.email = "b@example.com"
        new.profile.tags = ["t"]
        new.profile.address.city = "Oslo"
        let patch = try JSONValue(parsing: mapper.mergePatch(from: old, to: new))
        #expect(
            patch
                == (try Self.value(
                    #"{"email": "b@example.com", "phone": null, "profile": {"tags": ["t"], "address": {"city": "Oslo"}}}"#
                )))
        var patched = old
        try mapper.apply(mergePatch: mapper.mergePatch(from: old, to: new), to: &patched)
        #expect(try mapper.data(from: patched) == mapper.data(from: new))
    }

    @Test("Applying a patch gives what mapping the patched JSON gives, for classes and structs")
    func applyMatchesMappingPatchedJSON() throws {
        let mapper = JSONMapper()
        let account = PatchAccount()
        account.id = 1
        account.email = "a@example.com"
        account.phone = "123"
        account.profile.name = "Ada"
        let patch = Data(
            #"{"phone": null, "email": "b@example.com", "profile": {"age": 40, "address": {"city": "Oslo"}}}"#.utf8)
        let original = try JSONValue(parsing: mapper.data(from: account))
        let expected = try mapper.map(
            PatchAccount.self,
            from: mapper.data(fromJSONForTest: original.applying(mergePatch: JSONValue(parsing: patch))))
        var patched = account
        try mapper.apply(mergePatch: patch, to: &patched)
        #expect(try mapper.data(from: patched) == mapper.data(from: expected))
        #expect(patched.phone == nil && patched.email == "b@example.com" && patched.profile.age == 40)
        #expect(patched.profile.name == "Ada" && patched.profile.address.city == "Oslo")
        #expect(account.phone == "123")

        var profile = PatchProfile()
        profile.tags = ["x"]
        try mapper.apply(mergePatch: Data(#"{"tags": null, "nickname": "n"}"#.utf8), to: &profile)
        #expect(profile.tags == [] && profile.nickname == "n")
    }

    @Test("A merge patch from three-state properties sends null for a cleared field and nothing for an absent one")
    func patchFromThreeStates() throws {
        let mapper = JSONMapper()
        var update = ProfileUpdate()
        update.nickname = .null
        update.age = .value(3)
        #expect(String(decoding: try mapper.data(from: update), as: UTF8.self) == #"{"age":3,"nickname":null}"#)
        #expect(throws: MappingError.self) {
            var profile = PatchProfile()
            try mapper.apply(mergePatch: Data("{".utf8), to: &profile)
        }
    }
}

extension JSONMapper {
    /// A JSON value as bytes, for comparing with what `apply(mergePatch:to:)` does.
    func data(fromJSONForTest value: JSONValue) throws -> Data {
        try JSONEncoder().encode(value)
    }
}
