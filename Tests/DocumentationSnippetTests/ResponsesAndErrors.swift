// swift-format-ignore-file
import Foundation
import ReflectMap
import ReflectMapClient
import Testing

// The Responses and Errors article.

struct BookList: Endpoint {
    var method: HTTPMethod { .get }
    var path: String { "books" }
}

func firstPage(of service: APIService) async throws -> [Book] {
    let page = try await service.send(Request(BookList(), as: [Book].self))
    print(page.statusCode, page.header("etag") ?? "", page.header("x-ratelimit-remaining") ?? "")
    return page.value
}

struct ServerError: Mappable {
    var statusCode = 0
    var message: [String] = []
    var error = ""
}

func search(_ service: APIService) async -> String {
    do {
        let books = try await service.send(Request(BookList(), as: [Book].self)).value
        return "\(books.count) books"
    } catch let error as APIError {
        switch error {
        case .unacceptableStatus(let code, _, _):
            let body = error.errorModel(as: ServerError.self)
            return "\(code): \(body?.message.joined(separator: ", ") ?? "no details")"
        case .envelopeError(let failure):
            return "\(failure.status) with error \(failure.messageText ?? "")"
        case .undecodable(let mapping, _):
            return "bad payload at \(mapping.path)"
        case .network, .cancelled, .invalidRequest, .publicKeyPinMismatch, .publicKeyPinningUnavailable:
            return error.description
        }
    } catch {
        return error.localizedDescription
    }
}

@Suite("Responses and Errors article")
struct ResponsesAndErrorsSnippets {
    @Test("A response carries the mapped value and its headers")
    func response() async throws {
        let stub = BookStub(["GET /v1/books": #"[{"id": 1, "title": "Dune"}]"#])
        #expect(try await firstPage(of: stubbedService(APIService.init, stub)) == [Book(id: 1, title: "Dune")])
    }

    @Test("A 403 body maps into the app's error model, and a bad payload names its path")
    func errors() async throws {
        let forbidden = StubTransport { _ in
            StubTransport.Response(statusCode: 403, body: Data(#"{"statusCode": 403, "message": ["no access"], "error": "Forbidden"}"#.utf8))
        }
        let url = try #require(URL(string: "https://api.example.com"))
        #expect(await search(APIService(baseURL: url, configuration: ServiceConfiguration(transport: forbidden))) == "403: no access")
        let bad = StubTransport { _ in StubTransport.Response(body: Data(#"[{"id": "x"}]"#.utf8)) }
        let strict = ServiceConfiguration(mapper: JSONMapper(mode: .strict), transport: bad)
        #expect(await search(APIService(baseURL: url, configuration: strict)) == "bad payload at [0].id")
    }
}
