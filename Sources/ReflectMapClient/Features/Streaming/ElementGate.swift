import Foundation

/// Paces the task that maps a streamed response by its consumer: after each chunk the task waits
/// (``waitForRoom()``) until the consumer has taken all but ``limit`` of the elements mapped so far,
/// so the next bytes are asked of the transport only when the consumer is ready for more. With a
/// transport that reads the connection on demand (`AsyncHTTPClientTransport`), a slow consumer then
/// slows the transfer instead of filling memory with mapped elements.
final class ElementGate: @unchecked Sendable {
    /// How many mapped elements may wait for the consumer before the mapping task stops reading.
    let limit: Int
    private let lock = NSLock()
    private var outstanding = 0
    private var waiter: CheckedContinuation<Void, any Error>?
    private var cancelled = false

    init(limit: Int = 64) {
        self.limit = limit
    }

    /// The mapping task handed the consumer one more element.
    func produced() {
        lock.withLock { outstanding += 1 }
    }

    /// The consumer took an element.
    func consumed() {
        lock.lock()
        outstanding -= 1
        let ready = outstanding <= limit ? waiter : nil
        if ready != nil { waiter = nil }
        lock.unlock()
        ready?.resume()
    }

    /// Returns once no more than ``limit`` elements wait for the consumer; throws `CancellationError`
    /// when the mapping task is cancelled (the consumer went away, or the service cancelled the stream).
    func waitForRoom() async throws {
        if lock.withLock({ outstanding <= limit }) { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if cancelled {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                } else if outstanding <= limit {
                    lock.unlock()
                    continuation.resume()
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            cancelled = true
            let waiting = waiter
            waiter = nil
            lock.unlock()
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
