// swift-format-ignore-file
import Foundation
import ReflectMap
import ReflectMapClient
import Testing

/// The Retries, Timeouts and Retry-After article.
enum RetriesTimeoutsAndRetryAfter {
    static let configuration: ServiceConfiguration = {
        let patient = ServiceConfiguration(
            timeout: 30,
            retryPolicy: RetryPolicy(delay: 0.5, backoffMultiplier: 2, maximumRetryAfter: 120),
            retryLimit: 3
        )
        return patient
    }()

    struct Charge: Endpoint {
        var method: HTTPMethod { .post }
        var path: String { "charges" }
        var retryPolicy: RetryPolicy? { .never }
    }
}

func makeRetryingService(session: Session) -> APIService {
    APIService(baseURL: URL(string: "https://api.example.com")!, configuration: ServiceConfiguration(
        interceptors: [
            RetryPolicy(delay: 0.2),
            AuthInterceptor(token: { await session.token }, refresh: { try await session.refresh() }),
        ]
    ))
}

@Suite("Retries, Timeouts and Retry-After article")
struct RetriesTimeoutsAndRetryAfterSnippets {
    @Test("A 503 with Retry-After is retried, and an endpoint with .never is not")
    func retries() async throws {
        let attempts = Counter()
        let stub = StubTransport { request in
            attempts.increment()
            return attempts.value.isMultiple(of: 2)
                ? StubTransport.Response(body: Data("{}".utf8))
                : StubTransport.Response(statusCode: 503, headers: ["Retry-After": "0"])
        }
        var configuration = RetriesTimeoutsAndRetryAfter.configuration
        configuration.transport = stub
        let service = APIService(baseURL: try #require(URL(string: "https://api.example.com")), configuration: configuration)
        _ = try await service.get("books", as: Empty.self)
        #expect(attempts.value == 2)
        await #expect(throws: APIError.self) { try await service.send(Request(RetriesTimeoutsAndRetryAfter.Charge(), as: Empty.self)).value }
        #expect(attempts.value == 3)
    }

    @Test("A policy listed before the auth interceptor leaves it the 401, and retries a 503 itself")
    func policyAmongInterceptors() async throws {
        let session = Session()
        let service = makeRetryingService(session: session)
        let statuses = StatusLog()
        let configuration = ServiceConfiguration(
            interceptors: service.configuration.interceptors,
            transport: StubTransport { request in
                let fresh = request.value(forHTTPHeaderField: "Authorization") == "Bearer fresh"
                let status = fresh ? (statuses.count == 1 ? 503 : 200) : 401
                statuses.append(status)
                return StubTransport.Response(statusCode: status, body: Data("{}".utf8))
            }
        )
        let stubbed = APIService(baseURL: service.baseURL, configuration: configuration)
        _ = try await stubbed.get("books", as: Empty.self)
        #expect(statuses.all == [401, 503, 200])
        #expect(await session.token == "fresh")
    }
}

/// The status codes a stub answered, in order.
nonisolated final class StatusLog: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int] = []

    var all: [Int] { lock.withLock { statuses } }
    var count: Int { lock.withLock { statuses.count } }

    func append(_ status: Int) {
        lock.withLock { statuses.append(status) }
    }
}

/// A thread-safe count.
nonisolated final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() {
        lock.withLock { count += 1 }
    }
}
