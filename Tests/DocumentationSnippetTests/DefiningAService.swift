// swift-format-ignore-file
import Foundation
import ReflectMap
import ReflectMapClient
import Testing

/// The Defining a Service article's model, as the article declares it (the tests use `Support.swift`'s,
/// which is the same).
enum DefiningAServiceModel {
    struct Book: Mappable {
        var id = 0
        var title = ""
    }
}

/// The Defining a Service article.
enum DefiningAService {
    struct BookService {
        let api: APIService

        func book(id: Int) async throws -> Book {
            try await api.get("books/\(id)", as: Book.self)
        }

        func page(_ number: Int) async throws -> [Book] {
            try await api.get("books", parameters: ["page": number], at: "data", as: [Book].self)
        }

        func add(_ book: Book) async throws -> Book {
            try await api.post("books", body: book, as: Book.self)
        }

        @discardableResult
        func books(@_inheritActorContext success: @escaping @isolated(any) @Sendable (sending [Book]) -> Void,
                   @_inheritActorContext failure: @escaping @isolated(any) @Sendable (APIError) -> Void) -> APICall {
            api.get("books", as: [Book].self, success: success, failure: failure)
        }
    }

    static func configured() -> (APIService, BookService) {
        let api = APIService(
            baseURL: URL(string: "https://api.example.com/v1")!,
            configuration: ServiceConfiguration(
                mapper: JSONMapper(keyTranslator: .snakeCase),
                headers: ["X-Client": "ios"],
                timeout: 30,
                userAgent: "BookApp/1.0",
                retryPolicy: RetryPolicy(delay: 0.2, backoffMultiplier: 2),
                maximumConcurrentRequests: 4
            )
        )
        let books = BookService(api: api)
        return (api, books)
    }

    @MainActor final class BookListModel {   // in an app target, main-actor by default: no @MainActor needed
        var books: [Book] = []
        var message = ""
        let api: APIService
        init(api: APIService) { self.api = api }

        func load(done: @escaping () -> Void) {
            api.get("books", as: [Book].self, success: { books in
                self.books = books               // on the main thread
                done()
            }, failure: { error in
                self.message = "\(error)"
                done()
            })
        }
    }

    nonisolated final class BookCatalog: APIService, @unchecked Sendable {
        func book(id: Int) async throws -> Book {
            try await get("books/\(id)", as: Book.self)
        }
    }
}

@Suite("Defining a Service article")
struct DefiningAServiceSnippets {
    let stub = BookStub([
        "GET /v1/books/7": #"{"id": 7, "title": "Dune"}"#,
        "GET /v1/books": #"{"data": [{"id": 1, "title": "A"}], "error": null}"#,
        "POST /v1/books": #"{"id": 9, "title": "New"}"#,
    ])

    @Test("Each service method sends its request and maps the response class")
    func serviceMethods() async throws {
        let service = DefiningAService.BookService(api: stubbedService(APIService.init, stub))
        #expect(try await service.book(id: 7).title == "Dune")
        #expect(try await service.page(2) == [Book(id: 1, title: "A")])
        #expect(try await service.add(Book(id: 0, title: "New")).id == 9)
        #expect(stub.requests[1].url?.query == "page=2")
        #expect(String(decoding: stub.requests[2].httpBody ?? Data(), as: UTF8.self) == #"{"id":0,"title":"New"}"#)
    }

    @Test("The callback form calls back once with the error of an unmatched envelope")
    func callbacks() async throws {
        let service = DefiningAService.BookService(api: stubbedService(APIService.init, stub))
        let error: APIError = await withCheckedContinuation { continuation in
            service.books(success: { _ in continuation.resume(returning: .invalidRequest("mapped")) },
                          failure: { continuation.resume(returning: $0) })
        }
        guard case .undecodable = error else {
            Issue.record("expected the envelope to fail to map as an array, got \(error)")
            return
        }
        #expect(DefiningAService.configured().0.configuration.maximumConcurrentRequests == 4)
    }

    @Test("A screen model's callbacks assign its books, and its message on failure")
    @MainActor
    func screenModel() async throws {
        let listed = DefiningAService.BookListModel(api: stubbedService(APIService.init, BookStub([
            "GET /v1/books": #"[{"id": 1, "title": "A"}, {"id": 2, "title": "B"}]"#,
        ])))
        await withCheckedContinuation { finished in listed.load { finished.resume() } }
        #expect(listed.books.map(\.title) == ["A", "B"])
        #expect(listed.message.isEmpty)
        let failed = DefiningAService.BookListModel(api: stubbedService(APIService.init, BookStub([:])))
        await withCheckedContinuation { finished in failed.load { finished.resume() } }
        #expect(failed.books.isEmpty)
        #expect(failed.message.contains("404"))
    }

    @Test("The subclassing form maps a book too")
    func subclassing() async throws {
        #expect(try await stubbedService(DefiningAService.BookCatalog.init, stub).book(id: 7).title == "Dune")
    }
}
