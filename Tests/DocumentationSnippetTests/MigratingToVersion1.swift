// swift-format-ignore-file
import Foundation
import ReflectMap
import ReflectMapClient
import Testing

/// The Migrating to 1.0 article.
enum MigratingToVersion1 {
    struct ChargeCard: Endpoint {
        var method: HTTPMethod { .post }
        var path: String { "charges" }
        var retryPolicy: RetryPolicy? { RetryPolicy(delay: 0.5, retryableMethods: [.post]) }
        var retryLimit: Int? { 1 }   // two tries in all, whatever the service's limit
    }
}

@Suite("Migrating to 1.0 article")
struct MigratingToVersion1Snippets {
    @Test("An endpoint's own retry limit holds beside its own policy")
    func endpointRetryLimit() async throws {
        let attempts = Attempts()
        let stub = StubTransport { _ in
            attempts.add()
            return StubTransport.Response(statusCode: 503)
        }
        let api = APIService(
            baseURL: URL(string: "https://api.example.com/v1")!,
            configuration: ServiceConfiguration(transport: stub, retryLimit: 5))
        await #expect(throws: APIError.self) {
            try await api.send(Request(MigratingToVersion1.ChargeCard(), as: Empty.self))
        }
        #expect(attempts.count == 2)
    }
}

/// Counts a stub's answers, from any thread.
nonisolated final class Attempts: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    var count: Int { lock.withLock { value } }

    func add() { lock.withLock { value += 1 } }
}
