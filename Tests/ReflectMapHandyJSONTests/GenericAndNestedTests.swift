import Foundation
import ReflectMapHandyJSON
import Testing

final class Node: HandyJSON {
    var value = 0
    var children: [Node] = []
    var parent: Node?
    required init() {}
}

extension HandyJSONCompat {
    @Suite("Generics, nested types, enums and collections")
    struct GenericsAndNesting {
        @Test("A generic envelope maps its payload, a generic page its items, both directions")
        func genericModels() throws {
            let json =
                #"{"code": 0, "data": {"total": 2, "items": [{"name": "a", "type": "cat"}, {"name": "b", "type": "dog"}]}}"#
            let response = try #require(Response<Page<Animal>>.deserialize(from: json))
            #expect(response.data?.total == 2)
            #expect(response.data?.items.map(\.name) == ["a", "b"])
            #expect(response.data?.items.map(\.type) == [.cat, .dog])
            let back = try #require(Response<Page<Animal>>.deserialize(from: response.toJSONString()))
            #expect(back.data?.items.map(\.name) == ["a", "b"])
        }

        @Test("Nested models, optional models, arrays of models and recursive models map at every depth")
        func nesting() throws {
            let owner = try #require(
                Owner.deserialize(
                    from: #"{"name": "ada", "pets": [{"name": "a"}], "primary": {"name": "p", "legs": 3}}"#))
            #expect(owner.pets.map(\.name) == ["a"])
            #expect(owner.primary?.legs == 3)
            let tree = try #require(
                Node.deserialize(from: #"{"value": 1, "children": [{"value": 2, "children": [{"value": 3}]}]}"#))
            #expect(tree.children.first?.children.first?.value == 3)
        }

        @Test("A HandyJSONEnum maps by raw value and converts with its own functions")
        func enums() throws {
            #expect(Animal.deserialize(from: #"{"type": "bird"}"#)?.type == .bird)
            #expect(Animal.deserialize(from: #"{"type": "fish"}"#)?.type == nil)
            #expect(AnimalType._transform(from: "dog") == .dog)
            #expect(AnimalType.cat._plainValue() as? String == "cat")
        }

        @Test("An array keeps a nil in the place of each element that is not an object")
        func arraysOfOptionalModels() throws {
            let animals = try #require([Animal].deserialize(from: #"[{"name": "a"}, 3, null, {"name": "d"}]"#))
            #expect(animals.count == 4)
            #expect(animals[0]?.name == "a" && animals[1] == nil && animals[2] == nil && animals[3]?.name == "d")
            let clean = try #require([Animal].deserialize(from: #"[{"name": "a"}, {"name": "b"}]"#))
            #expect(clean.map { $0?.name } == ["a", "b"])
            #expect([Animal].deserialize(from: [["name": "x"], "y"] as [Any])?.map { $0?.name } == ["x", nil])
            #expect([Animal].deserialize(from: NSArray(array: [["name": "z"]]))?.first??.name == "z")
        }

        @Test("A designated path reaches the model or the array inside an envelope")
        func designatedPaths() throws {
            let json = #"{"data": {"user": {"name": "a"}, "list": [{"name": "b"}]}}"#
            #expect(Animal.deserialize(from: json, designatedPath: "data.user")?.name == "a")
            #expect([Animal].deserialize(from: json, designatedPath: "data.list")?.first??.name == "b")
            #expect(
                Animal.deserialize(from: ["data": ["user": ["name": "c"]]], designatedPath: "data.user")?.name == "c")
            #expect(Animal.deserialize(from: json, designatedPath: "data.missing") == nil)
            #expect(Animal.deserialize(from: json, designatedPath: ". data . user") == nil)
            #expect(Animal.deserialize(from: json, designatedPath: "data..user")?.name == "a")
            let dotted = #"{"data": {"org.example.user": {"name": "e"}}}"#
            #expect(Animal.deserialize(from: dotted, designatedPath: #"data.org\.example\.user"#)?.name == "e")
        }

        @Test("JSONDeserializer reads, updates and reads arrays as the deserialize methods do")
        func deserializer() throws {
            #expect(JSONDeserializer<Animal>.deserializeFrom(json: #"{"name": "a"}"#)?.name == "a")
            #expect(JSONDeserializer<Animal>.deserializeFrom(dict: ["name": "b"])?.name == "b")
            #expect(
                JSONDeserializer<Animal>.deserializeFrom(dict: NSDictionary(dictionary: ["name": "c"]))?.name == "c")
            #expect(JSONDeserializer<Animal>.deserializeModelArrayFrom(json: #"[{"name": "d"}]"#)?.first??.name == "d")
            // With a designated path, only the array there counts, never the document around it.
            let nested = #"[[{"name": "g"}], {"name": "h"}]"#
            #expect(
                JSONDeserializer<Animal>.deserializeModelArrayFrom(json: nested, designatedPath: "0")?.map { $0?.name }
                    == ["g"])
            #expect(JSONDeserializer<Animal>.deserializeModelArrayFrom(json: nested, designatedPath: "1") == nil)
            let topLevel = #"[{"name": "i"}]"#
            #expect(JSONDeserializer<Animal>.deserializeModelArrayFrom(json: topLevel, designatedPath: "0") == nil)
            #expect(JSONDeserializer<Animal>.deserializeModelArrayFrom(array: [["name": "e"]])?.first??.name == "e")
            #expect(
                JSONDeserializer<Animal>.deserializeModelArrayFrom(array: NSArray(array: [["name": "f"]]))?.first??.name
                    == "f")
            var animal = Animal()
            animal.name = "kept"
            JSONDeserializer<Animal>.update(object: &animal, from: #"{"outer": {"legs": 3}}"#, designatedPath: "outer")
            #expect(animal.name == "kept" && animal.legs == 3)
            JSONDeserializer<Animal>.update(object: &animal, from: ["weight": 2.5])
            #expect(animal.weight == 2.5 && animal.legs == 3)
        }

        @Test("Models put into a dictionary in code are taken as they are")
        func typedValuesInDictionaries() throws {
            let pet = Animal()
            pet.name = "inside"
            let owner = try #require(Owner.deserialize(from: ["name": "o", "primary": pet, "pets": [["name": "x"]]]))
            #expect(owner.primary === pet)
            #expect(owner.pets.first?.name == "x")
            #expect(Animal.deserialize(from: ["type": AnimalType.dog])?.type == .dog)
        }
    }
}
