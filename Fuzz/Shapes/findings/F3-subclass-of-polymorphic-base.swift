// Finding F3 (see README.md): a property (or a top-level type) declared as a subclass of a
// JSONPolymorphic base cannot be mapped at all. The subclass inherits the conformance, so the plan
// builds a polymorphic adapter for it from the base's `subtypes`, and rejects the siblings as "not a
// Dog". The error names a different sibling from call to call (the `subtypes` dictionary's order).
// Replay: Fuzz/Shapes/shapefuzz.py --replay Fuzz/Shapes/findings/F3-subclass-of-polymorphic-base.swift
// Exits 0 (and prints "F3 fixed") once both reads give the Dog.
import Foundation
import ReflectMap

class Animal: JSONPolymorphic {
    class var typeKey: String { "type" }
    class var subtypes: [String: any Mappable.Type] { ["dog": Dog.self, "cat": Cat.self, "bird": Bird.self] }
    var name = ""
    required init() {}
}

final class Dog: Animal { var barks = true }
final class Cat: Animal { var lives = 9 }
final class Bird: Animal { var sings = true }

struct Kennel: Mappable {
    var dog = Dog()
    var pets: [Animal] = []
}

/// Everything in a function, so that LeakSanitizer sees no globals left at exit.
func replay() throws -> Int32 {
    let kennel = Data(#"{"dog": {"type": "dog", "name": "Rex", "barks": false}, "pets": [{"type": "cat", "name": "Tom"}]}"#.utf8)
    let dog = Data(#"{"type": "dog", "name": "Rex", "barks": false}"#.utf8)
    var fixed = true
    for attempt in 1...3 {
        do {
            let model = try JSONMapper().map(Kennel.self, from: kennel)
            print("Kennel: dog \(model.dog.name) barks \(model.dog.barks), pets \(model.pets.map { type(of: $0) })")
            fixed = fixed && model.dog.name == "Rex" && !model.dog.barks
        } catch {
            print("Kennel, attempt \(attempt): \(error)")
            fixed = false
        }
        do {
            let model = try JSONMapper().map(Dog.self, from: dog)
            print("Dog at the top level: \(model.name) barks \(model.barks)")
            fixed = fixed && model.name == "Rex"
        } catch {
            print("Dog at the top level, attempt \(attempt): \(error)")
            fixed = false
        }
    }
    print(fixed ? "F3 fixed: a subclass-typed property reads as that subclass" : "F3 still there")
    return fixed ? 0 : 1
}

exit(try replay())
