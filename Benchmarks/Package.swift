// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The root package is a path dependency, so its identity is the name of the folder it was cloned into.
let rootIdentity = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

// Timed runs build package-benchmark without its malloc interposer: the interposer puts a size header
// on every allocation and counts it, which would slow the rows that allocate most (class models above
// all) against simdjson's, whose process has none. run.sh counts allocations in a build of their own,
// with REFLECTMAP_BENCHMARK_ALLOCATIONS set and a scratch path of its own.
let countsAllocations = ProcessInfo.processInfo.environment["REFLECTMAP_BENCHMARK_ALLOCATIONS"] != nil

let package = Package(
    name: "ReflectMapBenchmarks",
    platforms: [.macOS(.v13)],
    traits: [
        .trait(
            name: "AsyncHTTPClient",
            description: "Builds the root package with its AsyncHTTPClient trait, so that the streaming benchmark "
                + "measures AsyncHTTPClientTransport next to URLSessionTransport (Streaming/run.sh turns it on)."
        )
    ],
    dependencies: [
        .package(path: "..", traits: [.trait(name: "AsyncHTTPClient", condition: .when(traits: ["AsyncHTTPClient"]))]),
        .package(
            url: "https://github.com/ordo-one/benchmark", from: "1.38.1",
            traits: countsAllocations ? ["MallocInterposer"] : []),
    ],
    targets: [
        .executableTarget(
            name: "MappingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ReflectMap", package: rootIdentity),
            ],
            path: "Benchmarks/MappingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Peak memory and throughput of streaming, one measurement per process (Streaming/run.sh).
        .executableTarget(
            name: "streaming-benchmark",
            dependencies: [
                .product(name: "ReflectMap", package: rootIdentity),
                .product(name: "ReflectMapClient", package: rootIdentity),
            ],
            path: "Streaming",
            exclude: ["generate.py", "run.sh"]
        ),
        // APIService against a raw URLSession fetch and map of the same loopback bodies (Client/run.sh).
        .executableTarget(
            name: "client-benchmark",
            dependencies: [
                .product(name: "ReflectMap", package: rootIdentity),
                .product(name: "ReflectMapClient", package: rootIdentity),
            ],
            path: "Client",
            exclude: ["alloccount.c", "run.sh"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
