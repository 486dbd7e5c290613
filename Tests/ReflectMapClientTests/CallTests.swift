import Foundation
import ReflectMap
import ReflectMapClient
import Testing

struct TimedEndpoint: Endpoint {
    var path: String
    var method: HTTPMethod { .get }
    var timeout: TimeInterval? { 0.3 }
}

@Suite("Callbacks, cancellation and limits")
struct CallTests {
    func service(_ configuration: ServiceConfiguration = ServiceConfiguration()) throws -> ApiService {
        ApiService(baseURL: try TestServer.shared.url(), configuration: configuration)
    }

    @Test("Success/failure callbacks deliver the response class or the error")
    func successAndFailureCallbacks() async throws {
        let service = try service()
        let books = Inbox<[Book]>()
        service.get("books", responseClass: [Book].self, success: { list in Task { await books.put(list) } },
                    failure: { error in Issue.record("unexpected \(error)") })
        #expect(await books.take().count == 2)

        let failure = Inbox<Int>()
        service.get("status/403", responseClass: Book.self, success: { _ in Issue.record("unexpected success") },
                    failure: { error in Task { await failure.put(error.statusCode ?? 0) } })
        #expect(await failure.take() == 403)
    }

    @Test("The Result callback delivers on the configured queue")
    func resultCallback() async throws {
        let queue = DispatchQueue(label: "callbacks")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let service = try service(ServiceConfiguration(callbackQueue: queue))
        let inbox = Inbox<Bool>()
        service.get("books", responseClass: [Book].self) { result in
            let onQueue = DispatchQueue.getSpecific(key: key) == true
            let ok = (try? result.get().count) == 2
            Task { await inbox.put(onQueue && ok) }
        }
        #expect(await inbox.take())
    }

    @Test("Cancelling a call reports cancelled")
    func cancelCall() async throws {
        let service = try service()
        let inbox = Inbox<String>()
        let call = service.get("slow/\(UUID().uuidString)/2000", responseClass: Empty.self,
                               success: { _ in Task { await inbox.put("success") } },
                               failure: { error in Task { await inbox.put("\(error)") } })
        try await Task.sleep(nanoseconds: 100_000_000)
        call.cancel()
        #expect(await inbox.take() == "\(ApiError.cancelled)")
    }

    @Test("cancelAll cancels async calls in flight")
    func cancelAll() async throws {
        let service = try service()
        async let slow: Empty = service.get("slow/\(UUID().uuidString)/3000", as: Empty.self)
        try await Task.sleep(nanoseconds: 200_000_000)
        service.cancelAll()
        do {
            _ = try await slow
            Issue.record("expected cancellation")
        } catch let error as ApiError {
            if case .cancelled = error {} else { Issue.record("got \(error)") }
        }
    }

    @Test("No more than the maximum number of requests are in flight at once")
    func concurrencyLimit() async throws {
        let key = UUID().uuidString
        let service = try service(ServiceConfiguration(maximumConcurrentRequests: 2))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask { _ = try await service.get("slow/\(key)/150", as: Empty.self) }
            }
            try await group.waitForAll()
        }
        let peak = try await service.get("peak/\(key)", as: Count.self).count
        #expect(peak >= 1 && peak <= 2)
    }

    @Test("A per-call timeout fails a slow request with a network error")
    func timeout() async throws {
        do {
            _ = try await service().request(TimedEndpoint(path: "slow/\(UUID().uuidString)/3000"), as: Empty.self)
            Issue.record("expected a timeout")
        } catch let error as ApiError {
            if case .network = error {} else { Issue.record("got \(error)") }
        }
    }

    @Test("Cancelling the Swift Task cancels the request")
    func taskCancellation() async throws {
        let service = try service()
        let task = Task { try await service.get("slow/\(UUID().uuidString)/3000", as: Empty.self) }
        try await Task.sleep(nanoseconds: 150_000_000)
        task.cancel()
        do {
            _ = try await task.value
            Issue.record("expected cancellation")
        } catch let error as ApiError {
            if case .cancelled = error {} else { Issue.record("got \(error)") }
        }
    }

    @Test("A callback fires exactly once, even when cancelled after it finished")
    func callbackOnce() async throws {
        let calls = Counter()
        let done = Inbox<Bool>()
        let call = try service().get("books", responseClass: [Book].self,
                                     success: { _ in Task { await calls.increment(); await done.put(true) } },
                                     failure: { _ in Task { await calls.increment(); await done.put(false) } })
        #expect(await done.take())
        call.cancel()
        try await Task.sleep(nanoseconds: 100_000_000)
        #expect(await calls.value == 1)
    }

    @Test("200 concurrent calls all succeed")
    func twoHundredCalls() async throws {
        let service = try service()
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 {
                group.addTask { try await service.get("books", as: [Book].self).count }
            }
            return try await group.reduce(0, +)
        }
        #expect(total == 400)
    }
}
