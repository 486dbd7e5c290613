// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

/// The article's stand-in for an app's analytics, as it declares it; the test records with the one below.
enum DriftArticleTypes {
    nonisolated enum Telemetry {   // your analytics, callable from any thread
        static func record(type: String, keyPath: String?, entries: [String]) {}
    }
}

/// The "Drift Reports in Production" article. An app's telemetry is called from any thread.
nonisolated enum Telemetry {
    static let recorded = RecordedDrift()

    static func record(type: String, keyPath: String?, entries: [String]) {
        recorded.append(type, entries)
    }
}

nonisolated final class RecordedDrift: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var entries: [(String, [String])] = []

    func append(_ type: String, _ paths: [String]) {
        lock.lock()
        entries.append((type, paths))
        lock.unlock()
    }

    func contains(_ type: String, _ path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return entries.contains { $0.0 == type && $0.1.contains(path) }
    }
}

struct DriftArticleUser: Mappable {
    var id = 0
}

@Suite("Drift Reports article")
struct DriftReportsSnippets {
    @Test("The handler hears about a key the model does not have")
    func handler() throws {
        var mapper = JSONMapper(keyTranslator: .snakeCase)
        mapper.reportHandler = { drift in
            // Send it somewhere: analytics, a log, a counter per model type.
            Telemetry.record(type: "\(drift.modelType)", keyPath: drift.keyPath, entries: drift.report.unmappedKeys + drift.report.skipped.map(\.path))
        }
        _ = try mapper.map(DriftArticleUser.self, from: Data(#"{"id": 1, "nickname_v2": "x"}"#.utf8))
        #expect(Telemetry.recorded.contains("DriftArticleUser", "nickname_v2"))
    }
}
