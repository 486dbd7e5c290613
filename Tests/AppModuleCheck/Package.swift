// swift-tools-version: 6.2
import PackageDescription

// Compiles every Swift block of the README and the DocC articles (Tests/DocumentationSnippetTests,
// linked in twice) as app code:
// - `MainActorApp` with the settings a new Xcode 26 app target has: Swift 6, main-actor isolation by
//   default, and the approachable-concurrency features;
// - `PlainSwift6App`: a plain Swift 6 module.
// `XcodeAppConformances`, with the same settings as `MainActorApp`, declares one conformance to each public
// protocol that app code adopts and uses each from a detached task.
// Warnings are errors in all three. `.ci/run` builds it and runs every suite.
let appSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
    // Xcode 26's new targets also set InferSendableFromCaptures, GlobalActorIsolatedTypesUsability and
    // DisableOutwardActorInference. The Swift 6 language mode (below) has all three on already, and
    // naming them again is a warning, which is an error here.
    .treatAllWarnings(as: .error),
]

let libraries: [Target.Dependency] = [
    .product(name: "ReflectMap", package: "ReflectMap"), .product(name: "ReflectMapClient", package: "ReflectMap"),
    .product(name: "ReflectMapHandyJSON", package: "ReflectMap"),
]

let package = Package(
    name: "AppModuleCheck",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "ReflectMap", path: "../..")],
    targets: [
        .testTarget(
            name: "MainActorApp",
            dependencies: libraries,
            path: "MainActorApp",
            swiftSettings: appSettings
        ),
        .testTarget(
            name: "XcodeAppConformances",
            dependencies: libraries,
            path: "XcodeAppConformances",
            swiftSettings: appSettings
        ),
        .testTarget(
            name: "PlainSwift6App",
            dependencies: libraries,
            path: "PlainSwift6",
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
