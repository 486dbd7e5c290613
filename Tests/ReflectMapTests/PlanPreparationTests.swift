import Foundation
import ReflectMap
import Testing

// Plans built ahead of first use with `prepare(_:)`, and built at once by many tasks through one
// shared cache.

/// Counts the instances made of each model type, behind a lock: a plan build makes one prototype of
/// each model type it meets, and mapping makes one instance per object.
final class InstanceCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func made(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        counts[name, default: 0] += 1
    }

    subscript(name: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return counts[name, default: 0]
    }
}

let preparationCounter = InstanceCounter()

final class PreparedInvoice: Mappable {
    var number = ""
    var lines: [PreparedLine] = []
    var customer: PreparedCustomer?
    required init() { preparationCounter.made("invoice") }
}

final class PreparedLine: Mappable {
    var sku = ""
    var quantity = 0
    required init() { preparationCounter.made("line") }
}

struct PreparedCustomer: Mappable {
    var name = ""
    init() { preparationCounter.made("customer") }
}

final class PreparedWithClosure: Mappable {
    var id = 0
    var onChange: () -> Void = {}
    required init() {}
}

struct PreparedWithUnsupportedChild: Mappable {
    var items: [PreparedWithClosure] = []
}

actor PreparedActor: Mappable {
    var count = 0
    init() {}
}

struct PreparedHolder: Mappable, Equatable {
    var one = PreparedItem()
    var many: [PreparedItem] = []
    var maybe: PreparedItem?
    var maybeMany: [PreparedItem]?
    var tags: [String]?
    var counts: [Int] = []
}

struct PreparedItem: Mappable, Equatable {
    var id = 0
}

/// Reads a `PreparedItem` from a bare number, to show that a registered adapter still wins over
/// what `prepare` was told.
struct PreparedItemAdapter: JSONAdapter {
    func read(_ json: JSONValue) throws -> PreparedItem {
        guard case .number(let number) = json, case .integer(let id) = number else {
            throw MappingError(.typeMismatch(expected: "a number", found: "\(json)"))
        }
        return PreparedItem(id: Int(id))
    }

    func write(_ value: PreparedItem) throws -> JSONValue { .number(.integer(Int64(value.id))) }
}

@Suite("Preparing plans ahead of first use", .serialized)
struct PlanPreparationTests {
    /// A mapper with a translator of its own, so its plan cache starts empty.
    private func freshMapper(_ name: String) -> JSONMapper {
        JSONMapper(keyTranslator: .custom(name: name) { KeyTranslator.snakeCase.key(for: $0) })
    }

