// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

// The Platforms article's block, at the top level as an app declares it.

nonisolated final class Score {   // nonisolated: its init() is the conformance's, called on any thread
    var points = 0
    init() {}
}

extension Score: Mappable {}      // not `@preconcurrency extension`: that compiles, then traps off the main actor

@Suite("Platforms article")
struct PlatformsSnippets {
    @Test("A conformance in an extension of a nonisolated type maps off the main actor")
    func extensionConformance() async throws {
        let points = try await Task.detached {
            try JSONMapper().map(Score.self, from: json(#"{"points": 3}"#)).points
        }.value
        #expect(points == 3)
    }
}
