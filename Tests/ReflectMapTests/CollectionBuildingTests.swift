import Foundation
import ReflectMap
import Testing

/// Counts the instances of the counted models that are alive, across the tests that make them.
private final class LiveCount: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func change(_ tag: String, by delta: Int) {
        lock.lock()
        counts[tag, default: 0] += delta
        lock.unlock()
    }

    func alive(_ tag: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return counts[tag, default: 0]
    }
}

private let live = LiveCount()

/// A class model that counts its live instances under its class's name: every instance, the ones
/// the mapper makes to reset a property too. Each test that counts reads a subclass of its own.
private class Counted: Mappable {
    var id = 0
    var name = ""
    required init() { live.change(String(describing: type(of: self)), by: 1) }
    deinit { live.change(String(describing: type(of: self)), by: -1) }
    static var alive: Int { live.alive(String(describing: self)) }
}

private final class InOrder: Counted {}
private final class Behaving: Counted {}
private final class Nested: Counted {}
private final class Failing: Counted {}
private final class Keyed: Counted {}
private final class FailingKeyed: Counted {}

private final class Holder<Element: Counted>: Mappable {
    var items: [Element] = []
    var byName: [String: Element] = [:]
    var nested: [[Element]] = []
    required init() {}
}

private struct ValueItem: Mappable {
    var id = 0
    var name = ""
}

private struct Collections: Mappable {
    var values: [ValueItem] = []
    var texts: [String: String] = [:]
    var numbers: [Int: Int] = [:]
    var models: [String: ValueItem] = [:]
}

/// Array fields with defaults that hold elements, and one that holds none.
private final class Defaults: Mappable {
    var numbers = [1, 2, 3]
    var names = ["a"]
    var items: [ValueItem] = [ValueItem(id: 7, name: "seven")]
    var empty: [Int] = []
    required init() {}
}

/// Element counts on both sides of the capacities of the blocks that elements, keys and values gather
/// in (a new first block has 512 bytes: 64 class references or 32 strings; each next block holds at
/// least twice as many), and one large count.
private let counts = [0, 1, 2, 31, 32, 33, 63, 64, 65, 127, 128, 129, 1000]

private func objects(_ count: Int) -> String {
    (0..<count).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: ", ")
}

