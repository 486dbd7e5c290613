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

    /// One verb's three forms, as function values.
    struct Verb {
        let async: (String, [String: any Sendable], String?, Echo.Type) async throws -> Echo
        let callbacks: (String, [String: any Sendable], String?, Echo.Type,
                        @escaping @Sendable (sending Echo) -> Void, @escaping @Sendable (APIError) -> Void) -> APICall
        let completion: (String, [String: any Sendable], String?, Echo.Type,
                         @escaping @Sendable (sending Result<Echo, APIError>) -> Void) -> APICall
    }

    static func verb(_ method: HTTPMethod, of service: APIService) -> Verb {
        switch method {
        case .get: Verb(async: service.get(_:parameters:at:as:), callbacks: service.get(_:parameters:at:as:success:failure:),
                        completion: service.get(_:parameters:at:as:completion:))
        case .post: Verb(async: service.post(_:parameters:at:as:), callbacks: service.post(_:parameters:at:as:success:failure:),
                         completion: service.post(_:parameters:at:as:completion:))
        case .put: Verb(async: service.put(_:parameters:at:as:), callbacks: service.put(_:parameters:at:as:success:failure:),
                        completion: service.put(_:parameters:at:as:completion:))
        case .patch: Verb(async: service.patch(_:parameters:at:as:), callbacks: service.patch(_:parameters:at:as:success:failure:),
                          completion: service.patch(_:parameters:at:as:completion:))
        default: Verb(async: service.delete(_:parameters:at:as:), callbacks: service.delete(_:parameters:at:as:success:failure:),
                      completion: service.delete(_:parameters:at:as:completion:))
        }
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
        let verb = Self.verb(method, of: service)
        let echoes = [
            try await verb.async("echo", parameters, "data", Echo.self),
            try await Self.callbacks { verb.callbacks("echo", parameters, "data", Echo.self, $0, $1) },
            try await Self.completion { verb.completion("echo", parameters, "data", Echo.self, $0) },
        ]
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
            try await Self.callbacks { service.post("echo", body: book, at: "data", as: Echo.self, success: $0, failure: $1) },
            try await Self.completion { service.post("echo", body: book, at: "data", as: Echo.self, completion: $0) },
        ]
        #expect(posted.map { "\($0.method) \($0.body)" } == Array(repeating: #"POST {"id":1,"title":"t"}"#, count: 3))
        let requested = [
            try await service.request(EchoEndpoint(), as: Echo.self),
            try await Self.callbacks { service.request(EchoEndpoint(), as: Echo.self, success: $0, failure: $1) },
            try await Self.completion { service.request(EchoEndpoint(), as: Echo.self, completion: $0) },
        ]
        #expect(requested.map { "\($0.method) \($0.body)" } == Array(repeating: #"PUT {"v":1}"#, count: 3))
    }

    @Test("An endpoint that cannot be built fails every style with invalidRequest, callbacks included")
    func unbuildableRequest() async throws {
        let service = try service()
        let isInvalid: @Sendable (any Error) -> Bool = { if case .invalidRequest? = $0 as? APIError { true } else { false } }
        await #expect { _ = try await service.request(ParametersAndBody(), as: Echo.self) } throws: { isInvalid($0) }
        await #expect {
            _ = try await Self.callbacks { service.request(ParametersAndBody(), as: Echo.self, success: $0, failure: $1) }
        } throws: { isInvalid($0) }
        await #expect {
            _ = try await Self.completion { service.request(ParametersAndBody(), as: Echo.self, completion: $0) }
        } throws: { isInvalid($0) }
    }
}
