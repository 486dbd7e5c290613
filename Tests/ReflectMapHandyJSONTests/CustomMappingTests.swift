import Foundation
import ReflectMap
import ReflectMapHandyJSON
import Testing

final class Mapped: HandyJSON {
    var id = 0
    var name = ""
    var city: String?
    var alias: String?
    var dotted: String?
    var secret = "kept"
    var skipped = "kept"
    var excluded = "kept"
    var count = 0
    var converted: [String] = []
    var renamedLater: String?
    required init() {}

    func mapping(mapper: HelpingMapper) {
        mapper <<< self.id <-- "user_id"
        mapper <<< self.name <-- ["full_name", "name"]
        mapper <<< self.city <-- "address.location.city"
        mapper <<< self.dotted <-- "a\\.b"
        mapper <<< [self.alias <-- "nick", self.count <-- "n"]
        mapper >>> self.secret
        mapper.exclude(property: &skipped)
        mapper.specify(property: &excluded, name: "other")
        mapper.specify(property: &converted) { text in text.split(separator: ",").map(String.init) }
        mapper.specify(property: &renamedLater, name: "renamed", converter: { $0.uppercased() })
    }
}

struct MappedStruct: HandyJSON {
    var id = 0
    var date: Date?
    var seconds = Date(timeIntervalSince1970: 0)

    mutating func mapping(mapper: HelpingMapper) {
        mapper <<< self.id <-- "struct_id"
        mapper <<< self.date <-- ("when", DateTransform())
        mapper <<< self.seconds <-- DateTransform()
    }
}

extension HandyJSONCompat {
    @Suite("Custom mapping with every operator form")
    struct CustomMapping {
        let json = """
            {"user_id": 7, "name": "Ada", "address": {"location": {"city": "London"}}, "a.b": "dot", "nick": "ace",
             "n": "3", "secret": "leaked", "skipped": "leaked", "other": "from other", "converted": "x,y",
             "renamed": "loud", "excluded": "wrong key"}
            """

        @Test("A key, alternates, a nested path, an escaped dot and a list of rules each pick their key")
        func keys() throws {
            let model = try #require(Mapped.deserialize(from: json))
            #expect(model.id == 7)
            #expect(model.name == "Ada")
            #expect(model.city == "London")
            #expect(model.dotted == "dot")
            #expect(model.alias == "ace" && model.count == 3)
        }

        @Test("The first alternate the JSON has wins")
        func alternates() throws {
            #expect(Mapped.deserialize(from: #"{"full_name": "Ada L", "name": "Ada"}"#)?.name == "Ada L")
            #expect(Mapped.deserialize(from: #"{"name": "Ada"}"#)?.name == "Ada")
        }

        @Test(">>> and exclude leave a property out of reading and writing")
        func exclusions() throws {
            let model = try #require(Mapped.deserialize(from: json))
            #expect(model.secret == "kept" && model.skipped == "kept")
            let written = try #require(model.toJSON())
            #expect(written["secret"] == nil && written["skipped"] == nil)
        }

        @Test("specify renames a property and converts it from the JSON value's text")
        func specify() throws {
            let model = try #require(Mapped.deserialize(from: json))
            #expect(model.excluded == "from other")
            #expect(model.converted == ["x", "y"])
            #expect(model.renamedLater == "LOUD")
            #expect(Mapped.deserialize(from: #"{"converted": 12}"#)?.converted == ["12"])
        }

        @Test("Renamed properties are written under their first key, a path as nested objects")
        func writing() throws {
            let model = try #require(Mapped.deserialize(from: json))
            let written = try #require(model.toJSON())
            #expect(written["user_id"] as? Int == 7)
            #expect(written["full_name"] as? String == "Ada")
            #expect(written["a.b"] as? String == "dot")
            #expect(
                ((written["address"] as? [String: Any])?["location"] as? [String: Any])?["city"] as? String == "London")
            #expect(written["converted"] as? [String] == ["x", "y"])
            let back = try #require(Mapped.deserialize(from: model.toJSONString()))
            #expect(back.id == 7 && back.name == "Ada" && back.city == "London" && back.dotted == "dot")
        }

        @Test("A struct's rules work the same, with a key and a transform together")
        func structRules() throws {
            let model = try #require(
                MappedStruct.deserialize(from: #"{"struct_id": 2, "when": 86400, "seconds": "60"}"#))
            #expect(model.id == 2)
            #expect(model.date == Date(timeIntervalSince1970: 86400))
            #expect(model.seconds == Date(timeIntervalSince1970: 60))
            #expect(tree(model.toJSONString()) == tree(#"{"struct_id": 2, "when": 86400, "seconds": 60}"#))
        }
    }
}
