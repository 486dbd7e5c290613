import Foundation
import ReflectMap
@testable import ReflectMapClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Records the requests a stub receives.
actor RequestLog {
    private(set) var requests: [URLRequest] = []
    func append(_ request: URLRequest) { requests.append(request) }

    /// A stub that records each request here and answers it with `status` and no body.
    nonisolated func stub(answering status: Int) -> StubTransport {
        StubTransport { request in
            await self.append(request)
            return .init(statusCode: status)
        }
    }
}

struct ColonPath: Endpoint {
    var method: HTTPMethod { .post }
    var path: String { "accounts:signInWithPassword" }
    var parameters: [String: any Sendable] { ["key": "abc"] }
    var body: (any Mappable)? { Book(id: 1, title: "t") }
    var headers: [String: String] { ["authorization": "endpoint"] }
}

struct InfiniteRetry: RequestInterceptor {
    func retry(_ request: URLRequest, failedWith error: ApiError, attempt: Int) async -> RetryDecision {
        .retry(after: .infinity)
    }
}

actor NotAModel: Mappable {
    var value = 0
    init() {}
}

@Suite("Edge cases")
struct EdgeCaseTests {
    func stubbed(_ configuration: ServiceConfiguration, log: RequestLog, status: Int = 200, headers: [String: String] = [:]) throws -> ApiService {
        var configuration = configuration
        configuration.transport = StubTransport { request in
            await log.append(request)
            return .init(statusCode: status, headers: headers, body: Data("{}".utf8))
        }
        return ApiService(baseURL: try #require(URL(string: "https://identitytoolkit.example.com/v1/")), configuration: configuration)
    }

    @Test("A path with a colon is a path, a body model sends parameters in the query, endpoint headers win")
    func pathsHeadersAndBody() async throws {
        let log = RequestLog()
        let service = try stubbed(ServiceConfiguration(headers: ["Authorization": "service"]), log: log)
        _ = try await service.request(ColonPath(), as: Empty.self)
        let request = try #require(await log.requests.first)
        #expect(request.url?.absoluteString == "https://identitytoolkit.example.com/v1/accounts:signInWithPassword?key=abc")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "endpoint")
        #expect(request.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"id":1,"title":"t"}"#)
    }

    @Test("Waits and timeouts that are not finite never trap")
    func nonFiniteWaits() async throws {
        let log = RequestLog()
        let infiniteTimeout = try stubbed(ServiceConfiguration(timeout: .infinity), log: log)
        _ = try await infiniteTimeout.get("x", as: Empty.self)

        let giveUp = try stubbed(ServiceConfiguration(interceptors: [InfiniteRetry()]), log: log, status: 503)
        await #expect(throws: ApiError.self) { _ = try await giveUp.get("x", as: Empty.self) }

        let policy = RetryPolicy(limit: 1, delay: 0.01, maximumRetryAfter: .infinity)
        let weirdHeader = try stubbed(ServiceConfiguration(retryPolicy: policy), log: log, status: 503, headers: ["Retry-After": "inf"])
        await #expect(throws: ApiError.self) { _ = try await weirdHeader.get("x", as: Empty.self) }
        #expect(RetryPolicy.retryAfter(["Retry-After": "1e400"]) == nil)
        #expect(RetryPolicy.retryAfter(["retry-after": "3"]) == 3)
    }

    @Test("A 401 is never retried even when listed as retryable")
    func never401() async throws {
        var policy = RetryPolicy(limit: 3, delay: 0)
        policy.retryableStatusCodes.insert(401)
        let log = RequestLog()
        let service = try stubbed(ServiceConfiguration(retryPolicy: policy), log: log, status: 401)
        await #expect(throws: ApiError.self) { _ = try await service.get("x", as: Empty.self) }
        #expect(await log.requests.count == 1)
    }

    @Test("An actor cannot be a model")
    func actorsRejected() {
        #expect(throws: MappingError.self) { _ = try JSONMapper().map(NotAModel.self, from: ["value": 1]) }
    }
}
