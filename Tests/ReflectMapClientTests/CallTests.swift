import Foundation
import ReflectMap
@testable import ReflectMapClient
import Testing

struct TimedEndpoint: Endpoint {
    var path: String
    var method: HTTPMethod { .get }
    var timeout: TimeInterval? { 0.3 }
}

@Suite("Callbacks, cancellation and limits")
struct CallTests {
    func service(
        _ transport: TransportKind, _ configuration: ServiceConfiguration = ServiceConfiguration()
    ) throws -> APIService {
        try transport.service(configuration)
    }

    @Test("Success/failure callbacks deliver the response class or the error", arguments: TransportKind.all)
    func successAndFailureCallbacks(transport: TransportKind) async throws {
        let service = try service(transport)
        let books = Inbox<[Book]>()
        service.get(
            "books", as: [Book].self, success: { list in Task { await books.put(list) } },
            failure: { error in Issue.record("unexpected \(error)") })
        #expect(await books.take().count == 2)

        let failure = Inbox<Int>()
        service.get(
            "status/403", as: Book.self, success: { _ in Issue.record("unexpected success") },
            failure: { error in Task { await failure.put(error.statusCode ?? 0) } })
        #expect(await failure.take() == 403)
    }

    @Test("The Result callback delivers on the configured queue", arguments: TransportKind.all)
    func resultCallback(transport: TransportKind) async throws {
        let queue = DispatchQueue(label: "callbacks")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let service = try service(transport, ServiceConfiguration(callbackQueue: queue))
        let inbox = Inbox<Bool>()
        service.send(Request(.get("books"), as: [Book].self)) { result in
            let onQueue = DispatchQueue.getSpecific(key: key) == true
            let ok = (try? result.get().value.count) == 2
            Task { await inbox.put(onQueue && ok) }
        }
        #expect(await inbox.take())
    }

    @Test(
        "Cancelling a call reports cancelled, and closes the connection where the transport can",
        arguments: TransportKind.all)
    func cancelCall(transport: TransportKind) async throws {
        let service = try service(transport)
        let key = UUID().uuidString
        let inbox = Inbox<String>()
        // The server would answer after 25 s: a cancelled result before then is the cancellation's.
        let call = service.get(
            "slow/\(key)/25000", as: Empty.self,
            success: { _ in Task { await inbox.put("success") } },
            failure: { error in Task { await inbox.put("\(error)") } })
        #expect(try await service.serverCount("arrived-\(key)") == 1)
        call.cancel()
        #expect(await inbox.take() == "\(APIError.cancelled)")
        if transport.cancelsInMemoryTransfers {
            #expect(try await service.serverCount("aborted-\(key)") == 1)
        }
    }

    @Test("cancelAll cancels async calls in flight", arguments: TransportKind.all)
    func cancelAll(transport: TransportKind) async throws {
        let service = try service(transport)
        let key = UUID().uuidString
        async let slow: Empty = service.get("slow/\(key)/25000", as: Empty.self)
        #expect(try await service.serverCount("arrived-\(key)") == 1)
        service.cancelAll()
        do {
            _ = try await slow
            Issue.record("expected cancellation")
        } catch let error as APIError {
            if case .cancelled = error {} else { Issue.record("got \(error)") }
        }
        if transport.cancelsInMemoryTransfers {
            #expect(try await service.serverCount("aborted-\(key)") == 1)
        }
    }

    @Test("No more than the maximum number of requests are in flight at once", arguments: TransportKind.all)
    func concurrencyLimit(transport: TransportKind) async throws {
        let key = UUID().uuidString
        let service = try service(transport, ServiceConfiguration(maximumConcurrentRequests: 2))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask { _ = try await service.get("slow/\(key)/150", as: Empty.self) }
            }
            try await group.waitForAll()
        }
        let peak = try await service.get("peak/\(key)", as: Count.self).count
        #expect(peak >= 1 && peak <= 2)
    }

    @Test("A per-call timeout fails a slow request with a network error", arguments: TransportKind.all)
    func timeout(transport: TransportKind) async throws {
        do {
            // The server would answer after 25 s, so only the timeout can end the call first.
            _ = try await service(transport).send(
                Request(TimedEndpoint(path: "slow/\(UUID().uuidString)/25000"), as: Empty.self)
            ).value
            Issue.record("expected a timeout")
        } catch let error as APIError {
            if case .network(_, let code) = error {
                #expect(code == URLError.Code.timedOut.rawValue)
            } else {
                Issue.record("got \(error)")
            }
        }
    }

    @Test("Cancelling the Swift Task cancels the request", arguments: TransportKind.all)
    func taskCancellation(transport: TransportKind) async throws {
        let service = try service(transport)
        let key = UUID().uuidString
        let task = Task { try await service.get("slow/\(key)/25000", as: Empty.self) }
        #expect(try await service.serverCount("arrived-\(key)") == 1)
        task.cancel()
        do {
            _ = try await task.value
            Issue.record("expected cancellation")
        } catch let error as APIError {
            if case .cancelled = error {} else { Issue.record("got \(error)") }
        }
        if transport.cancelsInMemoryTransfers {
            #expect(try await service.serverCount("aborted-\(key)") == 1)
        }
    }

    @Test("A callback fires exactly once, even when cancelled after it finished", arguments: TransportKind.all)
    func callbackOnce(transport: TransportKind) async throws {
        let calls = Recorded<Bool>()
        let done = Inbox<Bool>()
        let call = try service(transport).get(
            "books", as: [Book].self,
            success: { _ in
                calls.append(true); Task { await done.put(true) }
            },
            failure: { _ in
                calls.append(false); Task { await done.put(false) }
            })
        #expect(await done.take())
        call.cancel()
        // The call's work has ended, so any second callback would have been recorded by now.
        await call.task.value
        #expect(calls.all == [true])
    }

    @Test("200 concurrent calls all succeed", arguments: TransportKind.all)
    func twoHundredCalls(transport: TransportKind) async throws {
        let service = try service(transport)
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 {
                group.addTask { try await service.get("books", as: [Book].self).count }
            }
            return try await group.reduce(0, +)
        }
        #expect(total == 400)
    }
}
