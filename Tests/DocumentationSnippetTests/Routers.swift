// swift-format-ignore-file
import Foundation
import ReflectMap
import ReflectMapClient
import Testing

/// The Routers article.
enum Routers {
    enum BookRouter: Endpoint {
        case search(String)
        case show(id: Int)
        case create(Book)

        var method: HTTPMethod {
            if case .create = self { .post } else { .get }
        }

        var path: String {
            switch self {
            case .search, .create: "books"
            case .show(let id): "books/\(id)"
            }
        }

        var parameters: [String: any Sendable] {
            if case .search(let text) = self { ["q": text] } else { [:] }
        }

        var body: (any Mappable)? {
            if case .create(let book) = self { book } else { nil }
        }
    }

    struct HealthProbe: Endpoint {
        var method: HTTPMethod { .options }
        var path: String { "health" }
        var headers: [String: String] { ["X-Probe": "1"] }
        var timeout: TimeInterval? { 5 }
        var acceptableStatusCodes: Set<Int>? { [200, 503] }
        var retryPolicy: RetryPolicy? { .never }
    }
}

@Suite("Routers article")
struct RoutersSnippets {
    typealias BookRouter = Routers.BookRouter

    @Test("A router case sends its method, path and parameters")
    func router() async throws {
        let stub = BookStub(["GET /v1/books": #"[{"id": 1, "title": "Dune"}]"#, "OPTIONS /v1/health": "{}"])
        let service = stubbedService(APIService.init, stub)
        let results = try await service.send(Request(BookRouter.search("dune"), as: [Book].self)).value
        #expect(results.first?.title == "Dune" && stub.requests.first?.url?.query == "q=dune")
        _ = try await service.send(Request(Routers.HealthProbe(), as: Empty.self)).value
        #expect(stub.requests.last?.value(forHTTPHeaderField: "X-Probe") == "1")
    }
}
