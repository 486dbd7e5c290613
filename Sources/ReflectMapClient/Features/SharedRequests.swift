import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Identical GETs in flight at once, sent once (``ServiceConfiguration/sharesInFlightRequests``).
///
/// Two requests are identical when they have the same method, URL and headers after the
/// interceptors, and no body. The first starts the request; the others wait for its response. Each
/// caller then maps the body itself, so callers never share a model instance.
///
/// Each caller keeps its own terms. The shared transfer runs with no timeout of its own, for as long
/// as some caller still waits for it. A caller's timeout (its request's `timeoutInterval`) and its
/// cancellation end only its own wait: a caller that joins with a longer timeout is never failed by a
/// shorter one. When the last caller has stopped waiting, the transfer is cancelled. A caller sees no
/// byte of a shared response before the whole of it, so its timeout bounds its whole wait.
final class RequestSharing: Sendable {
    typealias Answer = (Data, HTTPURLResponse)

    /// The timeout the shared transfer is sent with: out of the way (the transports enforce none above a
    /// day), since the callers' own timeouts end their waits.
    static let transferTimeout: TimeInterval = 7 * 86_400

    /// What makes two requests one.
    struct Key: Hashable {
        let method: String
        let url: String
        let headers: [String: String]

        init?(_ request: URLRequest) {
            guard request.httpBody == nil, request.httpBodyStream == nil, let url = request.url else { return nil }
            method = request.httpMethod ?? "GET"
            self.url = url.absoluteString
            // Header names compare without regard to case, as HTTP says.
            var headers: [String: String] = [:]
            for (name, value) in request.allHTTPHeaderFields ?? [:] { headers[name.lowercased()] = value }
            self.headers = headers
        }
    }

    /// One request in flight and the callers waiting for it. Its fields are read and written only
    /// inside the sharing's `state.withLock`.
    final class Flight: @unchecked Sendable {
        var waiters: [UInt64: CheckedContinuation<Answer, any Error>] = [:]
        /// Each waiter's timeout, cancelled when the waiter leaves.
        var timers: [UInt64: Task<Void, Never>] = [:]
        var task: Task<Void, Never>?
    }

    private struct State {
        var flights: [Key: Flight] = [:]
        var nextWaiter: UInt64 = 0
    }

    /// The flights by key, and the next waiter's number.
    private let state = Protected(State())

    /// The response to `request`: the one of an identical request in flight, or of a new one that
    /// `send` makes, which later identical requests join until it answers.
    ///
    /// - Parameters:
    ///   - request: The caller's request; its `timeoutInterval` bounds this caller's wait.
    ///   - send: Sends the request with the timeout it is given, ``transferTimeout`` for a shared one.
    func response(
        to request: URLRequest, send: @escaping @Sendable (TimeInterval) async throws -> Answer
    ) async throws -> Answer {
        guard let key = Key(request) else { return try await send(request.timeoutInterval) }
        let waiter = takeWaiterNumber()
        let timeout = request.timeoutInterval
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Answer, any Error>) in
                state.withLock { state in
                    if Task.isCancelled {
                        // The handler below may have run before this waiter was registered.
                        continuation.resume(throwing: CancellationError())
                        return
                    }
                    let flight: Flight
                    if let existing = state.flights[key] {
                        flight = existing
                    } else {
                        flight = Flight()
                        state.flights[key] = flight
                        // Started under the lock, so a cancellation that empties the flight finds its task.
                        flight.task = Task {
                            let answer: Result<Answer, any Error>
                            do { answer = .success(try await send(Self.transferTimeout)) } catch {
                                answer = .failure(error)
                            }
                            self.finish(flight, key: key, with: answer)
                        }
                    }
                    flight.waiters[waiter] = continuation
                    if let nanoseconds = APIService.timeoutNanoseconds(timeout) {
                        flight.timers[waiter] = Task {
                            do { try await Task.sleep(nanoseconds: nanoseconds) } catch { return }
                            self.leave(waiter, key: key, with: URLError(.timedOut))
                        }
                    }
                }
            }
        } onCancel: {
            leave(waiter, key: key, with: CancellationError())
        }
    }

    /// How many callers wait on requests in flight, for tests.
    var waiterCount: Int {
        state.withLock { $0.flights.values.reduce(0) { $0 + $1.waiters.count } }
    }

    private func takeWaiterNumber() -> UInt64 {
        state.withLock { state in
            state.nextWaiter &+= 1
            return state.nextWaiter
        }
    }

    /// Hands the answer to every caller still waiting.
    private func finish(_ flight: Flight, key: Key, with answer: Result<Answer, any Error>) {
        let (waiters, timers) = state.withLock { state in
            if state.flights[key] === flight { state.flights[key] = nil }
            defer {
                flight.waiters = [:]
                flight.timers = [:]
            }
            return (flight.waiters, flight.timers)
        }
        for timer in timers.values { timer.cancel() }
        for continuation in waiters.values { continuation.resume(with: answer) }
    }

    /// One caller stops waiting, cancelled or timed out; the request stops when no caller is left.
    private func leave(_ waiter: UInt64, key: Key, with error: any Error) {
        let left = state.withLock {
            state -> (Flight, CheckedContinuation<Answer, any Error>, Task<Void, Never>?, Bool)? in
            guard let flight = state.flights[key], let continuation = flight.waiters.removeValue(forKey: waiter) else {
                return nil
            }
            let timer = flight.timers.removeValue(forKey: waiter)
            let isAbandoned = flight.waiters.isEmpty
            if isAbandoned { state.flights[key] = nil }
            return (flight, continuation, timer, isAbandoned)
        }
        guard let (flight, continuation, timer, isAbandoned) = left else { return }
        timer?.cancel()
        continuation.resume(throwing: error)
        if isAbandoned { flight.task?.cancel() }
    }
}
