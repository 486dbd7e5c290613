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
final class ChunkPipe: @unchecked Sendable {
    /// The most bytes that wait here before the reader stops pulling: small, so that memory stays flat
    /// and a slow consumer slows the server down.
    static let limit = 64 * 1024

    private let lock = NSLock()
    // Guarded by `lock`, all of them.
    /// The chunks not yet consumed, oldest first from `head`.
    private var chunks: [Data] = []
    private var head = 0
    private var queuedBytes = 0
    /// The body's end: `nil` while it goes on, then `.success` or the failure.
    private var end: Result<Void, any Error>?
    /// The consumer went away.
    private var closed = false
    /// The consumer, waiting for a chunk while none is queued.
    private var consumer: CheckedContinuation<Data?, any Error>?
    /// The reader, waiting for room.
    private var reader: CheckedContinuation<Bool, Never>?

    // MARK: consumer

    /// The next chunk, `nil` at the end of the body; after a failure, the chunks that arrived first, then
    /// the error. Called by one consumer at a time.
    func receive() async throws -> Data? {
        try await withCheckedThrowingContinuation { (waiting: CheckedContinuation<Data?, any Error>) in
            lock.lock()
            if head < chunks.count {
                let chunk = popLocked()
                let room = takeReaderIfRoomLocked()
                lock.unlock()
                room?.resume(returning: true)
                waiting.resume(returning: chunk)
            } else if let end {
                lock.unlock()
                switch end {
                case .success: waiting.resume(returning: nil)
                case .failure(let error): waiting.resume(throwing: error)
                }
            } else if closed || consumer != nil {
                lock.unlock()
                waiting.resume(throwing: CancellationError())
            } else {
                consumer = waiting
                lock.unlock()
            }
        }
    }

    /// The consumer went away: what is queued is dropped, a waiting reader is told to stop, and a waiting
    /// consumer gets a cancellation.
    func close() {
        lock.lock()
        closed = true
        chunks = []
        head = 0
        queuedBytes = 0
        let reader = self.reader
        let consumer = self.consumer
        self.reader = nil
        self.consumer = nil
        lock.unlock()
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
            lock.lock()
            if closed {
                lock.unlock()
                waiting.resume(returning: false)
            } else if queuedBytes < Self.limit {
                // The consumer made room between the check above and now.
                lock.unlock()
                waiting.resume(returning: true)
            } else {
                reader = waiting
                lock.unlock()
            }
        }
    }

    private enum Enqueued { case closed, room, full }

    /// Queues a chunk, or hands it to the waiting consumer, and says whether there is room for another.
    private func enqueue(_ chunk: Data) -> Enqueued {
        lock.lock()
        if closed {
            lock.unlock()
            return .closed
        }
        if let consumer {
            // A waiting consumer means nothing is queued: the chunk goes straight to it.
            self.consumer = nil
            lock.unlock()
            consumer.resume(returning: chunk)
            return .room
        }
        chunks.append(chunk)
        queuedBytes += chunk.count
        let full = queuedBytes >= Self.limit
        lock.unlock()
        return full ? .full : .room
    }

    /// Ends the body: the consumer gets what is queued, then `nil`, or the error.
    func finish(_ error: (any Error)?) {
        lock.lock()
        guard end == nil, !closed else {
            lock.unlock()
            return
        }
        end = error.map { .failure($0) } ?? .success(())
        // A waiting consumer means nothing is queued: it gets the end at once.
        let consumer = self.consumer
        self.consumer = nil
        lock.unlock()
        guard let consumer else { return }
        if let error { consumer.resume(throwing: error) } else { consumer.resume(returning: nil) }
    }

    /// The oldest queued chunk, taken off the queue. Called under `lock` with a chunk queued.
    private func popLocked() -> Data {
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

    /// The waiting reader, taken when there is room for it again. Called under `lock`.
    private func takeReaderIfRoomLocked() -> CheckedContinuation<Bool, Never>? {
        guard queuedBytes < Self.limit, let reader else { return nil }
        self.reader = nil
        return reader
    }
}
#endif
