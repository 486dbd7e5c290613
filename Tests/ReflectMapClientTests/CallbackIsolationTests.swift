import Dispatch
import Foundation
import ReflectMap
import ReflectMapClient
import Testing

/// Whether the caller runs on the main queue: the main actor's executor, and on Apple platforms the main
/// thread. (`onMainQueue()` cannot tell here: a Linux test process's main queue is drained by a
/// worker thread once the main thread has called `dispatch_main`.)
nonisolated func onMainQueue() -> Bool {
    MainQueueMark.once
    return DispatchQueue.getSpecific(key: MainQueueMark.key) == true
}

nonisolated enum MainQueueMark {
    static let key = DispatchSpecificKey<Bool>()
    static let once: Void = DispatchQueue.main.setSpecific(key: key, value: true)
}

/// A command-line tool's code: a nonisolated function that starts a callback call and blocks the thread
/// it runs on (the main queue, below) until a callback has run.
nonisolated enum BlockingTool {
    struct Outcome: Sendable, Equatable {
        var titles: [String] = []
        var error = ""
        var callbackOnMainQueue = true
        var blockedMainQueue = false
    }

    static func fetch(_ path: String, from service: APIService) -> Outcome {
        let finished = DispatchSemaphore(value: 0)
        let outcome = LockedBox(Outcome())
        outcome.withLock { $0.blockedMainQueue = onMainQueue() }
        service.get(
            path, as: [Book].self,
            success: { books in
                outcome.withLock {
                    $0.titles = books.map(\.title)
                    $0.callbackOnMainQueue = onMainQueue()
                }
                finished.signal()
            },
            failure: { error in
                outcome.withLock {
                    $0.error = "\(error)"
                    $0.callbackOnMainQueue = onMainQueue()
                }
                finished.signal()
            })
        finished.wait()
        return outcome.withLock { $0 }
    }
}

/// A lock around a value, for the tool above.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.withLock { body(&value) }
    }
}

/// Where the main-actor callbacks of a `@MainActor` type ran.
@MainActor final class MainActorScreen {
    var titles: [String] = []
    var ranOnMainQueue = false

    func load(_ service: APIService, done: @escaping () -> Void) {
        service.get(
            "books", as: [Book].self,
            success: { books in
                self.titles = books.map(\.title)
                self.ranOnMainQueue = onMainQueue()
                done()
            },
            failure: { _ in done() })
    }
}

/// An actor whose callbacks use its own state.
actor ShelfCounter {
    var count = 0

    func load(_ service: APIService) async {
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            service.get(
                "books", as: [Book].self,
                success: { books in
                    self.count += books.count
                    finished.resume()
                }, failure: { _ in finished.resume() })
        }
    }
}

@Suite("Where callbacks run")
struct CallbackIsolationTests {
    @Test("A nonisolated function that blocks the main queue on a semaphore still gets its callbacks")
    func blockedMainQueue() async throws {
        let service = try TransportKind.urlSession.service(ServiceConfiguration())
        let outcome = await withCheckedContinuation {
            (continuation: CheckedContinuation<BlockingTool.Outcome, Never>) in
            DispatchQueue.main.async {
                continuation.resume(returning: BlockingTool.fetch("books", from: service))
            }
        }
        #expect(outcome.blockedMainQueue)
        #expect(outcome.titles.count == 2)
        #expect(!outcome.callbackOnMainQueue)
        let failed = await withCheckedContinuation { (continuation: CheckedContinuation<BlockingTool.Outcome, Never>) in
            DispatchQueue.main.async {
                continuation.resume(returning: BlockingTool.fetch("status/404", from: service))
            }
        }
        #expect(failed.error.contains("404"))
        #expect(failed.blockedMainQueue && !failed.callbackOnMainQueue)
    }

    @Test("A callback written in main-actor code runs on the main queue, even with a callback queue set")
    @MainActor
    func mainActorCallbacks() async throws {
        let queue = DispatchQueue(label: "callbacks")
        for configuration in [ServiceConfiguration(), ServiceConfiguration(callbackQueue: queue)] {
            let service = try TransportKind.urlSession.service(configuration)
            let screen = MainActorScreen()
            await withCheckedContinuation { finished in screen.load(service) { finished.resume() } }
            #expect(screen.titles.count == 2)
            #expect(screen.ranOnMainQueue)
        }
    }

    @Test("A callback written in an actor's method that uses its state runs on the actor")
    func actorCallbacks() async throws {
        let counter = ShelfCounter()
        await counter.load(try TransportKind.urlSession.service(ServiceConfiguration()))
        #expect(await counter.count == 2)
    }

    @Test("A callback written in nonisolated code runs on the callback queue, for every callback form")
    func nonisolatedCallbacksOnTheQueue() async throws {
        let queue = DispatchQueue(label: "callbacks")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let service = try TransportKind.urlSession.service(ServiceConfiguration(callbackQueue: queue))
        let onQueue = Inbox<[Bool]>()
        let seen = LockedBox([Bool]())
        @Sendable func record() {
            let all = seen.withLock {
                $0.append(DispatchQueue.getSpecific(key: key) == true)
                return $0
            }
            if all.count == 4 { Task { await onQueue.put(all) } }
        }
        service.get("books", as: [Book].self, success: { _ in record() }, failure: { _ in record() })
        service.get("status/404", as: [Book].self, success: { _ in record() }, failure: { _ in record() })
        service.send(Request(.get("books"), as: [Book].self), success: { _ in record() }, failure: { _ in record() })
        service.send(Request(.get("books"), as: [Book].self)) { _ in record() }
        #expect(await onQueue.take() == [true, true, true, true])
    }

    @Test("A callback written in nonisolated code, with no callback queue, runs off the main queue")
    func nonisolatedCallbacksWithoutAQueue() async throws {
        let service = try TransportKind.urlSession.service(ServiceConfiguration())
        let inbox = Inbox<Bool>()
        service.get(
            "books", as: [Book].self,
            success: { _ in
                let main = onMainQueue(); Task { await inbox.put(main) }
            },
            failure: { _ in Task { await inbox.put(true) } })
        #expect(await inbox.take() == false)
    }

    @Test("Cancelling a main-actor call delivers cancelled to its failure callback on the main queue")
    @MainActor
    func cancelOnTheMainActor() async throws {
        let service = try TransportKind.urlSession.service(ServiceConfiguration())
        var failure: APIError?
        var onMain = false
        await withCheckedContinuation { finished in
            let call = service.get(
                "slow/\(UUID().uuidString)/25000", as: Empty.self, success: { _ in finished.resume() },
                failure: { error in
                    failure = error
                    onMain = onMainQueue()
                    finished.resume()
                })
            call.cancel()
        }
        #expect(failure.map { "\($0)" } == "\(APIError.cancelled)")
        #expect(onMain)
    }
}
