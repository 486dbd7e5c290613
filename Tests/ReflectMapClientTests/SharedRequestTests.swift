import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReflectMap
@testable import ReflectMapClient
import Testing

/// `@unchecked Sendable` so that the tests can gather the models of many callers; each caller's model
/// is its own instance, never mutated after mapping.
final class SharedBook: Mappable, @unchecked Sendable {
    var id = 0
    var title = ""
    required init() {}
}

/// Counts the requests a stub answers, and those whose sending was cancelled.
final class SendCounter: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var sent = 0
    private var stopped = 0
    private var isReleased = false

    /// Lets a gated first request answer.
    func release() {
        lock.lock()
        isReleased = true
        lock.unlock()
    }

    var released: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isReleased
    }

    /// Counts a request; returns how many came before it.
    func count(_ request: URLRequest) -> Int {
        lock.lock()
        defer { lock.unlock() }
        sent += 1
        return sent - 1
    }

    func countCancelled() {
        lock.lock()
        stopped += 1
        lock.unlock()
    }

    var total: Int {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    var cancelled: Int {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }
}

/// Adds a caller's token, as an auth interceptor would.
struct CallerTokenInterceptor: RequestInterceptor {
    let token: String
    func adapt(_ request: URLRequest) async throws -> URLRequest {
        var request = request
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return request
    }
}

/// A book with a timeout of the caller's own.
struct TimedBookEndpoint: Endpoint {
    let timeout: TimeInterval?
    var path: String { "books/1" }
    var method: HTTPMethod { .get }
}

