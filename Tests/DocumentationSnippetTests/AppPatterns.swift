// swift-format-ignore-file
import Foundation
import Observation
import ReflectMap
import ReflectMapClient
import Testing

// What an app does with the articles' blocks, in one place: a main-actor view model that calls a
// service, a callback that hands its model to the main actor, a stream consumed on the main actor, and
// the mapper on and off the main actor, for every kind of model. Tests/AppModuleCheck compiles this file
// (with the articles) in a module isolated to the main actor by default, and in a plain Swift 6 module.

enum AppPatterns {
    final class Thread: Mappable {
        var id = 0
        var title = ""
        var replies: [Thread] = []
        required init() {}
    }

    struct Badge: Mappable, Equatable {
        var name = ""
        var level = Level.bronze
        enum Level: String { case bronze, gold }
    }

    @Observable final class Inbox: Mappable {
        var unread = 0
        var threads: [Thread] = []
        required init() {}
    }

    class Member: Mappable {
        var name = ""
        required init() {}
    }

    nonisolated final class Moderator: Member {
        var powers: [String] = []
    }

    struct BookService {
        let api: APIService

        func book(id: Int) async throws -> Book {
            try await api.get("books/\(id)", as: Book.self)
        }

        @discardableResult
        func books(success: @escaping @Sendable (sending [Book]) -> Void,
                   failure: @escaping @Sendable (APIError) -> Void) -> APICall {
            api.get("books", as: [Book].self, success: success, failure: failure)
        }
    }

    struct Updates: Endpoint {
        var method: HTTPMethod { .get }
        var path: String { "updates" }
    }

    @MainActor @Observable final class LibraryViewModel {
        var current: Book?
        var shelf: [Book] = []
        var updates: [Book] = []
        var failure: APIError?
        let service: BookService

        init(service: BookService) {
            self.service = service
        }

        func open(id: Int) async {
            do {
                current = try await service.book(id: id)
            } catch let error as APIError {
                failure = error
            } catch {}
        }

        func loadShelf() async {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                service.books(success: { books in
                    Task { @MainActor in
                        self.shelf = books
                        done.resume()
                    }
                }, failure: { _ in done.resume() })
            }
        }

        func follow() async throws {
            for try await book in service.api.stream(Updates(), as: Book.self) {
                updates.append(book)
            }
        }
    }
}

@Suite("App patterns")
struct AppPatternsTests {
    let payload = json(#"""
    {"unread": 2, "threads": [{"id": 1, "title": "a", "replies": [{"id": 2, "title": "b"}]}]}
    """#)

    @Test("A main-actor view model calls a service, takes a callback's models and consumes a stream")
    @MainActor
    func viewModel() async throws {
        let stub = BookStub([
            "GET /v1/books/7": #"{"id": 7, "title": "Dune"}"#,
            "GET /v1/books": #"[{"id": 1, "title": "A"}, {"id": 2, "title": "B"}]"#,
            "GET /v1/updates": "{\"id\": 3, \"title\": \"C\"}\n{\"id\": 4, \"title\": \"D\"}\n",
        ])
        let model = AppPatterns.LibraryViewModel(service: AppPatterns.BookService(api: stubbedService(APIService.init, stub)))
        await model.open(id: 7)
        #expect(model.current?.title == "Dune")
        await model.loadShelf()
        #expect(model.shelf.map(\.id) == [1, 2])
        try await model.follow()
        #expect(model.updates.map(\.title) == ["C", "D"])
    }

    @Test("The mapper maps every kind of model on the main actor and in a detached task alike")
    @MainActor
    func mapperOnAndOffTheMainActor() async throws {
        // A translator no other test uses, so that the detached task builds the plans itself.
        let mapper = JSONMapper(keyTranslator: .custom { $0 })
        let offMain = try await Task.detached {
            let inbox = try mapper.map(AppPatterns.Inbox.self, from: self.payload)
            let badge = try mapper.map(AppPatterns.Badge.self, from: json(#"{"name": "n", "level": "gold"}"#))
            let moderator = try mapper.map(AppPatterns.Moderator.self, from: json(#"{"name": "m", "powers": ["ban"]}"#))
            return "\(inbox.unread) \(inbox.threads[0].replies[0].title) \(badge.level) \(moderator.name) \(moderator.powers)"
        }.value
        let inbox = try mapper.map(AppPatterns.Inbox.self, from: payload)
        let badge = try mapper.map(AppPatterns.Badge.self, from: json(#"{"name": "n", "level": "gold"}"#))
        let moderator = try mapper.map(AppPatterns.Moderator.self, from: json(#"{"name": "m", "powers": ["ban"]}"#))
        let onMain = "\(inbox.unread) \(inbox.threads[0].replies[0].title) \(badge.level) \(moderator.name) \(moderator.powers)"
        #expect(offMain == onMain)
        #expect(onMain == #"2 b gold m ["ban"]"#)
    }
}
