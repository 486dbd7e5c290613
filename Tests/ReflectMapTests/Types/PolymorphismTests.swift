import Foundation
import ReflectMap
import Testing

// Cases from GSON's RuntimeTypeAdapterFactoryTest and Moshi's PolymorphicJsonAdapterFactoryTest.

class Animal: JSONPolymorphic, @unchecked Sendable {
    class var typeKey: String { "type" }
    class var subtypes: [String: any Mappable.Type] { ["dog": Dog.self, "cat": Cat.self] }
    var name = ""
    required init() {}
}

final class Dog: Animal, @unchecked Sendable {
    var barks = true
}

final class Cat: Animal, @unchecked Sendable {
    var lives = 9
}

struct Shelter: Mappable {
    var animals: [Animal] = []
    var star = Animal()
    var byPen: [String: Animal] = [:]
    var adopted: Animal?
}

/// GSON's BillingInstrument, whose subtypes are chosen by "type".
class BillingInstrument: JSONPolymorphic, @unchecked Sendable {
    class var typeKey: String { "type" }
    class var subtypes: [String: any Mappable.Type] {
        ["CreditCard": CreditCard.self, "BankTransfer": BankTransfer.self]
    }
    var ownerName = ""
    required init() {}
}

final class CreditCard: BillingInstrument, @unchecked Sendable {
    var cvv = 0
}

final class BankTransfer: BillingInstrument, @unchecked Sendable {
    var bankAccount = 0
}

/// A plain class hierarchy, with no discriminator: GSON still writes the runtime type's fields.
class Vehicle: Mappable, @unchecked Sendable {
    var wheels = 4
    required init() {}
}

final class Truck: Vehicle, @unchecked Sendable {
    var payload = 0
}

struct Garage: Mappable {
    var vehicle = Vehicle()
}

struct Kennel: Mappable {
    var dog = Dog()
}

@Suite("Polymorphic models")
struct PolymorphismTests {
    let shelter = json(
        """
        {"animals": [{"name": "Rex", "barks": false, "type": "dog"}, {"type": "cat", "name": "Tom", "lives": 7}],
         "star": {"lives": 3, "type": "cat", "name": "Kit"},
         "byPen": {"a": {"type": "dog", "name": "Bo", "barks": true}},
         "adopted": {"type": "dog", "name": "Max", "barks": true}}
        """)

    @Test(
        "Array elements, properties, dictionary values and optionals are created as the subtype the discriminator names, wherever it sits"
    )
    func readsSubtypes() throws {
        let model = try JSONMapper().map(Shelter.self, from: shelter)
        #expect(model.animals.count == 2)
        let rex = try #require(model.animals[0] as? Dog)
        #expect(rex.name == "Rex" && rex.barks == false)
        let tom = try #require(model.animals[1] as? Cat)
        #expect(tom.name == "Tom" && tom.lives == 7)
        #expect((model.star as? Cat)?.lives == 3)
        #expect(model.byPen["a"] is Dog)
        #expect(model.adopted is Dog)
    }

