import Benchmark
import Foundation
import ReflectMap

// What adapters and report handlers cost: the same orders×1000 page read by a mapper that has adapters
// registered for types the models never use (which should cost nothing), by models whose `createdAt`
// goes through a `@JSONTransform(DateFormat(…))` (which parses one date per order), and by a mapper
// with a report handler (which makes every mapping report; unset, the handler costs nothing).

/// An adapter for a type no benchmark model has.
struct UnusedAdapter: JSONAdapter {
    struct Marker: Sendable {}
    func read(_ json: JSONValue) throws -> Marker { Marker() }
    func write(_ value: Marker) throws -> JSONValue { .null }
}

struct DatedOrderPage: Mappable {
    var orders: [DatedOrder] = []
    var total = 0
}

struct DatedOrder: Mappable {
    var id: Int64 = 0
    var status = ""
    @JSONTransform(DateFormat("yyyy-MM-dd'T'HH:mm:ss'Z'")) var createdAt = Date(timeIntervalSince1970: 0)
    var customerName = ""
    var customerEmail: String?
    var amount = 0.0
    var paid = false
    var tags: [String] = []
    var items: [OrderItem] = []
}

func registerAdapterCost() {
    let data = Shared(OrderPage.generatedJSON(count: 1_000))
    let registered = JSONMapper(keyTranslator: .snakeCase, adapters: [UnusedAdapter()])
    let snake = JSONMapper(keyTranslator: .snakeCase)
    let watched: JSONMapper = {
        var mapper = JSONMapper(keyTranslator: .snakeCase)
        mapper.reportHandler = { drift in blackHole(drift.report.unmappedKeys.count) }
        return mapper
    }()
    let check: Benchmark.BenchmarkSetupHook = {
        let plain = try snake.map(OrderPage.self, from: data.value)
        guard try registered.map(OrderPage.self, from: data.value) == plain,
            try watched.map(OrderPage.self, from: data.value) == plain,
            try snake.map(DatedOrderPage.self, from: data.value).orders.count == plain.orders.count
        else {
            fatalError("the adapter benchmarks do not map the same orders")
        }
    }
    Benchmark(
        "orders×1000/Data→models/ReflectMap, adapters registered (none used)",
        closure: { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try registered.map(OrderPage.self, from: data.value)) }
        }, setup: check)
    Benchmark(
        "orders×1000/Data→models/ReflectMap, a report handler set",
        closure: { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try watched.map(OrderPage.self, from: data.value)) }
        }, setup: check)
    Benchmark(
        "orders×1000/Data→models/ReflectMap, a DateFormat transform per order",
        closure: { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try snake.map(DatedOrderPage.self, from: data.value)) }
        }, setup: check)
}
