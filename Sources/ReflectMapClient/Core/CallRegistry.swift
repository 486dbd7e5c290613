import Foundation

/// The service's calls in flight, so that ``APIService/cancelAll()`` can reach them.
final class CallRegistry: Sendable {
    private struct Calls {
        var tasks: [UUID: @Sendable () -> Void] = [:]
        /// Calls that finished before they were registered (a fast stub can beat `insert`).
        var finishedEarly: Set<UUID> = []
    }

    private let calls = Protected(Calls())

    /// Registers a task's cancel action.
    func insert<Success: Sendable>(_ task: Task<Success, Never>, id: UUID) {
        calls.withLock { calls in
            if calls.finishedEarly.remove(id) != nil { return }
            calls.tasks[id] = { task.cancel() }
        }
    }

    func remove(_ id: UUID) {
        calls.withLock { calls in
            if calls.tasks.removeValue(forKey: id) == nil { calls.finishedEarly.insert(id) }
        }
    }

    func cancelAll() {
        let running = calls.withLock { Array($0.tasks.values) }
        for cancel in running { cancel() }
    }
}

/// A counting semaphore for async code: at most `limit` holders at once, the rest wait in order.
actor ConcurrencyLimiter {
    private var available: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        available = max(1, limit)
    }

    /// The holders it would take now without a wait: what a test checks after holders come and go.
    var free: Int { available }

    /// Whether a holder waits: the event a test waits for before it releases.
    var hasWaiters: Bool { !waiters.isEmpty }

    func acquire() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty {
            available += 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}