    @Test("Writing uses the runtime type and its discriminator, and reads back the same")
    func writesRuntimeTypes() throws {
        let mapper = JSONMapper()
        let model = try mapper.map(Shelter.self, from: shelter)
        let written = try mapper.data(from: model)
        #expect(try JSONValue(parsing: written) == JSONValue(parsing: shelter))
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains(#"{"barks":false,"name":"Rex","type":"dog"}"#))
        let routes = bothRoutes(Shelter.self, shelter, mapper)
        #expect(routes.bytes == routes.dictionary)
        #expect(try mapper.jsonObject(from: model) as? NSDictionary == jsonObject(shelter) as? NSDictionary)
    }

    @Test("The discriminator is not reported as an unmapped key")
    func discriminatorIsNotUnmapped() throws {
        let (_, report) = try JSONMapper().mapWithReport(Shelter.self, from: shelter)
        #expect(report.unmappedKeys.isEmpty)
        #expect(report.skipped.isEmpty)
    }

    @Test("An unknown or missing discriminator throws with the path in strict mode")
    func unknownDiscriminatorInStrictMode() {
        let strict = JSONMapper(mode: .strict)
        let unknown = mappingError {
            _ = try strict.map(
                [Animal].self,
                from: json(#"[{"type": "dog", "name": "Rex", "barks": true}, {"type": "parrot", "name": "Polly"}]"#))
        }
        #expect(
            unknown?.kind
                == .invalidValue(value: "a string \"parrot\"", type: "Animal subtype (one of \"cat\", \"dog\")"))
        #expect(unknown?.path == "[1].type")
        let missing = mappingError { _ = try strict.map([Animal].self, from: json(#"[{"name": "Nobody"}]"#)) }
        #expect(missing?.kind == .missingKey(expected: "the discriminator \"type\" of Animal"))
        #expect(missing?.path == "[0].type")
    }

    @Test("Beside the discriminator, every other unmapped key is reported, on both routes")
    func unmappedBesideDiscriminator() throws {
        let text = #"{"star": {"type": "dog", "name": "Rex", "extra": 1, "barks": false}, "type": "shelter"}"#
        let (model, report) = try JSONMapper().mapWithReport(Shelter.self, from: json(text))
        #expect((model.star as? Dog)?.barks == false)
        #expect(report.unmappedKeys.sorted() == ["star.extra", "type"])
        let object = try #require(try JSONSerialization.jsonObject(with: json(text)) as? [String: Any])
        let (_, treeReport) = try JSONMapper().mapWithReport(Shelter.self, fromJSONObject: object)
        #expect(treeReport.unmappedKeys.sorted() == ["star.extra", "type"])
    }

    @Test("An unknown or missing discriminator falls back to the declared type in lenient mode, and is reported")
    func unknownDiscriminatorInLenientMode() throws {
        let data = json(#"{"animals": [{"type": "parrot", "name": "Polly"}, {"name": "Nobody"}, {"type": "cat"}]}"#)
        let (model, report) = try JSONMapper().mapWithReport(Shelter.self, from: data)
        #expect(model.animals.count == 3)
        #expect(type(of: model.animals[0]) == Animal.self && model.animals[0].name == "Polly")
        #expect(type(of: model.animals[1]) == Animal.self)
        #expect(model.animals[2] is Cat)
        #expect(report.skipped.map(\.path) == ["animals[0].type", "animals[1].type"])
        #expect(report.skipped.first?.value == .string("parrot"))
        let routes = bothRoutes(Shelter.self, data, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("GSON's runtime type adapter: a credit card read and written through its billing instrument base")
    func gsonBillingInstrument() throws {
        struct Wallet: Mappable { var instruments: [BillingInstrument] = [] }
        let data = json(
            #"{"instruments":[{"cvv":234,"ownerName":"Jesse","type":"CreditCard"},{"bankAccount":12,"ownerName":"Jo","type":"BankTransfer"}]}"#
        )
        let wallet = try JSONMapper(mode: .strict).map(Wallet.self, from: data)
        #expect((wallet.instruments[0] as? CreditCard)?.cvv == 234)
        #expect((wallet.instruments[1] as? BankTransfer)?.bankAccount == 12)
        #expect(try JSONMapper().data(from: wallet) == data)
    }

    @Test("A subclass held in a plain base-class property is written with its own fields, as GSON does")
    func plainSubclassWritesItsFields() throws {
        var garage = Garage()
        let truck = Truck()
        truck.payload = 12
        garage.vehicle = truck
        #expect(
            String(decoding: try JSONMapper().data(from: garage), as: UTF8.self)
                == #"{"vehicle":{"payload":12,"wheels":4}}"#)
    }

    @Test("A subtype list that names a type outside the hierarchy, a struct or a class, is an error on first use")
    func subtypeOutsideHierarchy() {
        final class Stranger: Mappable, @unchecked Sendable {
            var name = ""
            required init() {}
        }
        class ListsStruct: JSONPolymorphic, @unchecked Sendable {
            class var typeKey: String { "kind" }
            class var subtypes: [String: any Mappable.Type] { ["product": Product.self] }
            required init() {}
        }
        class ListsClass: JSONPolymorphic, @unchecked Sendable {
            class var typeKey: String { "kind" }
            class var subtypes: [String: any Mappable.Type] { ["stranger": Stranger.self] }
            required init() {}
        }
        struct StructHolder: Mappable { var item = ListsStruct() }
        struct ClassHolder: Mappable { var item = ListsClass() }
        let errors = [
            (
                "Product", "StructHolder.item",
                mappingError { _ = try JSONMapper().map(StructHolder.self, from: json("{}")) }
            ),
            (
                "Stranger", "ClassHolder.item",
                mappingError { _ = try JSONMapper().map(ClassHolder.self, from: json("{}")) }
            ),
        ]
        for (listed, holder, error) in errors {
            if case .unsupportedType(let type, let property)? = error?.kind {
                #expect(type.contains(listed))
                #expect(property == holder)
            } else {
                Issue.record("expected unsupportedType for \(listed), got \(String(describing: error))")
            }
        }
    }

    @Test(
        "A property declared as a subclass of a polymorphic base maps that subclass, and keeps it for a sibling's discriminator in lenient mode"
    )
    func declaredSubclassMaps() throws {
        let kennel = try JSONMapper(mode: .strict).map(
            Kennel.self, from: json(#"{"dog": {"type": "dog", "name": "Rex", "barks": false}}"#))
        #expect(kennel.dog.name == "Rex" && kennel.dog.barks == false)
        #expect(try JSONMapper().map(Dog.self, from: json(#"{"name": "Bo"}"#)).name == "Bo")
        // A discriminator naming a sibling is unknown here: lenient mode keeps the declared type.
        let (other, report) = try JSONMapper().mapWithReport(
            Kennel.self, from: json(#"{"dog": {"type": "cat", "name": "Tom"}}"#))
        #expect(type(of: other.dog) == Dog.self && other.dog.name == "Tom")
        #expect(report.skipped.map(\.path) == ["dog.type"])
    }

    @Test("A repeated discriminator counts by its last occurrence, from bytes and from a dictionary")
    func repeatedDiscriminator() throws {
        let data = json(
            #"{"animals": [{"type": "cat", "name": "Tom", "type": "dog"}, {"type": "parrot", "name": "Rex", "type": "dog"}]}"#
        )
        let shelter = try JSONMapper().map(Shelter.self, from: data)
        #expect(shelter.animals.allSatisfy { $0 is Dog })
        let routes = bothRoutes(Shelter.self, data, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
    }
}
