// swift-format-ignore-file
import Foundation
import ReflectMap
import ReflectMapClient
import Testing

/// The ReflectMapClient landing page.
@Suite("ReflectMapClient landing page")
struct ReflectMapClientSnippets {
    /// The overview, as written; the service would go to the network, so it is compiled, not run.
    func overview() async throws {
        struct Book: Mappable {
            var id = 0
            var title = ""
        }

        struct BookService {
            let api: APIService

            func book(id: Int) async throws -> Book {
                try await api.get("books/\(id)", as: Book.self)
            }
        }

        let api = APIService(
            baseURL: URL(string: "https://api.example.com/v1")!,
            configuration: ServiceConfiguration(mapper: JSONMapper(keyTranslator: .snakeCase))
        )
        let book = try await BookService(api: api).book(id: 7)
        _ = book
    }

    @Test("The overview's service maps a book from a stub")
    func overviewAgainstStub() async throws {
        struct BookService {
            let api: APIService

            func book(id: Int) async throws -> Book {
                try await api.get("books/\(id)", as: Book.self)
            }
        }
        let stub = BookStub(["GET /v1/books/7": #"{"id": 7, "title": "Dune"}"#])
        #expect(try await BookService(api: stubbedService(APIService.init, stub)).book(id: 7) == Book(id: 7, title: "Dune"))
    }
}
