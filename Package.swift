// swift-tools-version: 6.2
// 6.2 is the Swift the sources need: they use `SendableMetatype` (SE-0470), which older compilers lack.
import PackageDescription

let package = Package(
    name: "ReflectMap",
    // The lowest OS versions the code runs on. Deploying lower would fail at launch or run time, not at
    // build time, so keep this in step with what the sources use without `#available`:
    // - macOS 12, iOS 15, tvOS 15, watchOS 8 (the highest): `Date.ISO8601FormatStyle`, the fallback for
    //   ISO 8601 forms other than RFC 3339's (Dates/ISO8601Timestamp.swift).
    //   The same releases carry Swift 5.5's concurrency runtime, so async/await needs no back-deployment
    //   library.
    // - Lower, so covered: the runtime's field reflection entry points that Unsafe/StoredFields.swift calls
    //   (the form that reports isStrong/isVar, which the standard library's `_forEachFieldWithKeyPath`
    //   relies on: Swift 5.4's runtime, macOS 11.3 and iOS 14.5), `FileHandle.read(upToCount:)`,
    //   `write(contentsOf:)` and `URLSessionWebSocketTask`.
    // - Higher, behind `#available`/`@available`: Observation (macOS 14, iOS 17; StoredPropertyName.swift),
    //   the NIOWebSocket trait's typed upgraders (macOS 13, iOS 16; NIOWebSocketConnector.swift), and task
    //   executors for `callbackQueue` (macOS 15, iOS 18; Callbacks.swift).
    // Mac Catalyst follows the iOS version.
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "ReflectMap", targets: ["ReflectMap"]),
        .library(name: "ReflectMapClient", targets: ["ReflectMapClient"]),
        .library(name: "ReflectMapHandyJSON", targets: ["ReflectMapHandyJSON"]),
        .executable(name: "reflectmap-example", targets: ["ReflectMapExample"]),
        .executable(name: "reflectmap-gen", targets: ["reflectmap-gen"]),
    ],
    traits: [
        .trait(
            name: "NIOWebSocket",
            description: "WebSocket over SwiftNIO (NIOWebSocket, with NIOSSL for wss), the route that works on Linux. "
                + "Off by default: without it the package has no dependencies."
        ),
        .trait(
            name: "AsyncHTTPClient",
            description: "AsyncHTTPClientTransport: HTTP over AsyncHTTPClient (SwiftNIO), with streamed bodies read "
                + "under backpressure and public-key pinning on Linux; the default transport on Linux when on. "
                + "Off by default: without it the package has no dependencies."
        ),
    ],
    // Only the NIOWebSocket and AsyncHTTPClient traits use these. With both off they are not built, and
    // from SwiftPM 6.2 on (the tools version above) not fetched either.
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    ],
    targets: [
        .target(
            name: "ReflectMap",
            // Every unsafe construct is marked `unsafe` and lives in Sources/ReflectMap/Unsafe/; the rest of
            // the module calls the safe APIs those files give. Scripts/check-memory-safety.sh checks it.
            swiftSettings: [.strictMemorySafety()]
        ),
        .target(
            name: "ReflectMapClient",
            dependencies: [
                "ReflectMap",
                // One trait per condition: SwiftPM 6.2.0–6.2.2 read a condition naming several traits as
                // "all of them", so a product both traits need is listed once for each.
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["NIOWebSocket"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["NIOWebSocket"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["NIOWebSocket"])),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(traits: ["NIOWebSocket"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["NIOWebSocket"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])),
            ]
        ),
        // HandyJSON's API on ReflectMap's engine, for projects that switch by changing one import.
        .target(name: "ReflectMapHandyJSON", dependencies: ["ReflectMap"]),
        .target(name: "ReflectMapGen", dependencies: ["ReflectMap"]),
        .executableTarget(name: "reflectmap-gen", dependencies: ["ReflectMapGen"], path: "Sources/reflectmap-gen"),
        .executableTarget(
            name: "ReflectMapExample",
            dependencies: ["ReflectMap"],
            path: "Examples/ReflectMapExample",
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "ReflectMapTests",
            dependencies: ["ReflectMap"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "ReflectMapGenTests", dependencies: ["ReflectMapGen", "ReflectMap"]),
        .testTarget(name: "ReflectMapHandyJSONTests", dependencies: ["ReflectMapHandyJSON", "ReflectMap"]),
        .testTarget(
            name: "GeneratedModelTests",
            dependencies: ["ReflectMap", "ReflectMapGen"],
            exclude: ["Generated/README.md", "Payloads"]
        ),
        .testTarget(
            name: "ReflectMapClientTests",
            dependencies: [
                "ReflectMapClient",
                "ReflectMap",
                // The pinning tests configure the transport's TLS trust roots.
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["AsyncHTTPClient"])),
            ],
            resources: [.copy("Fixtures")]
        ),
        // The code blocks of the DocC articles and the README, compiled and run (Scripts/check-snippets.py).
        .testTarget(
            name: "DocumentationSnippetTests",
            dependencies: [
                "ReflectMap",
                "ReflectMapClient",
                "ReflectMapHandyJSON",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
