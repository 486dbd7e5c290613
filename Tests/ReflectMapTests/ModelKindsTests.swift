import Foundation
import ReflectMap
import Testing

class PetBase: Mappable {
    var id = 0
    var name = ""
    required init() {}
}

final class Pet: PetBase {
    var species = ""
    var age: Int?
}

struct Point: Mappable {
    var x = 0.0
    var y = 0.0
}

final class Shape: Mappable {
    var name = ""
    var origin = Point()
    var corner: Point?
    var tags: [String]?
    required init() {}
}

final class Envelope<Payload: Mappable>: Mappable {
    var data: Payload?
    var error: String?
    required init() {}
}

final class TreeNode: Mappable {
    var value = 0
    var children: [TreeNode] = []
    var parent: TreeNode?
    required init() {}
}

struct Empty: Mappable {}

@Suite("Model kinds")
struct ModelKindsTests {
    let mapper = JSONMapper()

    @Test("A subclass is filled with its superclass's properties too")
    func subclassGetsSuperclassProperties() throws {
        let pet = try mapper.map(Pet.self, from: json(#"{"id": 7, "name": "Rex", "species": "dog", "age": 3}"#))
        #expect(pet.id == 7)
        #expect(pet.name == "Rex")
        #expect(pet.species == "dog")
        #expect(pet.age == 3)
    }

    @Test("A non-final base class maps on its own")
    func baseClassMaps() throws {
        let base = try mapper.map(PetBase.self, from: json(#"{"id": 1, "name": "Tom", "species": "cat"}"#))
        #expect(base.id == 1 && base.name == "Tom")
    }

    @Test("Structs and nested structs are filled")
    func structsAndNestedStructs() throws {
        let shape = try mapper.map(
            Shape.self, from: json(#"{"name": "box", "origin": {"x": 1.5, "y": -2}, "corner": {"x": 3, "y": 4}}"#))
        #expect(shape.name == "box")
        #expect(shape.origin.x == 1.5 && shape.origin.y == -2)
        #expect(shape.corner?.x == 3 && shape.corner?.y == 4)
        #expect(shape.tags == nil)
    }

    @Test("A generic envelope unwraps its payload type")
    func genericEnvelope() throws {
        let envelope = try mapper.map(
            Envelope<Pet>.self, from: json(#"{"data": {"id": 2, "species": "owl"}, "error": null}"#))
        #expect(envelope.data?.id == 2)
        #expect(envelope.data?.species == "owl")
        #expect(envelope.error == nil)
    }

    @Test("A recursive model maps to any depth within the limit")
    func recursiveModel() throws {
        let tree = try mapper.map(
            TreeNode.self,
            from: json(
                #"{"value": 1, "children": [{"value": 2, "children": [{"value": 3}]}, {"value": 4}], "parent": {"value": 0}}"#
            ))
        #expect(tree.value == 1)
        #expect(tree.children.map(\.value) == [2, 4])
        #expect(tree.children[0].children.map(\.value) == [3])
        #expect(tree.parent?.value == 0)
    }

    @Test("A model with no properties maps from any object")
    func emptyModel() throws {
        _ = try mapper.map(Empty.self, from: json(#"{"anything": [1, 2]}"#))
        #expect(try mapper.dictionary(from: Empty()).isEmpty)
    }

    @Test("The Model.from(dictionary, keyTranslator:) spelling works")
    func seedSpelling() throws {
        let shape = try Shape.from(["name": "tri", "origin": ["x": 1, "y": 2]], keyTranslator: .snakeCase)
        #expect(shape.name == "tri" && shape.origin.y == 2)
    }

    @Test("A key path unwraps nested envelopes, including array indices")
    func keyPath() throws {
        let data = json(#"{"data": {"result": {"id": 5, "name": "Kit"}, "items": [{"id": 8}]}}"#)
        #expect(try mapper.map(PetBase.self, from: data, at: "data.result").name == "Kit")
        #expect(try mapper.map(PetBase.self, from: data, at: "data.items.0").id == 8)
        let error = mappingError { _ = try mapper.map(PetBase.self, from: data, at: "data.missing") }
        #expect(error?.kind == .keyPathNotFound("data.missing"))
        #expect(error?.path == "data")
    }

    @Test("A top-level array maps to an array of models")
    func topLevelArray() throws {
        let data = json(#"[{"id": 1}, {"id": 2}, {"id": 3}]"#)
        #expect(try mapper.mapArray(PetBase.self, from: data).map(\.id) == [1, 2, 3])
        #expect(try mapper.map([PetBase].self, from: data).count == 3)
        #expect(try mapper.map([PetBase].self, fromJSONObject: jsonObject(data)).count == 3)
    }
}
