import Foundation
import ReflectMap
import ReflectMapClient

final class Echo: Mappable, @unchecked Sendable {
    var method = ""
    var path = ""
    var query = ""
    var queryItems: [String: [String]] = [:]
    var headers: [String: String] = [:]
    var body = ""
    required init() {}
}

struct Book: Mappable, Sendable, Equatable {
    var id = 0
    var title = ""
}

struct BookList: Mappable {
    var books: [Book] = []
}

struct Attempts: Mappable {
    var attempts = 0
}

struct Count: Mappable {
    var count = 0
}

/// The server's JSON error body: a status code, messages and an error name.
final class ServerError: Mappable {
    var statusCode = 0
    var message: [String] = []
    var error = ""
    required init() {}
}

/// Collects what a callback delivers, for tests that wait on it.
actor Inbox<Value: Sendable> {
    private var value: Value?
    private var waiters: [CheckedContinuation<Value, Never>] = []

    func put(_ newValue: Value) {
        value = newValue
        for waiter in waiters { waiter.resume(returning: newValue) }
        waiters = []
    }

    func take() async -> Value {
        if let value { return value }
        return await withCheckedContinuation { waiters.append($0) }
    }
}

/// Counts calls from concurrent tasks.
actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}

/// A feed item of one of two kinds, told apart by `kind`.
enum FeedItem: JSONPolymorphicEnum, Equatable {
    case book(Book)
    case note(Note)

    struct Note: Mappable, Equatable {
        var text = ""
    }

    static var typeKey: String { "kind" }
    static var cases: [JSONEnumCase<FeedItem>] { [.init("book", FeedItem.book), .init("note", FeedItem.note)] }
}
