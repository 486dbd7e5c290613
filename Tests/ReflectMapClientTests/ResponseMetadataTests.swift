import Foundation
import ReflectMap
import ReflectMapClient
import Testing

struct TextEndpoint: Endpoint {
    var charset = "utf8"
    var method: HTTPMethod { .get }
    var path: String { "text/\(charset)" }
}

/// A 404 that this endpoint accepts, and a retry policy of its own.
struct Lenient: Endpoint {
    var path: String
    var method: HTTPMethod { .get }
    var acceptableStatusCodes: Set<Int>? { [200, 404] }
}

struct NoRetry: Endpoint {
    var path: String
    var method: HTTPMethod { .get }
    var retryPolicy: RetryPolicy? { .never }
}

struct ExtraRetry: Endpoint {
    var path: String
    var method: HTTPMethod { .get }
    var retryPolicy: RetryPolicy? { RetryPolicy(delay: 0.01) }
}

struct Options: Endpoint {
    var method: HTTPMethod { .options }
    var path: String { "echo" }
    var parameters: [String: any Sendable] { ["x": 1] }
}

@Suite("Response metadata, raw bodies and per-request overrides")
struct ResponseMetadataTests {
    func service(_ configuration: ServiceConfiguration = ServiceConfiguration()) throws -> APIService {
        APIService(baseURL: try TestServer.shared.url(), configuration: configuration)
    }

    @Test("A mapped response carries status, headers (looked up in any case) and URL")
    func metadata() async throws {
        let response = try await service().send(Request(EchoRouter.search("swift", page: 1), as: Echo.self))
        #expect(response.statusCode == 200)
        #expect(response.header("CONTENT-TYPE") == "application/json")
        #expect(response.header("content-length") != nil)
        #expect(response.url?.path == "/echo")
        #expect(response.value.query == "page=1&q=swift")
    }

    @Test("Raw Data and String responses, with ETag, Link and rate-limit headers")
    func dataAndString() async throws {
        let service = try service()
        let data = try await service.send(Request(TextEndpoint(), as: Data.self))
        #expect(data.value == Data("café ✓".utf8))
        let text = try await service.send(Request(TextEndpoint(), as: String.self))
        #expect(text.value == "café ✓")
        #expect(text.header("etag") == #""v1""#)
        #expect(text.header("x-ratelimit-remaining") == "41")
        #expect(text.header("link")?.contains(#"rel="next""#) == true)
        let latin1 = try await service.send(Request(TextEndpoint(charset: "latin1"), as: String.self))
        #expect(latin1.value == "café ?")
    }

    @Test("An endpoint's acceptable status codes and retry policy override the service's")
    func overrides() async throws {
        let lenient = try await service().send(Request(Lenient(path: "status/404"), as: Data.self))
        #expect(lenient.statusCode == 404)

        let retrying = try service(ServiceConfiguration(retryPolicy: RetryPolicy(delay: 0.01), retryLimit: 3))
        let key = UUID().uuidString
        await #expect(throws: APIError.self) {
            _ = try await retrying.send(Request(NoRetry(path: "flaky/\(key)/1"), as: Attempts.self)).value
        }
        #expect(try await retrying.get("count/\(key)", as: Count.self).count == 1)

        let plain = try service()
        let other = UUID().uuidString
        #expect(
            try await plain.send(Request(ExtraRetry(path: "flaky/\(other)/2"), as: Attempts.self)).value.attempts == 3)
    }

    @Test("HTTPMethod is an open set: OPTIONS and custom tokens reach the server")
    func methods() async throws {
        #expect(
            HTTPMethod.allCases.map(\.rawValue) == [
                "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT",
            ])
        #expect(HTTPMethod(rawValue: "PURGE") == "PURGE")
        #expect(HTTPMethod.options.isIdempotent && HTTPMethod.trace.isIdempotent)
        #expect(!HTTPMethod.post.isIdempotent && !HTTPMethod.connect.isIdempotent && !HTTPMethod("PURGE").isIdempotent)
        #expect(ParameterEncoding.default(for: .options) == .query)
        #expect(ParameterEncoding.default(for: "PURGE") == .json)
        let echo = try await service().send(Request(Options(), as: Echo.self)).value
        #expect(echo.method == "OPTIONS")
        #expect(echo.query == "x=1")
    }
}
