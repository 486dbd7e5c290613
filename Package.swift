// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ReflectMap",
    products: [
        .library(name: "ReflectMap", targets: ["ReflectMap"]),
        .library(name: "ReflectMapClient", targets: ["ReflectMapClient"]),
        .executable(name: "reflectmap-example", targets: ["ReflectMapExample"]),
        .executable(name: "reflectmap-gen", targets: ["reflectmap-gen"]),
    ],
    traits: [
        .trait(
            name: "NIOWebSocket",
            description: "WebSocket over SwiftNIO (NIOWebSocket, with NIOSSL for wss), the route that works on Linux. "
                + "Off by default: without it the package has no dependencies."
        ),
    ],
    // Only the NIOWebSocket trait uses these; with it off they are neither fetched nor built.
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    ],
    targets: [
        .target(name: "ReflectMap"),
        .target(
            name: "ReflectMapClient",
            dependencies: [
                "ReflectMap",
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["NIOWebSocket"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["NIOWebSocket"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["NIOWebSocket"])),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(traits: ["NIOWebSocket"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["NIOWebSocket"])),
            ]
        ),
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
        .testTarget(
            name: "GeneratedModelTests",
            dependencies: ["ReflectMap", "ReflectMapGen"],
            exclude: ["Generated/README.md", "Payloads"]
        ),
        .testTarget(
            name: "ReflectMapClientTests",
            dependencies: ["ReflectMapClient", "ReflectMap"],
            resources: [.copy("Fixtures")]
        ),
        // The code blocks of the DocC articles and the README, compiled and run (Scripts/check-snippets.py).
        .testTarget(name: "DocumentationSnippetTests", dependencies: ["ReflectMap", "ReflectMapClient"]),
    ],
    swiftLanguageModes: [.v6]
)
