import Foundation
import ReflectMap
@testable import ReflectMapClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct BasicProtected: Endpoint {
    var key: String
    var authorization: String?
    var method: HTTPMethod { .get }
    var path: String { "basic/\(key)" }
    var headers: [String: String] { authorization.map { ["Authorization": $0] } ?? [:] }
}

/// Always asks for another try, whatever the error.
struct AlwaysRetry: RequestInterceptor {
    func retry(_ request: URLRequest, failedWith error: APIError, attempt: Int) async -> RetryDecision {
        .retry(after: 0)
    }
}

@Suite("Regressions for the client's fixed defects")
struct DefectRegressionTests {
    func service(_ transport: TransportKind, _ configuration: ServiceConfiguration = ServiceConfiguration()) throws -> APIService {
        try transport.service(configuration)
    }

    @Test("A 401 with WWW-Authenticate: Basic comes back at once as unacceptableStatus(401), never retried", arguments: TransportKind.all)
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)   // ContinuousClock, Duration
    func basicChallenge(transport: TransportKind) async throws {
        let key = UUID().uuidString
        // The timeout is long so that only the defect can reach it: under the sanitizers, while the
        // cancellation stress test floods FoundationNetworking's one shared work queue, a healthy call
        // here has taken 17 s.
        let timeout = 60.0
        let service = try service(transport, ServiceConfiguration(timeout: timeout, retryPolicy: .default))
        let clock = ContinuousClock()
        let start = clock.now
        do {
            _ = try await service.get("basic/\(key)", as: Empty.self)
            Issue.record("expected a 401")
        } catch let error as APIError {
            #expect(error.statusCode == 401)
            #expect(error.header("www-authenticate") == #"Basic realm="tests""#)
            #expect(error.errorModel(as: ServerError.self)?.message == ["sign in"])
        }
        // The defect waited out the timeout (three times, with retries) before the 401 came back.
        #expect(clock.now - start < .seconds(timeout))
        #expect(try await service.get("count/basic-\(key)", as: Count.self).count == 1)
        // Credentials sent as a header are accepted.
        let ok = try await service.response(BasicProtected(key: key, authorization: "Basic dXNlcjpwYXNz"), as: Empty.self)
        #expect(ok.statusCode == 200)
    }

    @Test("A Basic challenge on a stream and a download also ends with the 401", arguments: TransportKind.all)
    func basicChallengeOnStreamAndDownload(transport: TransportKind) async throws {
        let service = try service(transport, ServiceConfiguration(timeout: 10))
        let stream = service.stream(BasicProtected(key: "s", authorization: nil), as: Line.self)
        await #expect { for try await _ in stream {} } throws: { ($0 as? APIError)?.statusCode == 401 }
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("basic-\(UUID().uuidString)")
        await #expect { _ = try await service.download(BasicProtected(key: "d", authorization: nil), to: target) }
            throws: { ($0 as? APIError)?.statusCode == 401 }
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test("AuthInterceptor ends the call with the 401 when the provider has no token after refreshing", arguments: TransportKind.all)
    func signedOutUserDoesNotLoop(transport: TransportKind) async throws {
        let refreshes = Counter()
        let auth = AuthInterceptor(token: { nil }, refresh: { await refreshes.increment() })
        let key = UUID().uuidString
        let service = try service(transport, ServiceConfiguration(interceptors: [auth]))
        await #expect { _ = try await service.get("unauthorized/\(key)", as: Empty.self) } throws: {
            ($0 as? APIError)?.statusCode == 401
        }
        #expect(await refreshes.value == 1)
        #expect(try await service.get("count/\(key)", as: Count.self).count == 1)
        // Signed out still: a second call does not refresh again.
        await #expect(throws: APIError.self) { _ = try await service.get("unauthorized/\(key)", as: Empty.self) }
        #expect(await refreshes.value == 1)
    }

    @Test("AuthInterceptor gives up when the refresh hands back the token that was rejected", arguments: TransportKind.all)
    func sameTokenAfterRefresh(transport: TransportKind) async throws {
        let refreshes = Counter()
        let auth = AuthInterceptor(token: { "stale" }, refresh: { await refreshes.increment() })
        let key = UUID().uuidString
        let service = try service(transport, ServiceConfiguration(interceptors: [auth]))
        await #expect(throws: APIError.self) { _ = try await service.get("unauthorized/\(key)", as: Empty.self) }
        #expect(await refreshes.value == 1)
        #expect(try await service.get("count/\(key)", as: Count.self).count == 1)
    }

    @Test("Retries that interceptors ask for stop at interceptorRetryLimit")
    func interceptorRetryCap() async throws {
        let log = RequestLog()
        let stub = StubTransport { request in
            await log.append(request)
            return .init(statusCode: 503)
        }
        let service = APIService(baseURL: try #require(URL(string: "https://api.example.com")),
                                 configuration: ServiceConfiguration(interceptors: [AlwaysRetry()], transport: stub,
                                                                     interceptorRetryLimit: 4))
        await #expect(throws: APIError.self) { _ = try await service.get("x", as: Empty.self) }
        #expect(await log.requests.count == 5)
        let defaults = APIService(baseURL: try #require(URL(string: "https://api.example.com")),
                                  configuration: ServiceConfiguration(interceptors: [AlwaysRetry()], transport: stub))
        await #expect(throws: APIError.self) { _ = try await defaults.get("x", as: Empty.self) }
        #expect(await log.requests.count == 5 + 4)
    }
}
