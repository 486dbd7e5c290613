// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ReflectMap",
    products: [
        .library(name: "ReflectMap", targets: ["ReflectMap"]),
        .library(name: "ReflectMapClient", targets: ["ReflectMapClient"]),
        .executable(name: "reflectmap-example", targets: ["ReflectMapExample"]),
    ],
    targets: [
        .target(name: "ReflectMap"),
        .target(name: "ReflectMapClient", dependencies: ["ReflectMap"]),
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
        .testTarget(
            name: "ReflectMapClientTests",
            dependencies: ["ReflectMapClient", "ReflectMap"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
