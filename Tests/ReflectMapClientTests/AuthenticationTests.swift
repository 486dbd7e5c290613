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

actor TokenStore {
    private(set) var token = "old"
    func renew() { token = "new" }
}

@Suite("Authentication: 401 challenges and the auth interceptor")
struct AuthenticationTests {
    func service(
        _ transport: TransportKind, _ configuration: ServiceConfiguration = ServiceConfiguration()
    ) throws -> APIService {
        try transport.service(configuration)
    }

    @Test(
        "A 401 with WWW-Authenticate: Basic comes back as unacceptableStatus(401), never retried nor held until the timeout",
        arguments: TransportKind.all)
    func basicChallenge(transport: TransportKind) async throws {
        let key = UUID().uuidString
        // A call held for the challenge would end with the timeout's network error, not the 401.
        let service = try service(transport, ServiceConfiguration(retryPolicy: .default))
        do {
            _ = try await service.get("basic/\(key)", as: Empty.self)
            Issue.record("expected a 401")
        } catch let error as APIError {
            #expect(error.statusCode == 401)
            #expect(error.header("www-authenticate") == #"Basic realm="tests""#)
            #expect(error.errorModel(as: ServerError.self)?.message == ["sign in"])
        }
        // The request was sent once.
        #expect(try await service.get("count/basic-\(key)", as: Count.self).count == 1)
        // Credentials sent as a header are accepted.
        let ok = try await service.send(
            Request(BasicProtected(key: key, authorization: "Basic dXNlcjpwYXNz"), as: Empty.self))
        #expect(ok.statusCode == 200)
    }

    @Test("A Basic challenge on a stream and a download also ends with the 401", arguments: TransportKind.all)
    func basicChallengeOnStreamAndDownload(transport: TransportKind) async throws {
        let service = try service(transport, ServiceConfiguration(timeout: 10))
        let stream = service.stream(BasicProtected(key: "s", authorization: nil), as: Line.self)
        await #expect { for try await _ in stream {} } throws: { ($0 as? APIError)?.statusCode == 401 }
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("basic-\(UUID().uuidString)")
        await #expect {
            _ = try await service.download(BasicProtected(key: "d", authorization: nil), to: target)
        } throws: { ($0 as? APIError)?.statusCode == 401 }
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test(
        "AuthInterceptor ends the call with the 401 when the provider has no token after refreshing",
        arguments: TransportKind.all)
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

    @Test("AuthInterceptor retries a 401 at once after a refresh, and leaves every other failure to the rest")
    func retryDecisions() async throws {
        let store = TokenStore()
        let auth = AuthInterceptor(token: { await store.token }, refresh: { await store.renew() })
        var request = URLRequest(url: try #require(URL(string: "https://example.test/me")))
        request.setValue("Bearer old", forHTTPHeaderField: "Authorization")
        let unauthorized = APIError.unacceptableStatus(code: 401, headers: [:], body: Data())
        #expect(await auth.retry(request, failedWith: unauthorized, attempt: 1) == .retry(after: 0))
        let forbidden = APIError.unacceptableStatus(code: 403, headers: [:], body: Data())
        #expect(await auth.retry(request, failedWith: forbidden, attempt: 1) == .useDefault)
        // Sent with the token the refresh produced: refreshing again would not help.
        request.setValue("Bearer new", forHTTPHeaderField: "Authorization")
        #expect(await auth.retry(request, failedWith: unauthorized, attempt: 2) == .doNotRetry)
    }

    @Test(
        "AuthInterceptor gives up when the refresh hands back the token that was rejected", arguments: TransportKind.all
    )
    func sameTokenAfterRefresh(transport: TransportKind) async throws {
        let refreshes = Counter()
        let auth = AuthInterceptor(token: { "stale" }, refresh: { await refreshes.increment() })
        let key = UUID().uuidString
        let service = try service(transport, ServiceConfiguration(interceptors: [auth]))
        await #expect(throws: APIError.self) { _ = try await service.get("unauthorized/\(key)", as: Empty.self) }
        #expect(await refreshes.value == 1)
        #expect(try await service.get("count/\(key)", as: Count.self).count == 1)
    }

    @Test(
        "The auth interceptor sends the provider's token and refreshes once for many 401s", arguments: TransportKind.all
    )
    func coalescedRefresh(transport: TransportKind) async throws {
        let store = TokenStore()
        let refreshes = Counter()
        let auth = AuthInterceptor(
            token: { await store.token },
            refresh: {
                await refreshes.increment()
                try await Task.sleep(nanoseconds: 100_000_000)
                await store.renew()
            })
        let service = try service(transport, ServiceConfiguration(interceptors: [auth]))
        let key = UUID().uuidString
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask { _ = try await service.get("auth/\(key)", as: Empty.self) }
            }
            try await group.waitForAll()
        }
        #expect(await refreshes.value == 1)
        #expect(try await service.get("count/\(key)", as: Count.self).count == 40)
    }

}
