import Foundation
import ReflectMap
import Testing

// The rules an object follows as its members fill a model, the same for bytes and for the
// dictionaries JSONSerialization returns.

struct RuleProfile: Mappable {
    var id = 0
    var name = "unnamed"
    var tags: [String] = []
    var scores: [String: Int] = [:]
    @JSONKey("title", alternates: "heading") var title = "untitled"
}

struct RulePlace: Mappable {
    @JSONKey(path: "location.lat") var latitude = 0.0
    @JSONKey(path: "location.lng") var longitude = 0.0
    @JSONKey(path: "meta.address.city", alternates: "city") var city = ""
    var location: [String: Double] = [:]
}

struct Table: Mappable {
    var counts: [String: Int] = [:]
}

struct Aliased: Mappable {
    @JSONKey("name", alternates: "title", "label") var name = ""
}

final class RuleAccount: Mappable {
    @JSONKey("level", alternates: "tier") var level = 1
    var name = ""
    required init() {}
}

@Suite("Object rules: repeated keys, alternates, path keys and strict errors")
struct ObjectRulesTests {
    let mapper = JSONMapper()

    /// Maps from bytes and from the dictionary JSONSerialization makes of the same bytes.
    func both<T: Mappable>(
        _ type: T.Type, _ text: String, _ mapper: JSONMapper = JSONMapper()
    ) throws -> (bytes: T, tree: T) {
        let data = json(text)
        return (
            try mapper.map(T.self, from: data),
            try mapper.map(T.self, fromJSONObject: JSONSerialization.jsonObject(with: data))
        )
    }

