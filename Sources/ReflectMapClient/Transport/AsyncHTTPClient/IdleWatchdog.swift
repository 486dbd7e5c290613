#if AsyncHTTPClient
import Foundation

/// The idle timeout of one exchange of ``AsyncHTTPClientTransport``: it calls its handler once when
/// nothing was sent or received for `timeout` seconds. While paused (a streamed response waiting for its
/// consumer to ask for more) the clock does not run, so a slow consumer is not a slow server.
final class IdleWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private let timeout: TimeInterval?
    private var lastActivity = DispatchTime.now()
    private var paused = false
    private var timer: DispatchSourceTimer?
    private var onTimeout: (@Sendable () -> Void)?
    private var didFire = false
    /// Where every watchdog's timer fires: a serial queue, so the check runs at once. On Linux a timer on
    /// `DispatchQueue.global()` waits for a free thread of Swift's cooperative pool, which shares that
    /// queue's threads, and fires late while tasks keep the pool busy. The handlers only cancel a task.
    private static let queue = DispatchQueue(label: "ReflectMapClient.IdleWatchdog")

    /// - Parameters:
    ///   - timeout: Seconds without progress; not a positive finite number of at most a day means none.
    init(timeout: TimeInterval) {
        self.timeout = timeout.isFinite && timeout > 0 && timeout <= 86_400 ? timeout : nil
    }

    /// Whether the timeout fired.
    var fired: Bool {
        lock.withLock { didFire }
    }

    /// Starts the clock; `onTimeout` runs once, on the watchdogs' serial queue, if the exchange goes idle.
    func start(_ onTimeout: @escaping @Sendable () -> Void) {
        guard let timeout else { return }
        lock.withLock {
            self.onTimeout = onTimeout
            lastActivity = .now()
        }
        schedule(after: timeout)
    }

    /// Something was sent or received.
    func touch() {
        lock.withLock { lastActivity = .now() }
    }

    /// Stops the clock while the exchange waits for its consumer.
    func pause() {
        lock.withLock { paused = true }
    }

    /// Restarts the clock, from now.
    func resume() {
        lock.withLock {
            paused = false
            lastActivity = .now()
        }
    }

    /// Stops for good; the handler is released.
    func stop() {
        let timer = lock.withLock {
            onTimeout = nil
            defer { self.timer = nil }
            return self.timer
        }
        timer?.cancel()
    }

    private func schedule(after seconds: TimeInterval) {
        lock.lock()
        defer { lock.unlock() }
        guard onTimeout != nil else { return }
        if let timer {
            timer.schedule(deadline: .now() + seconds)
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: Self.queue)
        // The timer and the watchdog keep each other until `stop()` cancels the timer.
        timer.setEventHandler { self.check() }
        timer.schedule(deadline: .now() + seconds)
        self.timer = timer
        timer.resume()
    }

    private func check() {
        guard let timeout else { return }
        lock.lock()
        let idle = Double(DispatchTime.now().uptimeNanoseconds &- lastActivity.uptimeNanoseconds) / 1e9
        let handler: (@Sendable () -> Void)?
        if !paused, idle >= timeout, let onTimeout {
            handler = onTimeout
            didFire = true
            self.onTimeout = nil
        } else {
            handler = nil
        }
        let pending = self.onTimeout != nil
        lock.unlock()
        if let handler {
            handler()
            stop()
        } else if pending {
            schedule(after: paused ? timeout : max(0.001, timeout - idle))
        }
    }
}
#endif
