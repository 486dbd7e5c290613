// swift-format-ignore-file
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
// The Testing with StubTransport article: its blocks as written, at the top level of this file.
import ReflectMap
import ReflectMapClient
import Testing

let stub = StubTransport { request in
    switch request.url?.path {
    case "/v1/books/7":
        StubTransport.Response(headers: ["Content-Type": "application/json"], body: Data(#"{"id": 7, "title": "Dune"}"#.utf8))
    case "/v1/flaky":
        throw URLError(.networkConnectionLost)
    default:
        StubTransport.Response(statusCode: 404)
    }
}

let service = APIService(
    baseURL: URL(string: "https://api.example.com/v1")!,
    configuration: ServiceConfiguration(transport: stub)
)

@Test("A book maps from the stub's answer")
func bookMaps() async throws {
    let book = try await service.get("books/7", as: Book.self)
    #expect(book.title == "Dune")
}

@Test("A URLError the stub throws is a network error")
func stubNetworkError() async throws {
    await #expect(throws: APIError.self) { try await service.get("flaky", as: Book.self) }
}
