import Foundation
import ReflectMap
import ReflectMapClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An endpoint for `request(_:…)` in each style.
struct EchoEndpoint: Endpoint {
    var method: HTTPMethod { .put }
    var path: String { "echo" }
    var parameters: [String: any Sendable] { ["v": 1] }
    var keyPath: String? { "data" }
}

/// Parameters for the JSON body, and a body model too: a request that cannot be built.
struct ParametersAndBody: Endpoint {
    var method: HTTPMethod { .post }
    var path: String { "echo" }
    var parameters: [String: any Sendable] { ["v": 1] }
    var body: (any Mappable)? { Book(id: 1, title: "t") }
    var encoding: ParameterEncoding? { .json }
}

@Suite("Call styles")
struct CallStyleTests {
    /// A service whose stub answers every request with its method, query and body under `data`.
    func service() throws -> APIService {
        let stub = StubTransport { request in
            let echo: [String: Any] = [
                "method": request.httpMethod ?? "",
                "query": request.url?.query ?? "",
                "body": request.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? "",
            ]
            return .init(body: try JSONSerialization.data(withJSONObject: ["data": echo]))
        }
        return APIService(baseURL: try #require(URL(string: "https://api.example.com")),
                          configuration: ServiceConfiguration(transport: stub))
    }

    /// What a `success:failure:` call delivers.
    static func callbacks(_ send: (@escaping @Sendable (sending Echo) -> Void, @escaping @Sendable (APIError) -> Void) -> APICall)
        async throws -> Echo {
        try await withCheckedThrowingContinuation { continuation in
            _ = send({ continuation.resume(returning: $0) }, { continuation.resume(throwing: $0) })
        }
    }

    /// What a `completion:` call delivers.
    static func completion(_ send: (@escaping @Sendable (sending Result<Echo, APIError>) -> Void) -> APICall) async throws -> Echo {
        try await withCheckedThrowingContinuation { continuation in
            _ = send { continuation.resume(with: $0) }
        }
    }

    @Test("Every verb sends its method and parameters and maps at the key path, async and with both callbacks",
          arguments: [HTTPMethod.get, .post, .put, .patch, .delete])
    func everyVerbInEveryStyle(method: HTTPMethod) async throws {
        let service = try service()
        let parameters: [String: any Sendable] = ["v": 1]
        let echoes: [Echo]
        switch method {
        case .get: echoes = [
            try await service.get("echo", parameters: parameters, at: "data", as: Echo.self),
            try await Self.callbacks { service.get("echo", parameters: parameters, at: "data", responseClass: Echo.self, success: $0, failure: $1) },
            try await Self.completion { service.get("echo", parameters: parameters, at: "data", responseClass: Echo.self, completion: $0) },
        ]
        case .post: echoes = [
            try await service.post("echo", parameters: parameters, at: "data", as: Echo.self),
            try await Self.callbacks { service.post("echo", parameters: parameters, at: "data", responseClass: Echo.self, success: $0, failure: $1) },
            try await Self.completion { service.post("echo", parameters: parameters, at: "data", responseClass: Echo.self, completion: $0) },
        ]
        case .put: echoes = [
            try await service.put("echo", parameters: parameters, at: "data", as: Echo.self),
            try await Self.callbacks { service.put("echo", parameters: parameters, at: "data", responseClass: Echo.self, success: $0, failure: $1) },
            try await Self.completion { service.put("echo", parameters: parameters, at: "data", responseClass: Echo.self, completion: $0) },
        ]
        case .patch: echoes = [
            try await service.patch("echo", parameters: parameters, at: "data", as: Echo.self),
            try await Self.callbacks { service.patch("echo", parameters: parameters, at: "data", responseClass: Echo.self, success: $0, failure: $1) },
            try await Self.completion { service.patch("echo", parameters: parameters, at: "data", responseClass: Echo.self, completion: $0) },
        ]
        default: echoes = [
            try await service.delete("echo", parameters: parameters, at: "data", as: Echo.self),
            try await Self.callbacks { service.delete("echo", parameters: parameters, at: "data", responseClass: Echo.self, success: $0, failure: $1) },
            try await Self.completion { service.delete("echo", parameters: parameters, at: "data", responseClass: Echo.self, completion: $0) },
        ]
        }
        #expect(echoes.map(\.method) == Array(repeating: method.rawValue, count: 3))
        let sent = [HTTPMethod.get, .delete].contains(method) ? echoes.map(\.query) : echoes.map(\.body)
        #expect(sent == Array(repeating: [HTTPMethod.get, .delete].contains(method) ? "v=1" : #"{"v":1}"#, count: 3))
    }

    @Test("A POST of a model and an endpoint's request offer the same three styles")
    func bodyAndEndpointInEveryStyle() async throws {
        let service = try service()
        let book = Book(id: 1, title: "t")
        let posted = [
            try await service.post("echo", body: book, at: "data", as: Echo.self),
            try await Self.callbacks { service.post("echo", body: book, at: "data", responseClass: Echo.self, success: $0, failure: $1) },
            try await Self.completion { service.post("echo", body: book, at: "data", responseClass: Echo.self, completion: $0) },
        ]
        #expect(posted.map { "\($0.method) \($0.body)" } == Array(repeating: #"POST {"id":1,"title":"t"}"#, count: 3))
        let requested = [
            try await service.request(EchoEndpoint(), as: Echo.self),
            try await Self.callbacks { service.request(EchoEndpoint(), responseClass: Echo.self, success: $0, failure: $1) },
            try await Self.completion { service.request(EchoEndpoint(), responseClass: Echo.self, completion: $0) },
        ]
        #expect(requested.map { "\($0.method) \($0.body)" } == Array(repeating: #"PUT {"v":1}"#, count: 3))
    }

    @Test("An endpoint that cannot be built fails every style with invalidRequest, callbacks included")
    func unbuildableRequest() async throws {
        let service = try service()
        let isInvalid: @Sendable (any Error) -> Bool = { if case .invalidRequest? = $0 as? APIError { true } else { false } }
        await #expect { _ = try await service.request(ParametersAndBody(), as: Echo.self) } throws: { isInvalid($0) }
        await #expect {
            _ = try await Self.callbacks { service.request(ParametersAndBody(), responseClass: Echo.self, success: $0, failure: $1) }
        } throws: { isInvalid($0) }
        await #expect {
            _ = try await Self.completion { service.request(ParametersAndBody(), responseClass: Echo.self, completion: $0) }
        } throws: { isInvalid($0) }
    }
}
