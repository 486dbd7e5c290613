import Foundation
import ReflectMap
import ReflectMapClient
import Testing

// The README's Swift blocks.

/// The quick start's model.
enum README {
    final class User: Mappable {
        var id: Int64 = 0
        var screenName = ""
        var followersCount = 0
        var profileImageURL: URL?
        var lastSeen: Date?
        @JSONKey("user_name", alternates: "name", "login") var name = ""
        @JSONIgnored var isAdmin = false          // never read from or written to JSON
        required init() {}
    }
}

final class BookService: APIService, @unchecked Sendable {
    func book(id: Int) async throws -> Book {
        try await get("books/\(id)", as: Book.self)
    }

    func page(_ number: Int) async throws -> [Book] {
        try await get("books", parameters: ["page": number], at: "data", as: [Book].self)  // {data, error} envelope
    }
}

enum BookRouter: Endpoint {                     // a router enum: one case per call
    case search(String), create(Book)
    var method: HTTPMethod { if case .create = self { .post } else { .get } }
    var path: String { "books" }
    var parameters: [String: any Sendable] { if case .search(let text) = self { ["q": text] } else { [:] } }
    var body: (any Mappable)? { if case .create(let book) = self { book } else { nil } }   // mapped to JSON
}

/// The client block, as written: it goes to the network, so it is compiled, not run. `Session` is the
/// Authentication article's.
func readmeClient(session: Session) async throws {
    let service = BookService(baseURL: URL(string: "https://api.example.com/v1")!, configuration: ServiceConfiguration(
        mapper: JSONMapper(keyTranslator: .snakeCase),
        headers: ["X-Client": "ios"], timeout: 30, userAgent: "BookApp/1.0",
        retryPolicy: RetryPolicy(limit: 2, delay: 0.2, backoffMultiplier: 2),
        interceptors: [AuthInterceptor(token: { await session.token }, refresh: { try await session.refresh() })],
        maximumConcurrentRequests: 4))

    do {
        let results = try await service.request(BookRouter.search("dune"), as: [Book].self)
        print(results.count)
    } catch let error as APIError {
        switch error {
        case .unacceptableStatus(let code, _, _):
            let body = error.errorModel(as: ServerError.self)   // {statusCode, message[], error}; nil for an HTML page
            print(code, body?.message ?? [])
        case .undecodable(let mapping, _): print("bad payload at", mapping.path)
        case .network, .cancelled, .invalidRequest: print(error)
        }
    }
}

@Suite("README")
struct READMESnippets {
    @Test("The quick start maps bytes, arrays and envelopes, and writes back")
    func quickStart() throws {
        typealias User = README.User
        let data = json(#"{"id": 1, "screen_name": "ada", "login": "ada_l", "followers_count": 3}"#)
        let listData = json(#"[{"id": 1}, {"id": 2}]"#)
        let envelope = json(#"{"data": {"users": [{"id": 3, "name": "Cy"}]}}"#)

        let mapper = JSONMapper(keyTranslator: .snakeCase)   // screenName ⇄ screen_name, profileImageURL ⇄ profile_image_url
        let user = try mapper.map(User.self, from: data)                          // Data → model
        let users = try mapper.mapArray(User.self, from: listData)                // top-level JSON array
        let first = try mapper.map(User.self, from: envelope, at: "data.users.0") // unwrap an envelope
        let dictionary = try mapper.dictionary(from: user)                        // model → [String: Any]
        let bytes = try mapper.data(from: user)                                   // model → JSON Data

        #expect(user.screenName == "ada" && user.name == "ada_l" && users.count == 2 && first.name == "Cy")
        #expect(dictionary["user_name"] as? String == "ada_l")
        #expect(try mapper.map(User.self, from: bytes).followersCount == 3)
    }

    @Test("The README's service and router send their requests and map the responses")
    func client() async throws {
        let stub = BookStub([
            "GET /v1/books/7": #"{"id": 7, "title": "Dune"}"#,
            "GET /v1/books": #"{"data": [{"id": 1, "title": "A"}]}"#,
        ])
        let service = stubbedService(BookService.init, stub)
        #expect(try await service.book(id: 7).title == "Dune")
        #expect(try await service.page(1).count == 1)
        _ = try? await service.request(BookRouter.create(Book(id: 0, title: "New")), as: Book.self)
        #expect(stub.requests.last?.httpMethod == "POST")
    }
}
