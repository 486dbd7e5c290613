import Foundation
import ReflectMap
@testable import ReflectMapClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Adds a bearer token; on 401 it "refreshes" once and asks for a retry.
actor TokenInterceptor: RequestInterceptor {
    private var token = "stale"
    private(set) var refreshes = 0

    func adapt(_ request: URLRequest) async throws -> URLRequest {
        var request = request
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return request
    }

    func retry(_ request: URLRequest, failedWith error: APIError, attempt: Int) async -> RetryDecision {
        guard error.statusCode == 401, attempt == 1 else { return .useDefault }
        token = "fresh"
        refreshes += 1
        return .retry(after: 0)
    }
}

/// Always asks for another try, whatever the error.
struct AlwaysRetry: RequestInterceptor {
    func retry(_ request: URLRequest, failedWith error: APIError, attempt: Int) async -> RetryDecision {
        .retry(after: 0)
    }
}

struct InfiniteRetry: RequestInterceptor {
    func retry(_ request: URLRequest, failedWith error: APIError, attempt: Int) async -> RetryDecision {
        .retry(after: .infinity)
    }
}

@Suite("Retry and interceptors")
struct RetryAndInterceptorTests {
    func service(_ configuration: ServiceConfiguration) throws -> APIService {
        APIService(baseURL: try TestServer.shared.url(), configuration: configuration)
    }

    @Test("A failing call is retried up to the limit and then succeeds")
    func retriesUntilSuccess() async throws {
        let key = UUID().uuidString
        let service = try service(ServiceConfiguration(retryPolicy: RetryPolicy(delay: 0.05), retryLimit: 2))
        let result = try await service.get("flaky/\(key)/2", as: Attempts.self)
        #expect(result.attempts == 3)
    }

    @Test("Retry gives up after the limit with the last error")
    func givesUpAfterLimit() async throws {
        let key = UUID().uuidString
        let service = try service(ServiceConfiguration(retryPolicy: RetryPolicy(delay: 0.01), retryLimit: 2))
        do {
            _ = try await service.get("flaky/\(key)/5", as: Attempts.self)
            Issue.record("expected a 503")
        } catch let error as APIError {
            #expect(error.statusCode == 503)
        }
        #expect(try await service.get("count/\(key)", as: Count.self).count == 3)
    }

    @Test("401 is never retried by the policy, and POST is not retried by default")
    func neverRetries401OrPost() async throws {
        let service = try service(ServiceConfiguration(retryPolicy: RetryPolicy(delay: 0.01), retryLimit: 3))
        let key = UUID().uuidString
        await #expect(throws: APIError.self) { _ = try await service.get("unauthorized/\(key)", as: Empty.self) }
        #expect(try await service.get("count/\(key)", as: Count.self).count == 1)
        let postKey = UUID().uuidString
        await #expect(throws: APIError.self) { _ = try await service.post("flaky/\(postKey)/1", as: Attempts.self) }
        #expect(try await service.get("count/\(postKey)", as: Count.self).count == 1)
    }