@Suite("Arrays and dictionaries made at their final size")
struct CollectionBuildingTests {
    @Test(
        "An array of class models holds every element in order, at every length", .serialized, arguments: counts)
    func classArraysInOrder(count: Int) throws {
        do {
            let holder = try JSONMapper().map(Holder<InOrder>.self, from: json(#"{"items": [\#(objects(count))]}"#))
            #expect(holder.items.map(\.id) == Array(0..<count))
            #expect(holder.items.count == count)
            #expect(InOrder.alive == count)
        }
        // Every element is released with the array: none leaked, none released twice.
        #expect(InOrder.alive == 0)
    }

    @Test("An array of class models read from JSON is an ordinary array: copied on write, cast and grown")
    func classArraysBehaveAsArrays() throws {
        do {
            let holder = try JSONMapper().map(Holder<Behaving>.self, from: json(#"{"items": [\#(objects(9))]}"#))
            var copy = holder.items
            copy.append(Behaving())
            copy.removeFirst()
            copy.swapAt(0, 1)
            // The array read is unchanged by the copy's writes.
            #expect(holder.items.map(\.id) == Array(0..<9))
            #expect(copy.map(\.id) == [2, 1, 3, 4, 5, 6, 7, 8, 0])
            // The same instances, not copies of them.
            #expect(copy[0] === holder.items[2])
            let erased = holder.items as [AnyObject]
            let back = try #require(erased as? [Behaving])
            #expect(back.map(\.id) == Array(0..<9))
            #expect((erased as? [InOrder]) == nil)
            #expect(([Behaving]() + holder.items + holder.items).count == 18)
            var grown = holder.items
            grown.reserveCapacity(100)
            for _ in 0..<50 { grown.append(Behaving()) }
            #expect(grown.count == 59 && grown[8] === holder.items[8])
            #expect(holder.items.sorted { $0.id > $1.id }.first?.id == 8)
            #expect(Behaving.alive == 9 + 1 + 50)
        }
        #expect(Behaving.alive == 0)
    }

    @Test("An array of arrays of class models holds each inner array whole")
    func nestedClassArrays() throws {
        do {
            let text = #"{"nested": [[\#(objects(3))], [], [\#(objects(17))]]}"#
            let holder = try JSONMapper().map(Holder<Nested>.self, from: json(text))
            #expect(holder.nested.map(\.count) == [3, 0, 17])
            #expect(holder.nested[2].map(\.id) == Array(0..<17))
        }
        #expect(Nested.alive == 0)
    }

    @Test("A read that fails midway through an array releases the elements gathered before it")
    func failedArrayReleasesItsElements() throws {
        let text = #"{"items": [\#(objects(20)), {"id": "x"}]}"#
        #expect(throws: MappingError.self) { try JSONMapper(mode: .strict).map(Holder<Failing>.self, from: json(text)) }
        #expect(Failing.alive == 0)
        let broken = #"{"items": [\#(objects(20)), "#
        #expect(throws: MappingError.self) { try JSONMapper().map(Holder<Failing>.self, from: json(broken)) }
        #expect(Failing.alive == 0)
        // Lenient mode keeps the element, with the property that failed at its default.
        do {
            let lenient = try JSONMapper().map(Holder<Failing>.self, from: json(text))
            #expect(lenient.items.map(\.id) == Array(0..<20) + [0])
        }
        #expect(Failing.alive == 0)
    }

    @Test("An empty JSON array empties an array field whatever its default or earlier value held")
    func emptyArraysReplaceEveryDefault() throws {
        let text = #"{"numbers": [], "names": [ ], "items": [\#n], "empty": []}"#
        let mapped = try JSONMapper().map(Defaults.self, from: json(text))
        #expect(mapped.numbers.isEmpty && mapped.names.isEmpty && mapped.items.isEmpty && mapped.empty.isEmpty)
        // An update empties what the model held before it, and a field that stayed empty stays so.
        var model = Defaults()
        model.empty = [9]
        try JSONMapper().update(&model, from: json(#"{"numbers": [], "empty": []}"#))
        #expect(model.numbers.isEmpty && model.empty.isEmpty && model.names == ["a"])
        // The elements of a non-empty array still replace the default's.
        let filled = try JSONMapper().map(Defaults.self, from: json(#"{"numbers": [4], "empty": [5, 6]}"#))
        #expect(filled.numbers == [4] && filled.empty == [5, 6] && filled.items.map(\.id) == [7])
    }

    @Test("A dictionary of class models holds each key's model, at every size", .serialized, arguments: counts)
    func classDictionaries(count: Int) throws {
        do {
            let members = (0..<count).map { #""k\#($0)": {"id": \#($0)}"# }.joined(separator: ", ")
            let holder = try JSONMapper().map(Holder<Keyed>.self, from: json(#"{"byName": {\#(members)}}"#))
            #expect(holder.byName.count == count)
            #expect((0..<count).allSatisfy { holder.byName["k\($0)"]?.id == $0 })
            #expect(Keyed.alive == count)
        }
        #expect(Keyed.alive == 0)
    }

    @Test("Dictionaries of strings, numbers and struct models hold each key's value, at every size", arguments: counts)
    func valueDictionaries(count: Int) throws {
        let keys = 0..<count
        let texts = keys.map { #""t\#($0)": "v\#($0)""# }.joined(separator: ", ")
        let numbers = keys.map { #""\#($0)": \#($0 * 2)"# }.joined(separator: ", ")
        let models = keys.map { #""m\#($0)": {"id": \#($0)}"# }.joined(separator: ", ")
        let values = keys.map { #"{"id": \#($0)}"# }.joined(separator: ", ")
        let text = #"{"texts": {\#(texts)}, "numbers": {\#(numbers)}, "models": {\#(models)}, "values": [\#(values)]}"#
        for mapped in [
            try JSONMapper().map(Collections.self, from: json(text)),
            try JSONMapper().map(Collections.self, fromJSONObject: JSONSerialization.jsonObject(with: json(text))),
        ] {
            #expect(mapped.texts == Dictionary(uniqueKeysWithValues: keys.map { ("t\($0)", "v\($0)") }))
            #expect(mapped.numbers == Dictionary(uniqueKeysWithValues: keys.map { ($0, $0 * 2) }))
            #expect(mapped.models.mapValues(\.id) == Dictionary(uniqueKeysWithValues: keys.map { ("m\($0)", $0) }))
            #expect(mapped.values.map(\.id) == Array(keys))
        }
    }

    @Test("A repeated key keeps its last value, and an unusable last value drops the key and nothing read before it")
    func repeatedKeysAroundUnusableValues() throws {
        // Keys before and after the unusable value, and a key repeated across it.
        let text = #"{"texts": {"a": "1", "b": "2", "c": "3", "b": 4, "d": "5", "a": "6", "b": "7", "c": [8]}}"#
        let mapped = try JSONMapper().map(Collections.self, from: json(text))
        #expect(mapped.texts == ["a": "6", "b": "7", "d": "5"])
        let tree = try JSONMapper().map(
            Collections.self, fromJSONObject: JSONSerialization.jsonObject(with: json(text)))
        #expect(tree.texts == mapped.texts)
        // Many members on each side of the unusable one.
        let before = (0..<40).map { #""k\#($0)": "\#($0)""# }.joined(separator: ", ")
        let after = (40..<80).map { #""k\#($0)": "\#($0)""# }.joined(separator: ", ")
        let long = try JSONMapper().map(
            Collections.self, from: json(#"{"texts": {\#(before), "k3": {}, \#(after)}}"#))
        #expect(long.texts.count == 79 && long.texts["k3"] == nil && long.texts["k79"] == "79")
        // An unusable value before any usable one, first and again after an unusable one: its key's
        // block, with no value beside it, goes back to the read's pool (the sanitizer runs check that).
        let first = try JSONMapper().map(Collections.self, from: json(#"{"texts": {"a": [1], "b": "2"}}"#))
        #expect(first.texts == ["b": "2"])
        let twice = try JSONMapper().map(Collections.self, from: json(#"{"texts": {"a": {}, "b": [2]}}"#))
        #expect(twice.texts.isEmpty)
    }

    @Test("A read that fails midway through a dictionary releases the models gathered before it")
    func failedDictionaryReleasesItsValues() throws {
        let members = (0..<20).map { #""k\#($0)": {"id": \#($0)}"# }.joined(separator: ", ")
        let text = #"{"byName": {\#(members), "bad": {"id": "x"}}}"#
        #expect(throws: MappingError.self) {
            try JSONMapper(mode: .strict).map(Holder<FailingKeyed>.self, from: json(text))
        }
        #expect(FailingKeyed.alive == 0)
        // Malformed JSON after the gathered members.
        let broken = #"{"byName": {\#(members), "k20": {"id": 20}, "#
        #expect(throws: MappingError.self) { try JSONMapper().map(Holder<FailingKeyed>.self, from: json(broken)) }
        #expect(FailingKeyed.alive == 0)
    }
}
