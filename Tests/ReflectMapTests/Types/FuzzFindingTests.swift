import Foundation
import ReflectMap
import Testing

// Regressions for what the fuzzers found in adapters, transforms, key paths and polymorphism (Fuzz/Shapes/findings).

struct SpelledKeys: Mappable {
    var byId: [Int: String] = [:]
    var byUUID: [UUID: String] = [:]
}

struct Kennel: Mappable {
    var dog = Dog()
}

struct Pair: Mappable {
    var a = 0
    var b = 0
}

struct LossyPairs: Mappable {
    @JSONTransform(LossyArray<Pair>()) var items: [Pair] = []
}

@Suite("Fuzz findings in adapters, transforms, key paths and polymorphism")
struct FuzzFindingTests {
    @Test("F2: two spellings of one dictionary key give one answer on every call and both routes")
    func twoSpellingsOfOneKey() throws {
        let lower = "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
        let data = json("""
        {"byId": {"01": "zero-one", "1": "one", "+1": "plus-one"},
         "byUUID": {"\(lower)": "lower", "\(lower.uppercased())": "upper"}}
        """)
        let mapper = JSONMapper()
        let (first, report) = try mapper.mapWithReport(SpelledKeys.self, from: data)
        #expect(first.byId == [1: "one"])
        #expect(first.byUUID.values.first == "upper")
        #expect(report.skipped.map(\.path) == ["byId.+1", "byId.01", "byUUID.\(lower)"])
        for _ in 0..<20 {
            #expect(try mapper.map(SpelledKeys.self, from: data).byId == [1: "one"])
        }
        let routes = bothRoutes(SpelledKeys.self, data, mapper)
        #expect(routes.bytes == routes.dictionary)
        let strict = mappingError { _ = try JSONMapper(mode: .strict).map(SpelledKeys.self, from: data) }
        #expect(strict?.path.hasPrefix("byId.") == true)
        let strictRoutes = bothRoutes(SpelledKeys.self, data, JSONMapper(mode: .strict))
        #expect(strictRoutes.bytes == strictRoutes.dictionary)
    }

    @Test("F3: a property declared as a subclass of a polymorphic base maps that subclass")
    func declaredSubclassMaps() throws {
        let kennel = try JSONMapper(mode: .strict).map(Kennel.self, from: json(#"{"dog": {"type": "dog", "name": "Rex", "barks": false}}"#))
        #expect(kennel.dog.name == "Rex" && kennel.dog.barks == false)
        #expect(try JSONMapper().map(Dog.self, from: json(#"{"name": "Bo"}"#)).name == "Bo")
        // A discriminator naming a sibling is unknown here: lenient mode keeps the declared type.
        let (other, report) = try JSONMapper().mapWithReport(Kennel.self, from: json(#"{"dog": {"type": "cat", "name": "Tom"}}"#))
        #expect(type(of: other.dog) == Dog.self && other.dog.name == "Tom")
        #expect(report.skipped.map(\.path) == ["dog.type"])
    }

    @Test("F4: a lossy array's dropped element leaves the same report on both routes")
    func lossyArrayReportsAgree() throws {
        let data = json(#"{"items": [{"a": 1, "zz": true}, {"a": 2, "b": 3}, {"zz": 1, "b": "x", "a": "y"}]}"#)
        let strict = JSONMapper(mode: .strict)
        let (pairs, report) = try strict.mapWithReport(LossyPairs.self, from: data)
        #expect(pairs.items.map(\.a) == [2])
        #expect(report.unmappedKeys.isEmpty)
        #expect(report.skipped.map(\.path) == ["items[0].b", "items[2].a"])
        let routes = bothRoutes(LossyPairs.self, data, strict)
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("F5: a repeated discriminator counts by its last occurrence, on both routes")
    func repeatedDiscriminator() throws {
        let data = json(#"{"animals": [{"type": "cat", "name": "Tom", "type": "dog"}, {"type": "parrot", "name": "Rex", "type": "dog"}]}"#)
        let shelter = try JSONMapper().map(Shelter.self, from: data)
        #expect(shelter.animals.allSatisfy { $0 is Dog })
        let routes = bothRoutes(Shelter.self, data, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("A set of comparable elements is written in order when keys are sorted")
    func setsWriteInOrder() throws {
        struct Tags: Mappable { var tags: Set<String> = [] }
        var tags = Tags()
        tags.tags = ["delta", "alpha", "charlie", "bravo"]
        #expect(String(decoding: try JSONMapper().data(from: tags), as: UTF8.self) == #"{"tags":["alpha","bravo","charlie","delta"]}"#)
    }
}
