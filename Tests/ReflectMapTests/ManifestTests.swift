import Foundation
import Testing

@Suite("The package manifest")
struct ManifestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
    }

    /// The Swift version each source feature needs, and a spelling of it in the sources.
    static let features: [(spelling: String, needs: (Int, Int))] = [
        ("SendableMetatype", (6, 2))
    ]

    @Test("The tools version names the Swift the sources need, and the README names the same")
    func toolsVersion() throws {
        let manifest = try Self.text("Package.swift")
        let firstLine = try #require(manifest.split(separator: "\n").first)
        let version = try #require(firstLine.split(separator: ":").last?.trimmingCharacters(in: .whitespaces))
        let parts = version.split(separator: ".").compactMap { Int($0) }
        let declared = (parts.first ?? 0, parts.dropFirst().first ?? 0)
        let sources = try FileManager.default.subpathsOfDirectory(
            atPath: Self.root.appendingPathComponent("Sources").path
        )
        .filter { $0.hasSuffix(".swift") }
        .map { try Self.text("Sources/" + $0) }
        .joined()
        for feature in Self.features where sources.contains(feature.spelling) {
            #expect(
                declared >= feature.needs,
                "\(feature.spelling) needs Swift \(feature.needs), the manifest says \(version)")
        }
        #expect(try Self.text("README.md").contains("with Swift \(declared.0).\(declared.1) or later"))
    }

    @Test("Each trait condition names one trait, which every SwiftPM from the tools version reads the same way")
    func oneTraitPerCondition() throws {
        let manifest = try Self.text("Package.swift")
        let conditions = manifest.components(separatedBy: ".when(traits: [").dropFirst()
        #expect(!conditions.isEmpty)
        for condition in conditions {
            let list = try #require(condition.split(separator: "]", maxSplits: 1).first)
            #expect(list.split(separator: ",").count == 1, "a condition names several traits: [\(list)]")
        }
    }
}
