// swift-tools-version: 6.2
import PackageDescription

// Compiles every Swift block of the README and the DocC articles (Tests/DocumentationSnippetTests,
// linked in three times) as app code:
// - `MainActorApp` with the settings a new Xcode 26 app target has: Swift 6, main-actor isolation by
//   default, and the approachable-concurrency features;
// - `MainActorAppSwift5`: the same settings in the Swift 5 language mode, with complete concurrency
//   checking, so that any concurrency diagnostic (a warning in Swift 5 mode) fails the build;
// - `PlainSwift6App`: a plain Swift 6 module.
// `XcodeAppConformances`, with the same settings as `MainActorApp` (and again in Swift 5 mode), declares one
// conformance to each public protocol that app code adopts and uses each from a detached task.
// `ScreenModels` (in both modes) holds screen models whose callbacks assign their own state, run against
// a loopback server.
// Warnings are errors everywhere. `.ci/run` builds it and runs every suite.
let appSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
    // Xcode 26's new targets also set InferSendableFromCaptures, GlobalActorIsolatedTypesUsability and
    // DisableOutwardActorInference. The Swift 6 language mode (below) has all three on already, and
    // naming them again is a warning, which is an error here.
    .treatAllWarnings(as: .error),
]

/// An Xcode 26 app target left in the Swift 5 language mode: the features Swift 6 turns on are named.
let appSwift5Settings: [SwiftSetting] =
    appSettings + [
        .swiftLanguageMode(.v5),
        .enableUpcomingFeature("InferSendableFromCaptures"),
        .enableUpcomingFeature("GlobalActorIsolatedTypesUsability"),
        .enableUpcomingFeature("DisableOutwardActorInference"),
        .enableExperimentalFeature("StrictConcurrency"),
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
            name: "MainActorAppSwift5",
            dependencies: libraries,
            path: "MainActorAppSwift5",
            swiftSettings: appSwift5Settings
        ),
        .testTarget(
            name: "XcodeAppConformancesSwift5",
            dependencies: libraries,
            path: "XcodeAppConformancesSwift5",
            swiftSettings: appSwift5Settings
        ),
        .testTarget(name: "ScreenModels", dependencies: libraries, path: "ScreenModels", swiftSettings: appSettings),
        .testTarget(
            name: "ScreenModelsSwift5",
            dependencies: libraries,
            path: "ScreenModelsSwift5",
            swiftSettings: appSwift5Settings
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