    @Test("Retry-After sets the wait before the retry")
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)  // ContinuousClock, Duration
    func honoursRetryAfter() async throws {
        let key = UUID().uuidString
        let service = try service(ServiceConfiguration(retryPolicy: RetryPolicy(delay: 0), retryLimit: 1))
        let clock = ContinuousClock()
        let start = clock.now
        let result = try await service.get("retry-after/\(key)", as: Attempts.self)
        #expect(result.attempts == 2)
        #expect(clock.now - start >= .milliseconds(900))
        #expect(RetryPolicy.retryAfter(["retry-after": "Wed, 21 Oct 2099 07:28:00 GMT"]) ?? 0 > 1_000_000)
    }

    @Test("An interceptor adds the auth header and refreshes the token on 401")
    func interceptorRefreshesToken() async throws {
        let interceptor = TokenInterceptor()
        let service = try service(ServiceConfiguration(interceptors: [interceptor]))
        let echo = try await service.get("echo", as: Echo.self)
        #expect(echo.headers["authorization"] == "Bearer stale")
        let key = UUID().uuidString
        _ = try await service.get("unauthorized/\(key)", as: Empty.self)
        #expect(await interceptor.refreshes == 1)
        #expect(try await service.get("count/\(key)", as: Count.self).count == 2)
    }

    @Test("A RetryPolicy listed among the interceptors retries as the service's retry policy does")
    func policyAsInterceptor() async throws {
        let key = UUID().uuidString
        let service = try service(ServiceConfiguration(interceptors: [RetryPolicy(delay: 0.01)], retryLimit: 2))
        #expect(try await service.get("flaky/\(key)/2", as: Attempts.self).attempts == 3)
    }

    @Test("A retry policy leaves a 401 to the interceptor after it, which refreshes and retries")
    func policyBeforeAuth() async throws {
        let token = TokenInterceptor()
        let service = try service(ServiceConfiguration(interceptors: [RetryPolicy(delay: 0), token], retryLimit: 3))
        let key = UUID().uuidString
        _ = try await service.get("unauthorized/\(key)", as: Empty.self)
        #expect(await token.refreshes == 1)
        #expect(try await service.get("count/\(key)", as: Count.self).count == 2)
    }

    @Test("Retries that interceptors ask for stop at retryLimit, 2 by default")
    func interceptorRetryCap() async throws {
        let log = RequestLog()
        let stub = log.stub(answering: 503)
        let service = APIService(
            baseURL: try #require(URL(string: "https://api.example.com")),
            configuration: ServiceConfiguration(
                interceptors: [AlwaysRetry()], transport: stub,
                retryLimit: 4))
        await #expect(throws: APIError.self) { _ = try await service.get("x", as: Empty.self) }
        #expect(await log.requests.count == 5)
        let defaults = APIService(
            baseURL: try #require(URL(string: "https://api.example.com")),
            configuration: ServiceConfiguration(interceptors: [AlwaysRetry()], transport: stub))
        await #expect(throws: APIError.self) { _ = try await defaults.get("x", as: Empty.self) }
        #expect(await log.requests.count == 5 + 3)
    }

    @Test("Waits and timeouts that are not finite never trap")
    func nonFiniteWaits() async throws {
        let log = RequestLog()
        let infiniteTimeout = try stubbedService(ServiceConfiguration(timeout: .infinity), log: log)
        _ = try await infiniteTimeout.get("x", as: Empty.self)

        let giveUp = try stubbedService(ServiceConfiguration(interceptors: [InfiniteRetry()]), log: log, status: 503)
        await #expect(throws: APIError.self) { _ = try await giveUp.get("x", as: Empty.self) }

        let policy = RetryPolicy(delay: 0.01, maximumRetryAfter: .infinity)
        let weirdHeader = try stubbedService(
            ServiceConfiguration(retryPolicy: policy), log: log, status: 503, headers: ["Retry-After": "inf"])
        await #expect(throws: APIError.self) { _ = try await weirdHeader.get("x", as: Empty.self) }
        #expect(RetryPolicy.retryAfter(["Retry-After": "1e400"]) == nil)
        #expect(RetryPolicy.retryAfter(["retry-after": "3"]) == 3)
    }

    @Test("A 401 is never retried even when listed as retryable")
    func never401() async throws {
        var policy = RetryPolicy(delay: 0)
        policy.retryableStatusCodes.insert(401)
        let log = RequestLog()
        let service = try stubbedService(ServiceConfiguration(retryPolicy: policy), log: log, status: 401)
        await #expect(throws: APIError.self) { _ = try await service.get("x", as: Empty.self) }
        #expect(await log.requests.count == 1)
    }
}

@Suite("Retry policy as an interceptor")
struct RetryPolicyDecisionTests {
    func request(_ method: HTTPMethod) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/x")))
        request.httpMethod = method.rawValue
        return request
    }

    func status(_ code: Int, headers: [String: String] = [:]) -> APIError {
        .unacceptableStatus(code: code, headers: headers, body: Data())
    }

    @Test("It asks for a retry after the backed-off delay, or Retry-After")
    func retriesWithWaits() async throws {
        let policy = RetryPolicy(delay: 0.5, backoffMultiplier: 2)
        let get = try request(.get)
        #expect(await policy.retry(get, failedWith: status(503), attempt: 1) == .retry(after: 0.5))
        #expect(await policy.retry(get, failedWith: status(503), attempt: 2) == .retry(after: 1))
        #expect(
            await policy.retry(get, failedWith: .network(message: "down", code: nil), attempt: 1) == .retry(after: 0.5))
        #expect(
            await policy.retry(get, failedWith: status(429, headers: ["Retry-After": "7"]), attempt: 1)
                == .retry(after: 7))
    }

    @Test("It leaves to the next interceptor what it does not retry: 401, other statuses, POST")
    func leavesTheRest() async throws {
        var policy = RetryPolicy(delay: 0)
        policy.retryableStatusCodes.insert(401)
        let get = try request(.get)
        #expect(await policy.retry(get, failedWith: status(401), attempt: 1) == .useDefault)
        #expect(await policy.retry(get, failedWith: status(404), attempt: 1) == .useDefault)
        #expect(
            await policy.retry(get, failedWith: status(503, headers: ["Retry-After": "61"]), attempt: 1) == .useDefault)
        #expect(await policy.retry(try request(.post), failedWith: status(503), attempt: 1) == .useDefault)
        #expect(await RetryPolicy.never.retry(get, failedWith: status(503), attempt: 1) == .useDefault)
    }

    @Test("One limit holds for the policy and every interceptor alike")
    func oneLimitForAll() async throws {
        let log = RequestLog()
        let stub = log.stub(answering: 503)
        let base = try #require(URL(string: "https://api.example.com"))
        let patient = APIService(
            baseURL: base,
            configuration: ServiceConfiguration(
                retryPolicy: RetryPolicy(delay: 0),
                transport: stub, retryLimit: 5))
        await #expect(throws: APIError.self) { _ = try await patient.get("x", as: Empty.self) }
        #expect(await log.requests.count == 6)
        let insistent = APIService(
            baseURL: base,
            configuration: ServiceConfiguration(
                retryPolicy: RetryPolicy(delay: 0),
                interceptors: [AlwaysRetry()], transport: stub,
                retryLimit: 1))
        await #expect(throws: APIError.self) { _ = try await insistent.get("x", as: Empty.self) }
        #expect(await log.requests.count == 6 + 2)
    }
}
