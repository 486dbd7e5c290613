import Foundation
import ReflectMap
import Testing

/// The Polymorphic Models article.
enum PolymorphicModels {
    class Animal: JSONPolymorphic, @unchecked Sendable {
        class var typeKey: String { "type" }
        class var subtypes: [String: any Mappable.Type] { ["dog": Dog.self, "cat": Cat.self] }
        var name = ""
        required init() {}
    }

    nonisolated final class Dog: Animal, @unchecked Sendable {
        var barks = true
    }

    nonisolated final class Cat: Animal, @unchecked Sendable {
        var lives = 9
    }

    struct Shelter: Mappable {
        var animals: [Animal] = []
        var star: Animal?
    }
}

@Suite("Polymorphic Models article")
struct PolymorphicModelsSnippets {
    typealias Dog = PolymorphicModels.Dog
    typealias Cat = PolymorphicModels.Cat
    typealias Shelter = PolymorphicModels.Shelter

    @Test("Each object is created as the subclass its discriminator names")
    func subtypes() throws {
        let shelter = try JSONMapper().map(Shelter.self, from: Data("""
            {"animals": [{"type": "dog", "name": "Rex", "barks": false}, {"name": "Tom", "type": "cat"}]}
            """.utf8))
        for animal in shelter.animals {
            switch animal {
            case let dog as Dog: print(dog.name, dog.barks)
            case let cat as Cat: print(cat.name, cat.lives)
            default: print(animal.name)
            }
        }
        #expect((shelter.animals.first as? Dog)?.barks == false && (shelter.animals.last as? Cat)?.lives == 9)
        let written = try JSONValue(parsing: JSONMapper().data(from: shelter))
        #expect(written["animals"]?[0]?["type"] == .string("dog") && written["animals"]?[1]?["lives"] == .number(.integer(9)))
    }
}
