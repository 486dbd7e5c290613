// swift-format-ignore-file
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReflectMap
import ReflectMapClient
import Testing

// The Authentication and Token Refresh article.

actor Session {
    var token: String? = "expired"

    func refresh() async throws {
        token = "fresh"
    }
}

func makeService(session: Session) -> APIService {
    APIService(baseURL: URL(string: "https://api.example.com")!, configuration: ServiceConfiguration(
        interceptors: [AuthInterceptor(token: { await session.token }, refresh: { try await session.refresh() })]
    ))
}

enum AuthenticationAndTokenRefresh {
    struct APIKey: RequestInterceptor {
        var key: String

        func adapt(_ request: URLRequest) async throws -> URLRequest {
            var request = request
            request.setValue(key, forHTTPHeaderField: "X-API-Key")
            return request
        }
    }
}

@Suite("Authentication and Token Refresh article")
struct AuthenticationAndTokenRefreshSnippets {
    @Test("A 401 refreshes the token once and the call is sent again with the new one")
    func refresh() async throws {
        let session = Session()
        let stub = StubTransport { request in
            request.value(forHTTPHeaderField: "Authorization") == "Bearer fresh"
                ? StubTransport.Response(body: Data(#"{"id": 1, "title": "Dune"}"#.utf8))
                : StubTransport.Response(statusCode: 401)
        }
        let service = APIService(baseURL: try #require(URL(string: "https://api.example.com")), configuration: ServiceConfiguration(
            interceptors: [AuthInterceptor(token: { await session.token }, refresh: { try await session.refresh() }),
                           AuthenticationAndTokenRefresh.APIKey(key: "k")],
            transport: stub
        ))
        #expect(try await service.get("books/1", as: Book.self).title == "Dune")
        #expect(await session.token == "fresh")
        _ = makeService(session: session)
    }
}
