import Foundation
import ReflectMap
import ReflectMapClient
import Testing

actor NotAModel: Mappable {
    var value = 0
    init() {}
}

@Suite("Responses and errors")
struct ResponseTests {
    func service(
        _ transport: TransportKind, _ configuration: ServiceConfiguration = ServiceConfiguration()
    ) throws -> APIService {
        try transport.service(configuration)
    }

    @Test("An array response class maps a JSON array", arguments: TransportKind.all)
    func arrayResponse(transport: TransportKind) async throws {
        let books = try await service(transport).get("books", as: [Book].self)
        #expect(books == [Book(id: 1, title: "Dune"), Book(id: 2, title: "Emma")])
    }

    @Test("A key path unwraps a {data, error} envelope", arguments: TransportKind.all)
    func envelope(transport: TransportKind) async throws {
        let book = try await service(transport).get("envelope", at: "data", as: Book.self)
        #expect(book == Book(id: 7, title: "Wrapped"))
    }

    @Test("A key path reaches a key that contains dots when they are escaped", arguments: TransportKind.all)
    func dottedKey(transport: TransportKind) async throws {
        let book = try await service(transport).get("dotted", at: #"data.org\.example\.book"#, as: Book.self)
        #expect(book == Book(id: 8, title: "Dotted"))
    }

    @Test("204 and HEAD succeed for the Empty response class", arguments: TransportKind.all)
    func emptyBodies(transport: TransportKind) async throws {
        let service = try service(transport)
        _ = try await service.delete("status/204", as: Empty.self)
        _ = try await service.send(Request(HeadBooks(), as: Empty.self)).value
    }

    @Test("An empty body for a class that needs data is undecodable", arguments: TransportKind.all)
    func emptyBodyForModel(transport: TransportKind) async throws {
        await #expect {
            _ = try await service(transport).get("status/204", as: Book.self)
        } throws: { error in
            if case .undecodable? = error as? APIError { return true }
            return false
        }
    }

    @Test(
        "A 403 carries code, headers and body, and the body maps into the app's error class",
        arguments: TransportKind.all)
    func forbiddenErrorModel(transport: TransportKind) async throws {
        do {
            _ = try await service(transport).get("status/403", as: Book.self)
            Issue.record("expected a 403")
        } catch let error as APIError {
            #expect(error.statusCode == 403)
            if case .unacceptableStatus(_, let headers, _) = error {
                #expect(headers.contains { $0.key.lowercased() == "content-type" && $0.value == "application/json" })
            }
            let model = error.errorModel(as: ServerError.self)
            #expect(model?.statusCode == 403)
            #expect(model?.message == ["forbidden", "no access"])
            #expect(model?.error == "Forbidden")
        }
    }

    @Test("An HTML 502 page gives no error model", arguments: TransportKind.all)
    func htmlErrorPage(transport: TransportKind) async throws {
        do {
            _ = try await service(transport).get("status/502", as: Book.self)
            Issue.record("expected a 502")
        } catch let error as APIError {
            #expect(error.statusCode == 502)
            #expect(error.errorModel(as: ServerError.self) == nil)
            #expect(String(decoding: error.body ?? Data(), as: UTF8.self).contains("Bad gateway"))
        }
    }

    @Test("An undecodable body reports the mapper's JSON path", arguments: TransportKind.all)
    func undecodable(transport: TransportKind) async throws {
        let strict = ServiceConfiguration(mapper: JSONMapper(mode: .strict))
        do {
            _ = try await service(transport, strict).get("bad", as: BookList.self)
            Issue.record("expected a mapping failure")
        } catch APIError.undecodable(let mapping, _) {
            #expect(mapping.path == "books[1].id")
        }
    }

    @Test("A refused connection is a network error", arguments: TransportKind.all)
    func networkFailure(transport: TransportKind) async throws {
        let closed = APIService(
            baseURL: try #require(URL(string: "http://127.0.0.1:9")),
            configuration: transport.configure(ServiceConfiguration()))
        do {
            _ = try await closed.get("books", as: [Book].self)
            Issue.record("expected a network error")
        } catch let error as APIError {
            if case .network = error {} else { Issue.record("got \(error)") }
        }
    }

    @Test("A stub transport still runs validation and mapping")
    func stubTransport() async throws {
        let stub = StubTransport { request in
            if request.url?.path == "/books" {
                return .init(body: Data(#"[{"id": 3, "title": "Stubbed"}]"#.utf8))
            }
            return .init(
                statusCode: 404, body: Data(#"{"statusCode": 404, "message": ["missing"], "error": "Not Found"}"#.utf8))
        }
        let service = APIService(
            baseURL: try #require(URL(string: "https://api.example.com")),
            configuration: ServiceConfiguration(transport: stub))
        #expect(try await service.get("books", as: [Book].self) == [Book(id: 3, title: "Stubbed")])
        do {
            _ = try await service.get("nothing", as: Book.self)
            Issue.record("expected a 404")
        } catch let error as APIError {
            #expect(error.statusCode == 404)
            #expect(error.errorModel(as: ServerError.self)?.message == ["missing"])
        }
    }

    @Test("A 404 with a JSON body maps into the error class", arguments: TransportKind.all)
    func notFound(transport: TransportKind) async throws {
        do {
            _ = try await service(transport).get("status/404", as: Book.self)
            Issue.record("expected a 404")
        } catch let error as APIError {
            #expect(error.statusCode == 404)
            #expect(error.errorModel(as: ServerError.self)?.message == ["no such book"])
            #expect(error.header("CONTENT-TYPE") == "application/json")
        }
    }

    @Test("A truncated body is undecodable", arguments: TransportKind.all)
    func truncated(transport: TransportKind) async throws {
        do {
            _ = try await service(transport).get("truncated", as: Book.self)
            Issue.record("expected a mapping failure")
        } catch APIError.undecodable(let mapping, _) {
            if case .malformedJSON = mapping.kind {} else { Issue.record("got \(mapping)") }
        }
    }

    @Test("An actor cannot be a model")
    func actorsRejected() {
        #expect(throws: MappingError.self) { _ = try JSONMapper().map(NotAModel.self, from: ["value": 1]) }
    }
}

struct HeadBooks: Endpoint {
    var method: HTTPMethod { .head }
    var path: String { "books" }
}
