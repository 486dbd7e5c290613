import Foundation

/// Paces the task that maps a streamed response by its consumer: after each chunk the task waits
/// (``waitForRoom()``) until the consumer has taken all but ``limit`` of the elements mapped so far,
/// so the next bytes are asked of the transport only when the consumer is ready for more. With a
/// transport that reads the connection on demand (`AsyncHTTPClientTransport`), a slow consumer then
/// slows the transfer instead of filling memory with mapped elements.
final class ElementGate: Sendable {
    /// How many mapped elements may wait for the consumer before the mapping task stops reading.
    let limit: Int

    private struct State {
        var outstanding = 0
        var waiter: CheckedContinuation<Void, any Error>?
        var cancelled = false
    }

    private let state = Protected(State())

    init(limit: Int = 64) {
        self.limit = limit
    }

    /// Whether the mapping task waits for room: the event a test waits for before the consumer takes.
    var hasWaiter: Bool {
        state.withLock { $0.waiter != nil }
    }

    /// Whether the consumer has room: no more than ``limit`` elements wait for it. Every check of the
    /// limit asks this: the mapping task's before it waits and again under the lock, and the
    /// consumer's as it takes an element.
    private func hasRoom(_ state: State) -> Bool {
        state.outstanding <= limit
    }

    /// The mapping task handed the consumer one more element.
    func produced() {
        state.withLock { $0.outstanding += 1 }
    }

    /// The consumer took an element.
    func consumed() {
        let ready = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            state.outstanding -= 1
            guard hasRoom(state), let waiter = state.waiter else { return nil }
            state.waiter = nil
            return waiter
        }
        ready?.resume()
    }

    /// Returns once no more than ``limit`` elements wait for the consumer; throws `CancellationError`
    /// when the mapping task is cancelled (the consumer went away, or the service cancelled the stream).
    func waitForRoom() async throws {
        if state.withLock({ hasRoom($0) }) { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // What to do once the lock is released: resume now (and how), or wait.
                let resumeNow = state.withLock { state -> Result<Void, any Error>? in
                    if state.cancelled { return .failure(CancellationError()) }
                    if hasRoom(state) { return .success(()) }
                    state.waiter = continuation
                    return nil
                }
                if let resumeNow { continuation.resume(with: resumeNow) }
            }
        } onCancel: {
            let waiting = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                state.cancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiting?.resume(throwing: CancellationError())
        }
    }
}

/// The consumer's side of a paced stream: takes elements from the mapping task's stream and tells the
/// gate. One consumer iterates at a time, as with any `AsyncThrowingStream`.
final class PacedIterator<Element>: @unchecked Sendable {
    private var iterator: AsyncThrowingStream<Element, any Error>.AsyncIterator
    private let gate: ElementGate

    init(_ stream: AsyncThrowingStream<Element, any Error>, gate: ElementGate) {
        iterator = stream.makeAsyncIterator()
        self.gate = gate
    }

    func next() async throws -> Element? {
        let element = try await iterator.next()
        if element != nil { gate.consumed() }
        return element
    }
}
