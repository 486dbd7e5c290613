// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ReflectMap",
    products: [
        .library(name: "ReflectMap", targets: ["ReflectMap"]),
        .executable(name: "reflectmap-example", targets: ["ReflectMapExample"]),
    ],
    targets: [
        .target(name: "ReflectMap"),
        .executableTarget(
            name: "ReflectMapExample",
            dependencies: ["ReflectMap"],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "ReflectMapTests",
            dependencies: ["ReflectMap"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