    @Test("prepare builds every plan a later map uses, so the map builds none")
    func prepareBuildsWhatMapUses() throws {
        let mapper = freshMapper("prepare-builds")
        let before = (preparationCounter["invoice"], preparationCounter["line"], preparationCounter["customer"])
        try mapper.prepare([PreparedInvoice.self])
        // One prototype of each model type the invoice contains, and nothing else.
        #expect(preparationCounter["invoice"] == before.0 + 1)
        #expect(preparationCounter["line"] == before.1 + 1)
        #expect(preparationCounter["customer"] == before.2 + 1)

        let document = json(#"{"number": "A-1", "lines": [{"sku": "x", "quantity": 2}], "customer": {"name": "Ada"}}"#)
        let invoice = try mapper.map(PreparedInvoice.self, from: document)
        #expect(invoice.lines.first?.quantity == 2 && invoice.customer?.name == "Ada")
        // The map made only the models the document holds: no prototype, so no plan was built.
        #expect(preparationCounter["invoice"] == before.0 + 2)
        #expect(preparationCounter["line"] == before.1 + 2)
        #expect(preparationCounter["customer"] == before.2 + 2)

        // A copy of the mapper shares the prepared plans.
        var copy = mapper
        copy.mode = .strict
        _ = try copy.map([PreparedLine].self, from: json(#"[{"sku": "y", "quantity": 1}]"#))
        #expect(preparationCounter["line"] == before.1 + 3)
    }

    @Test("Without prepare, the first map builds the plans: a prototype of each model type")
    func firstMapBuildsPlans() throws {
        let mapper = freshMapper("first-map-builds")
        let before = preparationCounter["line"]
        _ = try mapper.map(PreparedLine.self, from: json(#"{"sku": "z", "quantity": 3}"#))
        #expect(preparationCounter["line"] == before + 2)
    }

    @Test("prepare throws the unsupported-type error that mapping would throw, naming the property")
    func prepareThrowsWhatMapThrows() throws {
        let prepared = mappingError { try freshMapper("prepare-throws").prepare([PreparedWithUnsupportedChild.self]) }
        let mapped = mappingError {
            _ = try freshMapper("map-throws").map(PreparedWithUnsupportedChild.self, from: json("{}"))
        }
        #expect(prepared?.kind == .unsupportedType(type: "() -> ()", property: "PreparedWithClosure.onChange"))
        #expect(prepared?.kind == mapped?.kind)
    }

    @Test("prepare stops at the first type that cannot be mapped, and keeps the types before it")
    func preparesUpToTheFirstFailure() throws {
        let mapper = freshMapper("prepare-partial")
        let before = preparationCounter["line"]
        #expect(throws: MappingError.self) { try mapper.prepare([PreparedLine.self, PreparedWithClosure.self]) }
        #expect(preparationCounter["line"] == before + 1)
        _ = try mapper.map(PreparedLine.self, from: json(#"{"sku": "k", "quantity": 1}"#))
        #expect(preparationCounter["line"] == before + 2)
    }

    @Test("An actor is refused, by prepare and by map alike")
    func actorsAreRefused() {
        let prepared = mappingError { try freshMapper("actor-prepare").prepare([PreparedActor.self]) }
        let mapped = mappingError { _ = try freshMapper("actor-map").map(PreparedActor.self, from: json("{}")) }
        #expect(prepared?.kind == .unsupportedType(type: "PreparedActor", property: "PreparedActor"))
        #expect(mapped?.kind == prepared?.kind)
    }

    @Test("A prepared model's arrays and optionals, and scalars' arrays and optionals, map as they would unprepared")
    func preparedContainersMapAlike() throws {
        let document = json(
            #"""
            {"one": {"id": 1}, "many": [{"id": 2}, {"id": 3}], "maybe": null, "maybe_many": [{"id": 4}],
             "tags": ["a"], "counts": [5, "6"]}
            """#)
        let prepared = freshMapper("prepared-containers")
        try prepared.prepare([PreparedItem.self, PreparedHolder.self])
        let unprepared = freshMapper("unprepared-containers")
        let expected = PreparedHolder(
            one: PreparedItem(id: 1), many: [PreparedItem(id: 2), PreparedItem(id: 3)], maybe: nil,
            maybeMany: [PreparedItem(id: 4)], tags: ["a"], counts: [5, 6]
        )
        #expect(try prepared.map(PreparedHolder.self, from: document) == expected)
        #expect(try unprepared.map(PreparedHolder.self, from: document) == expected)
        let strict = mappingError { _ = try JSONMapper(mode: .strict).map(PreparedHolder.self, from: document) }
        #expect(strict?.path == "counts[1]")
    }

    @Test("A registered adapter wins over what prepare was told about its type")
    func registeredAdapterWinsOverPreparedType() throws {
        let mapper = JSONMapper(adapters: [PreparedItemAdapter()])
        try mapper.prepare([PreparedItem.self, PreparedHolder.self])
        let holder = try mapper.map(PreparedHolder.self, from: json(#"{"one": 7, "many": [8, 9], "maybe": 10}"#))
        #expect(holder.one.id == 7 && holder.many.map(\.id) == [8, 9] && holder.maybe?.id == 10)
    }
}