    @Test("A repeated key's unusable last value leaves the property at its default, as a dictionary would")
    func repeatedKeyWithUnusableLastValue() throws {
        let (bytes, tree) = try both(RuleProfile.self, #"{"id": 7, "name": "a", "name": [5], "id": "x"}"#)
        #expect(bytes.id == 0 && tree.id == 0)
        #expect(bytes.name == "unnamed" && tree.name == "unnamed")
        let report = try JSONMapper().mapWithReport(RuleProfile.self, from: json(#"{"tags": [1, "a"], "tags": ["b"]}"#))
            .report
        // What the report said of the replaced value is gone.
        #expect(report.skipped.isEmpty)
    }

    @Test("A dictionary property's repeated key keeps only its last value, and drops the key when that is unusable")
    func dictionaryRepeatedKey() throws {
        let (bytes, tree) = try both(RuleProfile.self, #"{"scores": {"a": 1, "b": 2, "a": "x", "b": 3}}"#)
        #expect(bytes.scores == ["b": 3])
        #expect(tree.scores == ["b": 3])
    }

    @Test("The preferred key wins wherever it comes, and a lesser key after it is not taken")
    func alternatesByPriority() throws {
        for text in [#"{"heading": "h", "title": "t"}"#, #"{"title": "t", "heading": "h"}"#] {
            let (bytes, tree) = try both(RuleProfile.self, text)
            #expect(bytes.title == "t" && tree.title == "t")
        }
        // A lesser key's unusable value is replaced, not kept, when the preferred key follows.
        let complete = #"{"id": 1, "name": "", "tags": [], "scores": {}, "heading": 4, "title": "t"}"#
        let (strictBytes, strictTree) = try both(RuleProfile.self, complete, JSONMapper(mode: .strict))
        #expect(strictBytes.title == "t" && strictTree.title == "t")
    }

    @Test("Strict mode reports the first property in declaration order that fails, wherever it is in the input")
    func strictErrorInDeclarationOrder() throws {
        let strict = JSONMapper(mode: .strict)
        let text = #"{"title": 1, "tags": [2], "name": "n", "id": "x", "scores": {}}"#
        let fromBytes = mappingError { _ = try strict.map(RuleProfile.self, from: json(text)) }
        let fromTree = mappingError {
            _ = try strict.map(RuleProfile.self, fromJSONObject: try JSONSerialization.jsonObject(with: json(text)))
        }
        #expect(fromBytes?.path == "id")
        #expect(fromTree?.path == "id")
        // A missing key counts in the same order.
        let missing = mappingError {
            _ = try strict.map(RuleProfile.self, from: json(#"{"name": 1, "tags": [], "scores": {}, "title": ""}"#))
        }
        #expect(missing?.kind == .missingKey(expected: "Int"))
        #expect(missing?.path == "id")
    }

    @Test("Strict mode still reports malformed JSON after a failing member first")
    func malformedAfterStrictFailure() throws {
        let error = mappingError {
            _ = try JSONMapper(mode: .strict).map(RuleProfile.self, from: json(#"{"id": "x", "tags": [1,]}"#))
        }
        guard case .malformedJSON? = error?.kind else {
            Issue.record("expected malformedJSON, got \(String(describing: error))")
            return
        }
        let trailing = mappingError {
            _ = try JSONMapper(mode: .strict).map(RuleProfile.self, from: json(#"{"id": "x"} ]"#))
        }
        guard case .malformedJSON? = trailing?.kind else {
            Issue.record("expected malformedJSON, got \(String(describing: trailing))")
            return
        }
    }

    @Test("Strict mode reports a dictionary's first failing key in key order on both routes")
    func strictDictionaryKeyOrder() throws {
        let strict = JSONMapper(mode: .strict)
        let text = #"{"id": 1, "name": "", "tags": [], "title": "", "scores": {"z": "x", "m": "y", "a": 1}}"#
        #expect(mappingError { _ = try strict.map(RuleProfile.self, from: json(text)) }?.path == "scores.m")
        let tree = try JSONSerialization.jsonObject(with: json(text))
        #expect(mappingError { _ = try strict.map(RuleProfile.self, fromJSONObject: tree) }?.path == "scores.m")
    }

    @Test("Path keys follow the input's nesting, alongside a property that takes the whole object")
    func pathKeys() throws {
        let text = #"{"location": {"lat": 1.5, "lng": 2.5}, "meta": {"address": {"city": "Oslo"}}}"#
        let (bytes, tree) = try both(RulePlace.self, text)
        for place in [bytes, tree] {
            #expect(place.latitude == 1.5 && place.longitude == 2.5)
            #expect(place.city == "Oslo")
            #expect(place.location == ["lat": 1.5, "lng": 2.5])
        }
        // The alternate plain key, and a repeated group of which only the last counts.
        let repeated = #"{"city": "Bergen", "location": {"lat": 1, "lng": 2}, "location": {"lat": 3}}"#
        let (again, againTree) = try both(RulePlace.self, repeated)
        for place in [again, againTree] {
            #expect(place.city == "Bergen")
            #expect(place.latitude == 3 && place.longitude == 0)
        }
        #expect(
            try JSONMapper().mapWithReport(RulePlace.self, from: json(repeated)).report.unfilledProperties.contains(
                "location.lng"))
    }

    @Test("A repeated group leaves a property that an alternate key filled as it is")
    func repeatedGroupKeepsAlternate() throws {
        let (bytes, tree) = try both(RulePlace.self, #"{"city": "Bergen", "meta": 3, "city": "Bergen", "meta": 3}"#)
        #expect(bytes.city == "Bergen" && tree.city == "Bergen")
    }

    @Test("update of a class instance puts a replaced property back to its value before the update")
    func classUpdateResetsReplacedProperty() throws {
        let account = RuleAccount()
        account.level = 5
        var target = account
        try JSONMapper().update(&target, from: json(#"{"tier": 9, "level": "unusable", "name": "n"}"#))
        #expect(account.level == 5 && account.name == "n")
    }

    @Test("update reads bytes by the same rules, and leaves a struct unchanged when it throws")
    func updateRules() throws {
        var profile = RuleProfile()
        profile.name = "kept"
        try JSONMapper().update(&profile, from: json(#"{"id": 3, "id": "bad", "tags": ["a"]}"#))
        // The repeated key's unusable last value puts the property back to its value before the update.
        #expect(profile.id == 0 && profile.tags == ["a"] && profile.name == "kept")
        let before = profile
        #expect(
            mappingError { try JSONMapper(mode: .strict).update(&profile, from: json(#"{"id": "x", "name": "y"}"#)) }?
                .path == "id")
        #expect(profile.name == before.name && profile.id == before.id)
    }

    @Test("A key written with escapes matches its property")
    func escapedKeys() throws {
        #expect(try mapper.map(Texts.self, from: json(#"{"na\u006de": "x"}"#)).name == "x")
    }

    @Test("When a key appears twice only the last value counts, as with JSONSerialization, even a null or a bad one")
    func duplicateKeys() throws {
        #expect(try mapper.map(Texts.self, from: json(#"{"name": "first", "name": "second"}"#)).name == "second")
        #expect(try mapper.map(Texts.self, from: json(#"{"name": "first", "name": null}"#)).name == "")
        #expect(try mapper.map(Numbers.self, from: json(#"{"small": 1, "small": [2]}"#)).small == 0)
        #expect(try JSONMapper(mode: .strict).map(Texts.self, from: json(#"{"name": 5, "name": "x"}"#)).name == "x")
        let table = try mapper.map(Table.self, from: json(#"{"counts": {"a": 1, "b": 2, "a": "x"}}"#))
        #expect(table.counts == ["b": 2])
        let (_, report) = try mapper.mapWithReport(Texts.self, from: json(#"{"extra": 1, "name": "a", "extra": 2}"#))
        #expect(report.unmappedKeys == ["extra"])
        // The value under the earlier copy is still validated, where JSONSerialization lets it pass.
        let hidden = json(#"{"real": 1e999, "real": 1}"#)
        #expect((try? JSONSerialization.jsonObject(with: hidden)) != nil)
        #expect(mappingError { _ = try mapper.map(Numbers.self, from: hidden) }?.byteOffset == 9)
    }

    @Test("@JSONKey alternates keep their priority whatever order the keys arrive in")
    func alternatePriority() throws {
        #expect(try mapper.map(Aliased.self, from: json(#"{"label": "c", "name": "a", "title": "b"}"#)).name == "a")
        #expect(try mapper.map(Aliased.self, from: json(#"{"label": "c", "title": "b"}"#)).name == "b")
        #expect(try mapper.map(Aliased.self, from: json(#"{"title": "b", "label": "c"}"#)).name == "b")
        // The preferred key decides even when its value is null, as it does in a dictionary.
        #expect(try mapper.map(Aliased.self, from: json(#"{"title": "b", "name": null}"#)).name == "")
    }

    @Test("With several problems, malformed JSON is reported first, then the first property in declaration order")
    func severalProblems() throws {
        let strict = JSONMapper(mode: .strict)
        let mismatch = mappingError { _ = try strict.map(Numbers.self, from: json(#"{"big": "x"}"#)) }
        #expect(mismatch?.kind == .missingKey(expected: "Int64"))
        #expect(mismatch?.path == "small")
        let malformed = mappingError {
            _ = try strict.map(Numbers.self, from: json(#"{"small": "x", "big": 1, "real": 1.}"#))
        }
        guard case .malformedJSON? = malformed?.kind else {
            Issue.record("expected malformedJSON, got \(String(describing: malformed))")
            return
        }
        #expect(malformed?.byteOffset == 35)
    }
}
