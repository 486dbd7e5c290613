// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ReflectMap",
    products: [
        .library(name: "ReflectMap", targets: ["ReflectMap"]),
        .library(name: "ReflectMapClient", targets: ["ReflectMapClient"]),
        .executable(name: "reflectmap-example", targets: ["ReflectMapExample"]),
        .executable(name: "reflectmap-gen", targets: ["reflectmap-gen"]),
    ],
    targets: [
        .target(name: "ReflectMap"),
        .target(name: "ReflectMapClient", dependencies: ["ReflectMap"]),
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
    ],
    swiftLanguageModes: [.v6]
)
