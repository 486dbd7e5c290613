import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Identical GETs in flight at once, sent once (``ServiceConfiguration/sharesInFlightRequests``).
///
/// Two requests are identical when they have the same method, URL and headers after the
/// interceptors, and no body. The first starts the request; the others wait for its response. Each
/// caller then maps the body itself, so callers never share a model instance. A caller that is
/// cancelled stops waiting at once; the request itself is cancelled only when every caller waiting
/// for it has cancelled.
final class RequestSharing: @unchecked Sendable {
    typealias Answer = (Data, HTTPURLResponse)

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
    /// under the sharing's lock.
    final class Flight: @unchecked Sendable {
        var waiters: [UInt64: CheckedContinuation<Answer, any Error>] = [:]
        var task: Task<Void, Never>?
    }

    private let lock = NSLock()
    // Guarded by `lock`: the flights by key, and the next waiter's number.
    private var flights: [Key: Flight] = [:]
    private var nextWaiter: UInt64 = 0

    /// The response to `request`: the one of an identical request in flight, or of a new one that
    /// `send` makes, which later identical requests join until it answers.
    func response(to request: URLRequest, send: @escaping @Sendable () async throws -> Answer) async throws -> Answer {
        guard let key = Key(request) else { return try await send() }
        let waiter = takeWaiterNumber()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Answer, any Error>) in
                lock.lock()
                defer { lock.unlock() }
                if Task.isCancelled {
                    // The handler below may have run before this waiter was registered.
                    continuation.resume(throwing: CancellationError())
                    return
                }
                if let flight = flights[key] {
                    flight.waiters[waiter] = continuation
                    return
                }
                let flight = Flight()
                flight.waiters[waiter] = continuation
                flights[key] = flight
                // Started under the lock, so a cancellation that empties the flight finds its task.
                flight.task = Task {
                    let answer: Result<Answer, any Error>
                    do { answer = .success(try await send()) } catch { answer = .failure(error) }
                    self.finish(flight, key: key, with: answer)
                }
            }
        } onCancel: {
            cancel(waiter, key: key)
        }
    }

    /// How many callers wait on requests in flight, for tests.
    var waiterCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return flights.values.reduce(0) { $0 + $1.waiters.count }
    }

    private func takeWaiterNumber() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        nextWaiter &+= 1
        return nextWaiter
    }

    /// Hands the answer to every caller still waiting.
    private func finish(_ flight: Flight, key: Key, with answer: Result<Answer, any Error>) {
        lock.lock()
        if flights[key] === flight { flights[key] = nil }
        let waiters = flight.waiters
        flight.waiters = [:]
        lock.unlock()
        for continuation in waiters.values { continuation.resume(with: answer) }
    }

    /// One caller stops waiting; the request stops when no caller is left.
    private func cancel(_ waiter: UInt64, key: Key) {
        lock.lock()
        guard let flight = flights[key], let continuation = flight.waiters.removeValue(forKey: waiter) else {
            lock.unlock()
            return
        }
        let isAbandoned = flight.waiters.isEmpty
        if isAbandoned { flights[key] = nil }
        lock.unlock()
        continuation.resume(throwing: CancellationError())
        if isAbandoned { flight.task?.cancel() }
    }
}
