import Foundation
import ReflectMap
import Synchronization
import Testing

// HandyJSON's didFinishMapping and ObjectMapper's map(JSON:toObject:).

/// Where hooks record that they ran, per test (a task-local, so parallel tests do not mix).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
final class HookLog: Sendable {
    @TaskLocal static var current: HookLog?
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

struct NotPositive: Error, CustomStringConvertible {
    var description: String { "quantity must be positive" }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
final class Basket: Mappable {
    var owner = ""
    var items: [BasketItem] = []
    var featured: BasketItem?
    var total = 0
    required init() {}

    func didFinishMapping() throws {
        HookLog.current?.append("basket")
        total = items.reduce(0) { $0 + $1.quantity }
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
struct BasketItem: Mappable {
    var name = ""
    var quantity = 1

    func didFinishMapping() throws {
        HookLog.current?.append("item \(name)")
        if quantity <= 0 { throw NotPositive() }
    }
}

@Suite("After-mapping hook and update")
struct LifecycleTests {
    let basket = json(
        #"{"owner": "ada", "items": [{"name": "a", "quantity": 2}, {"name": "b", "quantity": 3}], "featured": {"name": "c"}}"#
    )

    @Test("didFinishMapping runs once per model, children before parents, on both routes")
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
    func hookOrder() throws {
        for route in ["bytes", "dictionary"] {
            let log = HookLog()
            let model = try HookLog.$current.withValue(log) {
                route == "bytes"
                    ? try JSONMapper().map(Basket.self, from: basket)
                    : try JSONMapper().map(Basket.self, from: try jsonObject(basket) as? [String: Any] ?? [:])
            }
            #expect(model.total == 5)
            #expect(log.all.count == 4)
            #expect(log.all.last == "basket")
            #expect(Set(log.all.dropLast()) == ["item a", "item b", "item c"])
        }
    }

    @Test("It runs once per model when a repeated scalar key comes before or after the models")
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
    func hookRunsOnceWithRepeatedKey() throws {
        let repeated = json(#"{"owner": "x", "owner": "y", "items": [{"name": "a", "quantity": 2}]}"#)
        let log = HookLog()
        let model = try HookLog.$current.withValue(log) { try JSONMapper().map(Basket.self, from: repeated) }
        #expect(model.owner == "y")
        #expect(log.all == ["item a", "basket"])
        // The repeated key after the models this time.
        let late = json(
            #"{"items": [{"name": "a", "quantity": 2}], "featured": {"name": "f"}, "owner": "x", "owner": "y"}"#)
        let lateLog = HookLog()
        _ = try HookLog.$current.withValue(lateLog) { try JSONMapper().map(Basket.self, from: late) }
        #expect(lateLog.all == ["item a", "item f", "basket"])
    }

    @Test("A struct's hook sees its class children already finished, on both routes")
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
    func structParentAfterClassChildren() throws {
        struct Shelf: Mappable {
            var baskets: [Basket] = []
            func didFinishMapping() throws {
                HookLog.current?.append("shelf sees totals \(baskets.map(\.total))")
            }
        }
        let data = json(#"{"baskets": [{"items": [{"name": "a", "quantity": 2}, {"name": "b", "quantity": 1}]}]}"#)
        for route in ["bytes", "dictionary"] {
            let log = HookLog()
            _ = try HookLog.$current.withValue(log) {
                route == "bytes"
                    ? try JSONMapper().map(Shelf.self, from: data)
                    : try JSONMapper().map(Shelf.self, from: try jsonObject(data) as? [String: Any] ?? [:])
            }
            #expect(log.all == ["item a", "item b", "basket", "shelf sees totals [3]"])
        }
    }

    @Test("A rejection drops an array element or keeps a property's default in lenient mode, and is reported")
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
    func lenientRejection() throws {
        let data = json(
            #"{"items": [{"name": "a", "quantity": 2}, {"name": "bad", "quantity": 0}], "featured": {"name": "f", "quantity": -1}}"#
        )
        let (model, report) = try JSONMapper().mapWithReport(Basket.self, from: data)
        #expect(model.items.map(\.name) == ["a"])
        #expect(model.featured == nil)
        #expect(model.total == 2)
        #expect(report.skipped.map(\.path) == ["featured", "items[1]"])
        #expect(
            report.skipped.last?.message == "The BasketItem at \"items[1]\" was rejected: quantity must be positive")
        let routes = bothRoutes(Basket.self, data, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("A rejection throws with the model's path in strict mode, and at the top level in both modes")
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
    func strictAndTopLevelRejection() {
        let error = mappingError {
            _ = try JSONMapper(mode: .strict).map(
                Basket.self, from: json(#"{"owner": "", "items": [{"name": "z", "quantity": 0}]}"#))
        }
        #expect(error?.kind == .rejected(type: "BasketItem", reason: "quantity must be positive"))
        #expect(error?.path == "items[0]")
        for mode in [MappingMode.lenient, .strict] {
            let top = mappingError {
                _ = try JSONMapper(mode: mode).map(BasketItem.self, from: json(#"{"name": "zero", "quantity": 0}"#))
            }
            #expect(top?.kind == .rejected(type: "BasketItem", reason: "quantity must be positive"))
            #expect(top?.path == "")
        }
    }

    @Test("update changes only the keys present, creates nested models anew, and runs the hook")
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
    func updateFillsPresentKeys() throws {
        let model = try JSONMapper().map(Basket.self, from: basket)
        var same = model
        let log = HookLog()
        try HookLog.$current.withValue(log) {
            try JSONMapper(mode: .strict).update(&same, from: json(#"{"items": [{"name": "n", "quantity": 7}]}"#))
        }
        #expect(same === model)
        #expect(model.owner == "ada")
        #expect(model.items.map(\.name) == ["n"])
        #expect(model.featured?.name == "c")
        #expect(model.total == 7)
        #expect(log.all == ["item n", "basket"])
    }

    @Test("A struct is left unchanged when update throws")
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
    func updateLeavesStructUnchangedOnError() {
        var item = BasketItem()
        item.name = "keep"
        let error = mappingError {
            try JSONMapper(mode: .strict).update(&item, from: json(#"{"name": "changed", "quantity": "many"}"#))
        }
        #expect(error?.path == "quantity")
        #expect(item.name == "keep")
        #expect(mappingError { try JSONMapper().update(&item, from: json("[1]")) } != nil)
    }
}
