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
        return APIService(
            baseURL: try #require(URL(string: "https://api.example.com")),
            configuration: ServiceConfiguration(transport: stub))
    }

    /// One verb's async and callback methods, and its endpoint, as function values.
    struct Verb {
        let async: (String, [String: any Sendable], (any Mappable)?, String?, Echo.Type) async throws -> Echo
        let callbacks:
            (
                String, [String: any Sendable], (any Mappable)?, String?, Echo.Type,
                @escaping @Sendable (sending Echo) -> Void, @escaping @Sendable (APIError) -> Void
            ) -> APICall
        let endpoint: (String, [String: any Sendable], (any Mappable)?, String?) -> HTTPEndpoint
    }

    static func verb(_ method: HTTPMethod, of service: APIService) -> Verb {
        switch method {
        case .get:
            Verb(
                async: service.get(_:parameters:body:at:as:),
                callbacks: service.get(_:parameters:body:at:as:success:failure:),
                endpoint: HTTPEndpoint.get(_:parameters:body:at:))
        case .post:
            Verb(
                async: service.post(_:parameters:body:at:as:),
                callbacks: service.post(_:parameters:body:at:as:success:failure:),
                endpoint: HTTPEndpoint.post(_:parameters:body:at:))
        case .put:
            Verb(
                async: service.put(_:parameters:body:at:as:),
                callbacks: service.put(_:parameters:body:at:as:success:failure:),
                endpoint: HTTPEndpoint.put(_:parameters:body:at:))
        case .patch:
            Verb(
                async: service.patch(_:parameters:body:at:as:),
                callbacks: service.patch(_:parameters:body:at:as:success:failure:),
                endpoint: HTTPEndpoint.patch(_:parameters:body:at:))
        default:
            Verb(
                async: service.delete(_:parameters:body:at:as:),
                callbacks: service.delete(_:parameters:body:at:as:success:failure:),
                endpoint: HTTPEndpoint.delete(_:parameters:body:at:))
        }
    }

    /// What a `success:failure:` call delivers.
    static func callbacks(
        _ send: (@escaping @Sendable (sending Echo) -> Void, @escaping @Sendable (APIError) -> Void) -> APICall
    )
        async throws -> Echo
    {
        try await withCheckedThrowingContinuation { continuation in
            _ = send({ continuation.resume(returning: $0) }, { continuation.resume(throwing: $0) })
        }
    }

    /// What a `completion:` call delivers.
    static func completion(
        _ send: (@escaping @Sendable (sending Result<Response<Echo>, APIError>) -> Void) -> APICall
    )
        async throws -> Echo
    {
        try await withCheckedThrowingContinuation { continuation in
            _ = send { continuation.resume(with: $0.map(\.value)) }
        }
    }

    @Test(
        "Every verb sends its method and parameters and maps at the key path, async, with callbacks and as a request",
        arguments: [HTTPMethod.get, .post, .put, .patch, .delete])
    func everyVerbInEveryStyle(method: HTTPMethod) async throws {
        let service = try service()
        let parameters: [String: any Sendable] = ["v": 1]
        let verb = Self.verb(method, of: service)
        let request = Request(verb.endpoint("echo", parameters, nil, "data"), as: Echo.self)
        let echoes = [
            try await verb.async("echo", parameters, nil, "data", Echo.self),
            try await Self.callbacks { verb.callbacks("echo", parameters, nil, "data", Echo.self, $0, $1) },
            try await service.send(request).value,
            try await Self.completion { service.send(request, completion: $0) },
        ]
        #expect(echoes.map(\.method) == Array(repeating: method.rawValue, count: 4))
        let sent = [HTTPMethod.get, .delete].contains(method) ? echoes.map(\.query) : echoes.map(\.body)
        #expect(sent == Array(repeating: [HTTPMethod.get, .delete].contains(method) ? "v=1" : #"{"v":1}"#, count: 4))
    }

    @Test(
        "Every verb takes a model body, with its parameters in the query, in both styles",
        arguments: [HTTPMethod.get, .post, .put, .patch, .delete])
    func everyVerbTakesABody(method: HTTPMethod) async throws {
        let service = try service()
        let book = Book(id: 1, title: "t")
        let verb = Self.verb(method, of: service)
        let echoes = [
            try await verb.async("echo", ["v": 1], book, "data", Echo.self),
            try await Self.callbacks { verb.callbacks("echo", ["v": 1], book, "data", Echo.self, $0, $1) },
        ]
        for echo in echoes {
            #expect("\(echo.method) \(echo.query) \(echo.body)" == #"\#(method.rawValue) v=1 {"id":1,"title":"t"}"#)
        }
    }

    @Test("An endpoint's request gives the model, the response, the bytes and the text, in every call style")
    func everyResultInEveryStyle() async throws {
        let service = try service()
        let model = try await service.send(Request(EchoEndpoint(), as: Echo.self))
        #expect(model.value.method == "PUT" && model.value.body == #"{"v":1}"# && model.statusCode == 200)
        #expect(
            try await Self.callbacks { service.send(Request(EchoEndpoint(), as: Echo.self), success: $0, failure: $1) }
                .method == "PUT")
        #expect(
            try await Self.completion { service.send(Request(EchoEndpoint(), as: Echo.self), completion: $0) }.method
                == "PUT")

        let bytes = try await service.send(Request(EchoEndpoint(), as: Data.self))
        let text = try await service.send(Request(EchoEndpoint(), as: String.self))
        // Each answer is the echo's JSON as it arrived; the stub writes its keys in any order.
        let echoed = { (json: Data) in try JSONMapper().map(Echo.self, from: json, at: "data") }
        #expect(try echoed(bytes.value).body == #"{"v":1}"#)
        #expect(try echoed(Data(text.value.utf8)).method == "PUT")
        let calledBack: String = try await withCheckedThrowingContinuation { continuation in
            service.send(
                Request(EchoEndpoint(), as: String.self), success: { continuation.resume(returning: $0) },
                failure: { continuation.resume(throwing: $0) })
        }
        let completed: Data = try await withCheckedThrowingContinuation { continuation in
            service.send(Request(EchoEndpoint(), as: Data.self)) { continuation.resume(with: $0.map(\.value)) }
        }
        #expect(try echoed(Data(calledBack.utf8)).method == "PUT")
        #expect(try echoed(completed).method == "PUT")
    }

    @Test("An endpoint that cannot be built fails every style with invalidRequest, callbacks included")
    func unbuildableRequest() async throws {
        let service = try service()
        let isInvalid: @Sendable (any Error) -> Bool = {
            if case .invalidRequest? = $0 as? APIError { true } else { false }
        }
        await #expect { _ = try await service.send(Request(ParametersAndBody(), as: Echo.self)).value } throws: {
            isInvalid($0)
        }
        await #expect {
            _ = try await Self.callbacks {
                service.send(Request(ParametersAndBody(), as: Echo.self), success: $0, failure: $1)
            }
        } throws: { isInvalid($0) }
        await #expect {
            _ = try await Self.completion { service.send(Request(ParametersAndBody(), as: Echo.self), completion: $0) }
        } throws: { isInvalid($0) }
    }

    @Test("A polymorphic enum is a response class: a top-level feed of mixed kinds, and one item at a key path")
    func polymorphicEnumResponses() async throws {
        let stub = StubTransport { request in
            let body =
                request.url?.path == "/feed"
                ? #"[{"kind": "book", "id": 1, "title": "Dune"}, {"kind": "note", "text": "hi"}]"#
                : #"{"data": {"kind": "note", "text": "one"}}"#
            return .init(body: Data(body.utf8))
        }
        let service = APIService(
            baseURL: try #require(URL(string: "https://api.example.com")),
            configuration: ServiceConfiguration(transport: stub))
        let feed = try await service.send(Request(.get("feed"), as: [FeedItem].self)).value
        #expect(feed == [.book(Book(id: 1, title: "Dune")), .note(.init(text: "hi"))])
        #expect(try await service.get("item", at: "data", as: FeedItem.self) == .note(.init(text: "one")))
    }
}
