#if AsyncHTTPClient
import Foundation

/// Hands a streamed response's body from the task that reads the connection to the consumer, through a
/// small bounded queue.
///
/// The reader pulls every chunk AsyncHTTPClient has as soon as it has it, until ``limit`` bytes wait here
/// unconsumed; then it waits for the consumer (``push(_:)``), and while it waits it asks AsyncHTTPClient
/// for nothing, so bytes are read from the connection only as fast as they are consumed.
///
/// Why it pulls ahead rather than one chunk per request of the consumer: AsyncHTTPClient keeps the body
/// parts it has read but nobody asked for in its connection's state machine, and drops them when the
/// connection fails (a reset, say). Pulled here at once, they are the consumer's: when the body fails,
/// the consumer gets every chunk that arrived, in order, and then the error (``finish(_:)``).
final class ChunkPipe: Sendable {
    /// The most bytes that wait here before the reader stops pulling: small, so that memory stays flat
    /// and a slow consumer slows the server down.
    static let limit = 64 * 1024

    /// The consumer, waiting for a chunk, the end or a cancellation.
    private typealias Consumer = CheckedContinuation<Data?, any Error>
    /// The reader, waiting for room (`true`) or told to stop (`false`).
    private typealias Reader = CheckedContinuation<Bool, Never>

    /// What the reader and the consumer share.
    private struct State {
        /// The chunks not yet consumed, oldest first from `head`.
        var chunks: [Data] = []
        var head = 0
        var queuedBytes = 0
        /// The body's end: `nil` while it goes on, then `.success` or the failure.
        var end: Result<Void, any Error>?
        /// The consumer went away.
        var closed = false
        /// The consumer, waiting for a chunk while none is queued.
        var consumer: Consumer?
        /// The reader, waiting for room.
        var reader: Reader?

        /// The oldest queued chunk, taken off the queue. Called with a chunk queued.
        mutating func pop() -> Data {
            let chunk = chunks[head]
            chunks[head] = Data()
            head += 1
            queuedBytes -= chunk.count
            if head == chunks.count {
                chunks.removeAll(keepingCapacity: true)
                head = 0
            }
            return chunk
        }

        /// The waiting reader, taken when there is room for it again.
        mutating func takeReaderIfRoom() -> Reader? {
            guard queuedBytes < ChunkPipe.limit, let reader else { return nil }
            self.reader = nil
            return reader
        }
    }

    private let state = Protected(State())

    // MARK: consumer

    /// The next chunk, `nil` at the end of the body; after a failure, the chunks that arrived first, then
    /// the error. Called by one consumer at a time.
    func receive() async throws -> Data? {
        try await withCheckedThrowingContinuation { (waiting: CheckedContinuation<Data?, any Error>) in
            // Resumed once the lock is released: a reader that has room again, and the consumer with its
            // answer (`nil`: it waits for `push(_:)`, `finish(_:)` or `close()`).
            let (room, answer) = state.withLock { state -> (Reader?, Result<Data?, any Error>?) in
                if state.head < state.chunks.count {
                    let chunk = state.pop()
                    return (state.takeReaderIfRoom(), .success(chunk))
                } else if let end = state.end {
                    return (nil, end.map { _ -> Data? in nil })
                } else if state.closed || state.consumer != nil {
                    return (nil, .failure(CancellationError()))
                } else {
                    state.consumer = waiting
                    return (nil, nil)
                }
            }
            room?.resume(returning: true)
            if let answer { waiting.resume(with: answer) }
        }
    }

    /// The consumer went away: what is queued is dropped, a waiting reader is told to stop, and a waiting
    /// consumer gets a cancellation.
    func close() {
        let (reader, consumer) = state.withLock { state -> (Reader?, Consumer?) in
            state.closed = true
            state.chunks = []
            state.head = 0
            state.queuedBytes = 0
            defer {
                state.reader = nil
                state.consumer = nil
            }
            return (state.reader, state.consumer)
        }
        reader?.resume(returning: false)
        consumer?.resume(throwing: CancellationError())
    }

    // MARK: reader

    /// Queues a chunk, or hands it to the waiting consumer. Returns once there is room for the next one:
    /// `false` when the consumer went away and the reader should stop.
    func push(_ chunk: Data) async -> Bool {
        switch enqueue(chunk) {
        case .closed: return false
        case .room: return true
        case .full: break
        }
        return await withCheckedContinuation { (waiting: CheckedContinuation<Bool, Never>) in
            // Resumed at once, outside the lock, with the answer; `nil`: it waits for `receive()` or `close()`.
            let answer = state.withLock { state -> Bool? in
                if state.closed {
                    return false
                } else if state.queuedBytes < Self.limit {
                    // The consumer made room between the check above and now.
                    return true
                } else {
                    state.reader = waiting
                    return nil
                }
            }
            if let answer { waiting.resume(returning: answer) }
        }
    }

    private enum Enqueued { case closed, room, full }

    /// Queues a chunk, or hands it to the waiting consumer, and says whether there is room for another.
    private func enqueue(_ chunk: Data) -> Enqueued {
        let (enqueued, consumer) = state.withLock { state -> (Enqueued, Consumer?) in
            if state.closed { return (.closed, nil) }
            if let consumer = state.consumer {
                // A waiting consumer means nothing is queued: the chunk goes straight to it, resumed
                // once the lock is released.
                state.consumer = nil
                return (.room, consumer)
            }
            state.chunks.append(chunk)
            state.queuedBytes += chunk.count
            return (state.queuedBytes >= Self.limit ? .full : .room, nil)
        }
        consumer?.resume(returning: chunk)
        return enqueued
    }

    /// Ends the body: the consumer gets what is queued, then `nil`, or the error.
    func finish(_ error: (any Error)?) {
        let consumer = state.withLock { state -> Consumer? in
            guard state.end == nil, !state.closed else { return nil }
            state.end = error.map { .failure($0) } ?? .success(())
            // A waiting consumer means nothing is queued: it gets the end at once.
            defer { state.consumer = nil }
            return state.consumer
        }
        guard let consumer else { return }
        if let error { consumer.resume(throwing: error) } else { consumer.resume(returning: nil) }
    }
}
#endif
