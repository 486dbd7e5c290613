import Foundation

/// The service's calls in flight, so ``ApiService/cancelAll()`` can reach them, and the limit on how
/// many run at once.
final class CallRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var tasks: [UUID: @Sendable () -> Void] = [:]

    /// Registers a task's cancel action.
    func insert<Success: Sendable>(_ task: Task<Success, Never>, id: UUID) {
        lock.lock()
        defer { lock.unlock() }
        tasks[id] = { task.cancel() }
    }

    func remove(_ id: UUID) {
        lock.lock()
        defer { lock.unlock() }
        tasks[id] = nil
    }

    func cancelAll() {
        lock.lock()
        let running = Array(tasks.values)
        lock.unlock()
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