@Suite("Shared requests")
struct SharedRequestTests {
    /// A service whose stub answers at once, or with `gated`, not until the counter is released.
    static func service(
        counter: SendCounter, gated: Bool = false, shares: Bool = true, interceptors: [any RequestInterceptor] = []
    ) throws -> APIService {
        let transport = StubTransport { request in
            _ = counter.count(request)
            do {
                while gated && !counter.released { try await Task.sleep(nanoseconds: 10_000_000) }
            } catch {
                counter.countCancelled()
                throw error
            }
            return StubTransport.Response(body: Data(#"{"id": 1, "title": "Dune"}"#.utf8))
        }
        return APIService(
            baseURL: try #require(URL(string: "https://api.example.test")),
            configuration: ServiceConfiguration(
                interceptors: interceptors, transport: transport, sharesInFlightRequests: shares)
        )
    }

    /// Waits until `condition` holds, checking every 10 ms, and fails the test after 3,000 checks: 30 s
    /// of waiting. The limit counts checks, not wall time, so a test that gets no thread for a while
    /// (every suite runs at once, and CPU-bound ones hold the two threads of a 2-core machine) is not
    /// failed for it.
    static func waitUntil(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<3_000 {
            if condition() { return }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        if condition() { return }
        Issue.record("the condition did not hold within 3,000 checks, 10 ms apart", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    @Test("A hundred identical GETs at once reach the server once, and each caller gets its own model")
    func hundredCallers() async throws {
        let counter = SendCounter()
        // The server answers once all hundred callers wait for the one request, however loaded the machine.
        let service = try Self.service(counter: counter, gated: true)
        let books = try await withThrowingTaskGroup(of: SharedBook.self) { group in
            for _ in 0..<100 { group.addTask { try await service.get("books/1", as: SharedBook.self) } }
            try await Self.waitUntil { service.sharing?.waiterCount == 100 }
            counter.release()
            var books: [SharedBook] = []
            for try await book in group { books.append(book) }
            return books
        }
        #expect(books.count == 100 && books.allSatisfy { $0.title == "Dune" })
        #expect(Set(books.map(ObjectIdentifier.init)).count == 100)
        #expect(counter.total == 1)
        // Once it has answered, the next call sends again.
        _ = try await service.get("books/1", as: SharedBook.self)
        #expect(counter.total == 2)
    }

    @Test("Different headers after the interceptors, different URLs, and services that do not opt in never share")
    func notShared() async throws {
        // The server holds every request until all have reached it: calls that shared would never get there.
        let counter = SendCounter()
        let alice = try Self.service(
            counter: counter, gated: true, interceptors: [CallerTokenInterceptor(token: "alice")])
        let bob = try Self.service(counter: counter, gated: true, interceptors: [CallerTokenInterceptor(token: "bob")])
        async let first = alice.get("books/1", as: SharedBook.self)
        async let second = bob.get("books/1", as: SharedBook.self)
        async let third = alice.get("books/2", as: SharedBook.self)
        try await Self.waitUntil { counter.total == 3 }
        counter.release()
        _ = try await (first, second, third)

        let plainCounter = SendCounter()
        let plain = try Self.service(counter: plainCounter, gated: true, shares: false)
        async let one = plain.get("books/1", as: SharedBook.self)
        async let two = plain.get("books/1", as: SharedBook.self)
        try await Self.waitUntil { plainCounter.total == 2 }
        plainCounter.release()
        _ = try await (one, two)
    }

    @Test(
        "A caller's short timeout ends only its own wait: one that joined with a longer timeout gets the response",
        arguments: [true, false])
    func eachCallerKeepsItsTimeout(shortStarts: Bool) async throws {
        let counter = SendCounter()
        let service = try Self.service(counter: counter, gated: true)
        let short: Task<SharedBook, any Error>
        let long: Task<SharedBook, any Error>
        if shortStarts {
            // The short caller starts the transfer; its timeout leaves the long caller time to join, even
            // with every suite running at once under a sanitizer.
            short = Task { try await service.send(Request(TimedBookEndpoint(timeout: 5), as: SharedBook.self)).value }
            try await Self.waitUntil { counter.total == 1 }
            long = Task { try await service.send(Request(TimedBookEndpoint(timeout: 30), as: SharedBook.self)).value }
            try await Self.waitUntil { service.sharing?.waiterCount == 2 }
        } else {
            long = Task { try await service.send(Request(TimedBookEndpoint(timeout: 30), as: SharedBook.self)).value }
            try await Self.waitUntil { counter.total == 1 }
            short = Task { try await service.send(Request(TimedBookEndpoint(timeout: 0.5), as: SharedBook.self)).value }
        }
        let shortResult = await short.result
        #expect {
            try shortResult.get()
        } throws: { error in
            if case .network(_, let code)? = error as? APIError { return code == URLError.timedOut.rawValue }
            return false
        }
        // The transfer goes on for the caller that still waits.
        #expect(service.sharing?.waiterCount == 1 && counter.cancelled == 0)
        counter.release()
        #expect(try await long.value.title == "Dune")
        #expect(counter.total == 1)
    }

    @Test("When the last caller's timeout ends its wait, the shared transfer is cancelled")
    func lastTimeoutCancelsTransfer() async throws {
        let counter = SendCounter()
        let service = try Self.service(counter: counter, gated: true)
        await #expect(throws: APIError.self) {
            try await service.send(Request(TimedBookEndpoint(timeout: 0.3), as: SharedBook.self)).value
        }
        try await Self.waitUntil { counter.cancelled == 1 }
        #expect(service.sharing?.waiterCount == 0)
    }

    @Test("Cancelling one caller leaves the others waiting, and the request goes on")
    func cancelOne() async throws {
        let counter = SendCounter()
        let service = try Self.service(counter: counter, gated: true)
        // The kept caller starts the request; the other joins it, and only then is cancelled.
        let kept = Task { try await service.get("books/1", as: SharedBook.self) }
        try await Self.waitUntil { counter.total == 1 }
        let cancelled = Task { try await service.get("books/1", as: SharedBook.self) }
        try await Self.waitUntil { service.sharing?.waiterCount == 2 }
        cancelled.cancel()
        let cancelledResult = await cancelled.result
        #expect {
            try cancelledResult.get()
        } throws: { error in
            if case .cancelled? = error as? APIError { return true }
            return false
        }
        // The request goes on for the caller that still waits.
        #expect(service.sharing?.waiterCount == 1 && counter.cancelled == 0)
        // The server answers only now, after one caller has gone.
        counter.release()
        #expect(try await kept.value.title == "Dune")
        #expect(counter.total == 1)
    }

    @Test("When every caller has cancelled, the request is cancelled and the next call sends anew")
    func cancelAll() async throws {
        let counter = SendCounter()
        let service = try Self.service(counter: counter, gated: true)
        let callers = (0..<3).map { _ in Task { try await service.get("books/1", as: SharedBook.self) } }
        // Cancel only once the request has reached the server, however loaded the machine is.
        try await Self.waitUntil { counter.total == 1 }
        for caller in callers { caller.cancel() }
        for caller in callers {
            let result = await caller.result
            #expect(throws: APIError.self) { try result.get() }
        }
        // The request itself was cancelled: the server, which never answers, saw its sending stop.
        try await Self.waitUntil { counter.cancelled == 1 }
        counter.release()
        #expect(try await service.get("books/1", as: SharedBook.self).title == "Dune")
        #expect(counter.total == 2)
    }
}
