import Foundation
import ReflectMap
import Testing

// Regression tests for what the model-shape fuzzer (Fuzz/Shapes) and the fuzz target (Fuzz/run.sh)
// found: each pins one behaviour on both reading routes, bytes (`map(_:from: Data)`) and a
// `JSONSerialization` object (`map(_:fromJSONObject:)`). Where hash order could decide the answer,
// the object is also read with every JSON object copied into Swift dictionaries of other capacities,
// which visit their members in other orders.

@Suite("Fuzzer regressions")
struct FuzzRegressionTests {
    struct Price: Mappable {
        var amount = 0
    }

    struct Catalog: Mappable {
        var counts: [String: Int] = [:]
        var prices: [String: Price] = [:]
    }

    struct SpelledKeys: Mappable {
        var byId: [Int: String] = [:]
        var byUUID: [UUID: String] = [:]
    }

    class Pet: JSONPolymorphic, @unchecked Sendable {
        class var typeKey: String { "type" }
        class var subtypes: [String: any Mappable.Type] { ["dog": Hound.self, "cat": Tabby.self, "bird": Finch.self] }
        var name = ""
        required init() {}
    }

    final class Hound: Pet, @unchecked Sendable { var barks = true }
    final class Tabby: Pet, @unchecked Sendable { var lives = 9 }
    final class Finch: Pet, @unchecked Sendable { var sings = true }

    struct Kennel: Mappable {
        var dog = Hound()
        var pets: [Pet] = []
    }

    struct Shelter: Mappable {
        var animals: [Pet] = []
    }

    /// Declared out of alphabetical order, so that declaration order and key order differ.
    struct Item: Mappable {
        var b = 0
        var a = 0
    }

    struct Box: Mappable {
        @JSONTransform(LossyArray<Item>()) var items: [Item] = []
    }

    /// The capacities the object route's dictionaries are copied into.
    static let capacities = [1, 2, 3, 5, 9, 17, 33, 65, 129]

    /// The same `JSONSerialization` object with every JSON object copied into a Swift dictionary whose
    /// capacity grows with `capacity`, so that its members are visited in another order.
    static func reordered(_ object: Any, capacity: Int) -> Any {
        if let dictionary = object as? [String: Any] {
            var copy = [String: Any](minimumCapacity: dictionary.count * capacity + capacity)
            for (key, value) in dictionary { copy[key] = reordered(value, capacity: capacity) }
            return copy
        }
        if let array = object as? [Any] { return array.map { reordered($0, capacity: capacity) } }
        return object
    }

    /// What one read gave: the model as the mapper writes it back (with the runtime type, which a
    /// polymorphic value's bytes do not always show) and the report, or the error.
    enum Answer: Equatable, CustomStringConvertible {
        case mapped(String, MappingReport)
        case failed(MappingError)
        case other(String)

        var description: String {
            switch self {
            case .mapped(let written, let report): "mapped \(written), report \(report)"
            case .failed(let error): "failed: \(error)"
            case .other(let error): "failed with something other than MappingError: \(error)"
            }
        }
    }

    static func answer<T: Mappable>(
        _ mapper: JSONMapper, describe: (T) -> String = { _ in "" },
        _ read: () throws -> (value: T, report: MappingReport)
    ) -> Answer {
        do {
            let (value, report) = try read()
            let written =
                (try? mapper.data(from: value)).map { String(decoding: $0, as: UTF8.self) } ?? "(not writable)"
            return .mapped(written + describe(value), report)
        } catch let error as MappingError {
            return .failed(error)
        } catch {
            return .other("\(error)")
        }
    }

    /// Every answer for `text`: `map` and `mapWithReport` from bytes, then from its `JSONSerialization`
    /// object as it is and copied into dictionaries of every capacity in `capacities`. `map`'s answers
    /// carry an empty report, so they are compared with `mapWithReport`'s without its report.
    static func answers<T: Mappable>(
        _ type: T.Type, _ text: String, _ mapper: JSONMapper, describe: (T) -> String = { _ in "" }
    ) throws -> [(route: String, answer: Answer)] {
        let data = Data(text.utf8)
        let object = try JSONSerialization.jsonObject(with: data)
        func withoutReport(_ answer: Answer) -> Answer {
            if case .mapped(let written, _) = answer { return .mapped(written, MappingReport()) }
            return answer
        }
        var result: [(route: String, answer: Answer)] = []
        let bytes = answer(mapper, describe: describe) { try mapper.mapWithReport(T.self, from: data) }
        result.append(("bytes", bytes))
        let plainBytes = answer(mapper, describe: describe) { (try mapper.map(T.self, from: data), MappingReport()) }
        result.append(("bytes, map", plainBytes == withoutReport(bytes) ? bytes : plainBytes))
        for capacity in [0] + capacities {
            let input = capacity == 0 ? object : reordered(object, capacity: capacity)
            let tree = answer(mapper, describe: describe) { try mapper.mapWithReport(T.self, fromJSONObject: input) }
            result.append(("object \(capacity)", tree))
            let plainTree = answer(mapper, describe: describe) {
                (try mapper.map(T.self, fromJSONObject: input), MappingReport())
            }
            result.append(("object \(capacity), map", plainTree == withoutReport(tree) ? tree : plainTree))
        }
        return result
    }

