import Benchmark
import Foundation
import ReflectMap

// Names are "<payload>/<case>/<implementation>"; run.sh turns them into the README table.

let benchmarks: @Sendable () -> Void = {
    let smoke = ProcessInfo.processInfo.environment["BENCHMARK_SMOKE"] != nil
    // A build that counts allocations (see Package.swift) runs a few iterations for the counts alone;
    // its times, slowed by the counting, are not used.
    let countsAllocations = ProcessInfo.processInfo.environment["REFLECTMAP_BENCHMARK_ALLOCATIONS"] != nil
    Benchmark.defaultConfiguration = .init(
        metrics: countsAllocations ? [.wallClock, .mallocCountTotal] : [.wallClock],
        timeUnits: .microseconds,
        warmupIterations: smoke ? 0 : countsAllocations ? 1 : 3,
        maxDuration: smoke ? .milliseconds(20) : .seconds(2),
        maxIterations: smoke ? 2 : countsAllocations ? 5 : 400
    )

    let snake = JSONMapper(keyTranslator: .snakeCase)
    let twitter = PayloadCase<TwitterFeed>(
        name: "twitter", mapper: snake, data: { payload("twitter") },
        handWritten: { TwitterFeed(dictionary: $0 as? [String: Any] ?? [:]) },
        snakeCaseRoundTrip: snakeCaseRoundTrip(SnakeTwitter.Feed.self),
        handWrittenJSON: { $0.handWrittenJSON() })
    register(twitter)
    register(
        ClassCase<TwitterFeed, TwitterClass.Feed>(
            twitter, structForm: \.structForm, handWrittenJSON: { $0.handWrittenJSON() }))
    let citm = PayloadCase<CitmCatalog>(
        name: "citm_catalog", mapper: JSONMapper(), data: { payload("citm_catalog") },
        handWritten: { CitmCatalog(dictionary: $0 as? [String: Any] ?? [:]) },
        handWrittenJSON: { $0.handWrittenJSON() })
    register(citm)
    register(
        ClassCase<CitmCatalog, CitmClass.Catalog>(
            citm, structForm: \.structForm, handWrittenJSON: { $0.handWrittenJSON() }))
    let canada = PayloadCase<FeatureCollection>(
        name: "canada", mapper: JSONMapper(), data: { payload("canada") },
        handWritten: { FeatureCollection(dictionary: $0 as? [String: Any] ?? [:]) },
        equivalent: FeatureCollection.nearlyEqual,
        handWrittenJSON: { $0.handWrittenJSON() })
    register(canada)
    register(
        ClassCase<FeatureCollection, CanadaClass.FeatureCollection>(
            canada, structForm: \.structForm, handWrittenJSON: { $0.handWrittenJSON() }))
    let github = PayloadCase<[GitHubEvent]>(
        name: "github_events", mapper: snake, data: { payload("github_events") },
        handWritten: { ($0 as? [[String: Any]])?.map(GitHubEvent.init(dictionary:)) ?? [] },
        snakeCaseRoundTrip: snakeCaseRoundTrip([SnakeGitHub.Event].self),
        handWrittenJSON: { $0.handWrittenJSON() })
    register(github)
    register(
        ClassCase<[GitHubEvent], [GitHubClass.Event]>(
            github, structForm: { $0.map(\.structForm) }, handWrittenJSON: { $0.handWrittenJSON() }))
    for count in [100, 1_000, 10_000] {
        register(
            PayloadCase<OrderPage>(
                name: "orders×\(count)", mapper: snake, data: { OrderPage.generatedJSON(count: count) },
                handWritten: { OrderPage(dictionary: $0 as? [String: Any] ?? [:]) }))
    }
    registerPlanCost()
    registerAdapterCost()
}

func register<Model: Mappable & Codable & Equatable>(_ payload: PayloadCase<Model>) {
    let name = payload.name
    // Loads, parses and verifies the payload before the benchmark is timed.
    let prepare: Benchmark.BenchmarkSetupHook = {
        _ = payload.verified
        // The verified model may be another route's (equal within a tolerance for canada): compare
        // the envelope's with the bare payload's, by the same mapper.
        precondition(
            (try? payload.mapFromEnvelope()) == (try? payload.mapFromData()), "\(name): the envelope maps otherwise")
    }
    func timed(_ label: String, _ body: @escaping () throws -> Void) {
        Benchmark(
            "\(name)/\(label)",
            closure: { benchmark in
                for _ in benchmark.scaledIterations { try body() }
            }, setup: prepare)
    }

    timed("parse/JSONSerialization") { blackHole(try JSONSerialization.jsonObject(with: payload.data)) }
    timed("dictionary→models/ReflectMap") { blackHole(try payload.mapFromDictionary()) }
    timed("dictionary→models/hand-written") { blackHole(payload.mapByHand()) }
    timed("Data→models/ReflectMap") { blackHole(try payload.mapFromData()) }
    timed("Data at a key path→models/ReflectMap") { blackHole(try payload.mapFromEnvelope()) }
    timed("Data→models/JSONDecoder") { blackHole(try payload.decodeWithJSONDecoder()) }
    if payload.snakeCaseRoundTrip != nil {
        registerSnakeDecoding(name: name, data: { payload.data }, prepare: prepare)
    }
    timed("models→Data/ReflectMap") { blackHole(try payload.mapper.data(from: payload.verified)) }
    timed("models→Data/JSONEncoder") { blackHole(try JSONEncoder().encode(payload.verified)) }
    if let handWrittenJSON = payload.handWrittenJSON {
        timed("models→Data/hand-written") { blackHole(handWrittenJSON(payload.verified)) }
    }
}

func registerSnakeDecoding(
    name: String, data: @escaping @Sendable () -> Data, prepare: @escaping Benchmark.BenchmarkSetupHook
) {
    Benchmark(
        "\(name)/Data→models/JSONDecoder (convertFromSnakeCase)",
        closure: { benchmark in
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            let data = data()
            for _ in benchmark.scaledIterations {
                if name == "twitter" {
                    blackHole(try decoder.decode(SnakeTwitter.Feed.self, from: data))
                } else {
                    blackHole(try decoder.decode([SnakeGitHub.Event].self, from: data))
                }
            }
        }, setup: prepare)
}

/// The first use of a model type builds its plan; later uses find it in the cache.
func registerPlanCost() {
    let empty: [String: Any] = [:]
    let shared = Shared(empty)
    Benchmark("plan (twitter models)/first use/ReflectMap") { benchmark in
        for _ in benchmark.scaledIterations {
            let fresh = KeyTranslator.custom(name: "fresh") { KeyTranslator.snakeCase.key(for: $0) }
            blackHole(try JSONMapper(keyTranslator: fresh).map(TwitterFeed.self, from: shared.value))
        }
    }
    Benchmark("plan (twitter models)/cached/ReflectMap") { benchmark in
        let mapper = JSONMapper(keyTranslator: .snakeCase)
        for _ in benchmark.scaledIterations { blackHole(try mapper.map(TwitterFeed.self, from: shared.value)) }
    }
}

/// Hands a value that is only ever read to benchmark closures.
struct Shared<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
