import Foundation

/// Waiting for callbacks in the WebSocket types, in ways that always end: when the callback comes,
/// when the waiting task is cancelled, or when a deadline passes.
enum Waiting {
    /// Starts an operation that reports through a callback once, and waits for that report. Cancelling
    /// the waiting task ends the wait with ``WebSocketError/cancelled``; a report after that is ignored.
    /// - Parameters:
    ///   - start: Starts the operation, with the function to call when it is done.
    static func callback(_ start: (@escaping @Sendable (Result<Void, WebSocketError>) -> Void) -> Void) async throws {
        let slot = Protected<CheckedContinuation<Void, any Error>?>(nil)
        let report: @Sendable (Result<Void, WebSocketError>) -> Void = { result in
            slot.withLock { waiting in
                defer { waiting = nil }
                return waiting
            }?.resume(with: result)
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                slot.withLock { $0 = continuation }
                if Task.isCancelled {
                    report(.failure(.cancelled))
                } else {
                    start(report)
                }
            }
        } onCancel: {
            report(.failure(.cancelled))
        }
    }

    /// Runs an operation, throwing `timeout` when it has not finished within `seconds`. The operation
    /// must end promptly when cancelled.
    /// - Parameters:
    ///   - seconds: The deadline.
    ///   - timeout: The error thrown when the deadline passes.
    ///   - operation: The work.
    static func deadline<Value: Sendable>(
        _ seconds: TimeInterval, orThrow timeout: WebSocketError,
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Value.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(nanoseconds: APIService.nanoseconds(seconds) ?? 86_400_000_000_000)
                throw timeout
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw WebSocketError.cancelled }
            return first
        }
    }
}