    /// Records an issue for every answer that differs from the first (the byte route's), and returns
    /// the first.
    @discardableResult
    static func expectOneAnswer(_ answers: [(route: String, answer: Answer)], _ text: String) -> Answer {
        let first = answers[0].answer
        for (route, answer) in answers.dropFirst() where answer != first {
            Issue.record("\(text)\n  bytes: \(first)\n  \(route): \(answer)")
        }
        return first
    }

    @Test("In strict mode both routes name the same failing dictionary member, whatever the hash order")
    func dictionaryMemberOrder() throws {
        let keys = (0..<8).map { "k\($0)" }
        // Members in reverse key order, so that the first failure in document order is not the first
        // in key order.
        let documents: [(text: String, path: String)] = [
            (
                #"{"counts": {"# + keys.reversed().map { #""\#($0)": "\#($0)""# }.joined(separator: ", ") + "}}",
                "counts.k0"
            ),
            (
                #"{"counts": {}, "prices": {"#
                    + keys.reversed().map { #""\#($0)": {"amount": "\#($0)"}"# }.joined(separator: ", ")
                    + "}}", "prices.k0.amount"
            ),
            // Keys as the fuzzer met them: an escaped quote, an escape that decodes to a letter
            // sorting after a plain one, and the empty key, which sorts first.
            (#"{"counts": {"quote\"inside": "x", "\u007a": "z", "y": null, "k3": [], "": true}}"#, "counts."),
            (#"{"counts": {"quote\"inside": "x", "\u007a": "z", "y": null, "k3": []}}"#, "counts.k3"),
            (#"{"counts": {"\u007a": "z", "y": null}}"#, "counts.y"),
        ]
        let mapper = JSONMapper(mode: .strict)
        for (text, path) in documents {
            let first = Self.expectOneAnswer(try Self.answers(Catalog.self, text, mapper), text)
            guard case .failed(let error) = first else {
                Issue.record("\(text): expected an error, got \(first)")
                continue
            }
            #expect(error.path == path, "\(text)")
        }
    }

    @Test(
        "Two spellings of one dictionary key keep the same entry on every call and on both routes, and fail strict mode"
    )
    func dictionaryKeySpellings() throws {
        let text =
            #"{"byId": {"01": "zero-one", "1": "one", "+1": "plus-one"}, "byUUID": {"#
            + #""e621e1f8-c36c-495a-93fc-0c247a3e6e5f": "lower", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F": "upper"}}"#
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let describe: (SpelledKeys) -> String = {
            " byId[1] = \($0.byId[1] ?? "nil"), byUUID = \($0.byUUID[uuid] ?? "nil")"
        }

        // Lenient: the canonical spelling (as the key writes back) counts, every time; the others are
        // reported. Many calls, since a choice made by hash order could change from call to call.
        let lenient = JSONMapper()
        var answers: [(route: String, answer: Answer)] = []
        for _ in 0..<20 { answers += try Self.answers(SpelledKeys.self, text, lenient, describe: describe) }
        let first = Self.expectOneAnswer(answers, text)
        guard case .mapped(let written, let report) = first else {
            Issue.record("lenient mode: expected a model, got \(first)")
            return
        }
        #expect(written.hasSuffix(" byId[1] = one, byUUID = upper"))
        #expect(report.skipped.map(\.path) == ["byId.+1", "byId.01", "byUUID.e621e1f8-c36c-495a-93fc-0c247a3e6e5f"])

        // Strict: another spelling of a key already present is an error, the same on both routes.
        let strict = Self.expectOneAnswer(try Self.answers(SpelledKeys.self, text, JSONMapper(mode: .strict)), text)
        guard case .failed(let error) = strict else {
            Issue.record("strict mode: expected an error, got \(strict)")
            return
        }
        #expect(error.path == "byId.+1")
    }

    @Test(
        "A property declared as a subclass of a polymorphic base reads, writes and maps at the top level as that subclass"
    )
    func declaredSubclassOfPolymorphicBase() throws {
        let text =
            #"{"dog": {"type": "dog", "name": "Rex", "barks": false}, "pets": [{"type": "cat", "name": "Tom", "lives": 7}]}"#
        // Several fresh mappers: a plan that failed to build was not cached, so each attempt built it again.
        for mode in [MappingMode.lenient, .strict] {
            for _ in 0..<3 {
                let mapper = JSONMapper(mode: mode)
                let kennel = try mapper.map(Kennel.self, from: Data(text.utf8))
                #expect(type(of: kennel.dog) == Hound.self)
                #expect(kennel.dog.name == "Rex" && kennel.dog.barks == false)
                #expect(kennel.pets.map { String(describing: type(of: $0)) } == ["Tabby"])
                let again = try mapper.map(Kennel.self, from: try mapper.data(from: kennel))
                #expect(again.dog.name == "Rex" && again.dog.barks == false)
                let dog = try mapper.map(
                    Hound.self, from: Data(#"{"type": "dog", "name": "Rex", "barks": false}"#.utf8))
                #expect(dog.name == "Rex" && dog.barks == false)
                let dogs = try mapper.map(
                    [Hound].self, from: Data(#"[{"type": "dog", "name": "Bo", "barks": true}]"#.utf8))
                #expect(dogs.map(\.name) == ["Bo"])
            }
            let describe: (Kennel) -> String = {
                " dog: \(type(of: $0.dog)), pets: \($0.pets.map { String(describing: type(of: $0)) })"
            }
            Self.expectOneAnswer(try Self.answers(Kennel.self, text, JSONMapper(mode: mode), describe: describe), text)
        }
    }

    @Test(
        "In strict mode a lossy array's dropped element leaves the same report on both routes, whatever the member order"
    )
    func lossyArrayDroppedElementReport() throws {
        let mapper = JSONMapper(mode: .strict)
        let documents: [(text: String, skipped: [String])] = [
            // A missing key and an unknown one, in both orders: only the missing key is reported.
            (#"{"items": [{"a": 1, "zz": true}, {"a": 2, "b": 3}]}"#, ["items[0].b"]),
            (#"{"items": [{"zz": true, "a": 1}, {"a": 2, "b": 3}]}"#, ["items[0].b"]),
            // Two failures, in document order and in key order: the first property in declaration
            // order (`b`) names the entry, on both routes.
            (#"{"items": [{"a": "x", "b": "y", "zz": 1}, {"a": 2, "b": 3}]}"#, ["items[0].b"]),
            (#"{"items": [{"zz": 1, "a": "x"}, {"a": 2, "b": 3}]}"#, ["items[0].b"]),
        ]
        for (text, skipped) in documents {
            let first = Self.expectOneAnswer(try Self.answers(Box.self, text, mapper), text)
            guard case .mapped(let written, let report) = first else {
                Issue.record("\(text): expected a model, got \(first)")
                continue
            }
            #expect(written == #"{"items":[{"a":2,"b":3}]}"#, "\(text)")
            #expect(report.unmappedKeys.isEmpty, "\(text)")
            #expect(report.skipped.map(\.path) == skipped, "\(text)")
        }
    }

    @Test("An object that repeats its discriminator becomes the subtype the last occurrence names, on both routes")
    func repeatedDiscriminator() throws {
        let documents = [
            #"{"animals": [{"type": "cat", "name": "Tom", "type": "dog", "barks": true}]}"#,
            #"{"animals": [{"type": "parrot", "name": "Polly", "type": "dog", "barks": false}]}"#,
        ]
        let describe: (Shelter) -> String = { " \($0.animals.map { String(describing: type(of: $0)) })" }
        for mode in [MappingMode.lenient, .strict] {
            for text in documents {
                let first = Self.expectOneAnswer(
                    try Self.answers(Shelter.self, text, JSONMapper(mode: mode), describe: describe), text)
                guard case .mapped(let written, let report) = first else {
                    Issue.record("\(mode) \(text): expected a model, got \(first)")
                    continue
                }
                #expect(written.hasSuffix(#" ["Hound"]"#), "\(mode) \(text)")
                #expect(report.skipped.isEmpty, "\(mode) \(text)")
            }
        }
        // At the top level too, where the fuzz target met it.
        let top = #"{"type": "cat", "name": "Tom", "type": "dog"}"#
        let pet = try JSONMapper().map(Pet.self, from: Data(top.utf8))
        #expect(type(of: pet) == Hound.self)
        let describePet: (Pet) -> String = { " \(type(of: $0))" }
        Self.expectOneAnswer(try Self.answers(Pet.self, top, JSONMapper(), describe: describePet), top)
    }
}
