#if AsyncHTTPClient
import Foundation

/// The idle timeout of one exchange of ``AsyncHTTPClientTransport``: it calls its handler once when
/// nothing was sent or received for `timeout` seconds. While paused (a streamed response waiting for its
/// consumer to ask for more) the clock does not run, so a slow consumer is not a slow server.
final class IdleWatchdog: Sendable {
    private struct State {
        var lastActivity = DispatchTime.now()
        var paused = false
        var timer: DispatchSourceTimer?
        var onTimeout: (@Sendable () -> Void)?
        var didFire = false
    }

    private let state = Protected(State())
    private let timeout: TimeInterval?
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
        state.withLock { $0.didFire }
    }

    /// Starts the clock; `onTimeout` runs once, on the watchdogs' serial queue, if the exchange goes idle.
    func start(_ onTimeout: @escaping @Sendable () -> Void) {
        guard let timeout else { return }
        state.withLock { state in
            state.onTimeout = onTimeout
            state.lastActivity = .now()
        }
        schedule(after: timeout)
    }

    /// Something was sent or received.
    func touch() {
        state.withLock { $0.lastActivity = .now() }
    }

    /// Stops the clock while the exchange waits for its consumer.
    func pause() {
        state.withLock { $0.paused = true }
    }

    /// Restarts the clock, from now.
    func resume() {
        state.withLock { state in
            state.paused = false
            state.lastActivity = .now()
        }
    }

    /// Stops for good; the handler is released.
    func stop() {
        let timer = state.withLock { state -> DispatchSourceTimer? in
            state.onTimeout = nil
            defer { state.timer = nil }
            return state.timer
        }
        timer?.cancel()
    }

    private func schedule(after seconds: TimeInterval) {
        // The timer is made and set under the lock, ordered with `stop()`, which takes and cancels it: a
        // stopped watchdog gets no new timer. Neither `schedule` nor `resume()` calls the handler; it runs
        // later on the watchdogs' queue.
        state.withLock { state in
            guard state.onTimeout != nil else { return }
            if let timer = state.timer {
                timer.schedule(deadline: .now() + seconds)
                return
            }
            let timer = DispatchSource.makeTimerSource(queue: Self.queue)
            // The timer and the watchdog keep each other until `stop()` cancels the timer.
            timer.setEventHandler { self.check() }
            timer.schedule(deadline: .now() + seconds)
            state.timer = timer
            timer.resume()
        }
    }

    /// What ``check()`` does once the lock is released.
    private enum CheckOutcome {
        /// The exchange went idle: run the handler, then stop.
        case fire(@Sendable () -> Void)
        /// Still running: check again after this many seconds.
        case again(after: TimeInterval)
        /// Stopped, or already fired: nothing.
        case done
    }

    private func check() {
        guard let timeout else { return }
        let next = state.withLock { state -> CheckOutcome in
            let idle = Double(DispatchTime.now().uptimeNanoseconds &- state.lastActivity.uptimeNanoseconds) / 1e9
            if !state.paused, idle >= timeout, let onTimeout = state.onTimeout {
                state.didFire = true
                state.onTimeout = nil
                return .fire(onTimeout)
            }
            guard state.onTimeout != nil else { return .done }
            return .again(after: state.paused ? timeout : max(0.001, timeout - idle))
        }
        switch next {
        case .fire(let handler):
            handler()
            stop()
        case .again(let seconds):
            schedule(after: seconds)
        case .done:
            break
        }
    }
}
#endif
