#if AsyncHTTPClient
import Foundation

/// Hands a streamed response's body from the task that reads the connection to the consumer, one chunk
/// per request of the consumer: the reader waits for demand (``awaitDemand()``) before it reads the next
/// chunk, so bytes are read from the connection only as fast as they are consumed, and at most one chunk
/// is held here.
final class ChunkPipe: @unchecked Sendable {
    private enum State {
        /// Neither side waits.
        case idle
        /// The consumer waits for a chunk; the reader has not yet seen the demand.
        case demanded(CheckedContinuation<Data?, any Error>)
        /// The consumer waits for a chunk, and the reader is reading it.
        case reading(CheckedContinuation<Data?, any Error>)
        /// The reader waits for the consumer to ask.
        case readerWaiting(CheckedContinuation<Bool, Never>)
        /// The body ended, or failed.
        case finished((any Error)?)
        /// The consumer went away.
        case closed
    }

    private let lock = NSLock()
    private var state = State.idle

    // MARK: consumer

    /// The next chunk, `nil` at the end of the body. Called by one consumer at a time.
    func receive() async throws -> Data? {
        try await withCheckedThrowingContinuation { (consumer: CheckedContinuation<Data?, any Error>) in
            lock.lock()
            switch state {
            case .idle:
                state = .demanded(consumer)
                lock.unlock()
            case .readerWaiting(let reader):
                state = .reading(consumer)
                lock.unlock()
                reader.resume(returning: true)
            case .finished(let error):
                lock.unlock()
                if let error { consumer.resume(throwing: error) } else { consumer.resume(returning: nil) }
            case .closed:
                lock.unlock()
                consumer.resume(throwing: CancellationError())
            case .demanded, .reading:
                lock.unlock()
                consumer.resume(throwing: CancellationError())
            }
        }
    }

    /// The consumer went away: a waiting reader is told to stop, and a waiting consumer gets a
    /// cancellation.
    func close() {
        lock.lock()
        let previous = state
        if case .finished = previous {
            lock.unlock()
            return
        }
        state = .closed
        lock.unlock()
        switch previous {
        case .readerWaiting(let reader): reader.resume(returning: false)
        case .demanded(let consumer), .reading(let consumer): consumer.resume(throwing: CancellationError())
        default: break
        }
    }

    // MARK: reader

    /// Waits until the consumer asks for a chunk; `false` when it went away.
    func awaitDemand() async -> Bool {
        await withCheckedContinuation { (reader: CheckedContinuation<Bool, Never>) in
            lock.lock()
            switch state {
            case .demanded(let consumer):
                state = .reading(consumer)
                lock.unlock()
                reader.resume(returning: true)
            case .idle:
                state = .readerWaiting(reader)
                lock.unlock()
            case .reading:
                lock.unlock()
                reader.resume(returning: true)
            case .closed, .finished, .readerWaiting:
                lock.unlock()
                reader.resume(returning: false)
            }
        }
    }

    /// Gives the consumer the chunk it asked for.
    func deliver(_ chunk: Data) {
        lock.lock()
        guard case .reading(let consumer) = state else {
            lock.unlock()
            return
        }
        state = .idle
        lock.unlock()
        consumer.resume(returning: chunk)
    }

    /// Ends the body: the consumer gets `nil`, or the error.
    func finish(_ error: (any Error)?) {
        lock.lock()
        let previous = state
        if case .closed = previous {
            lock.unlock()
            return
        }
        if case .finished = previous {
            lock.unlock()
            return
        }
        state = .finished(error)
        lock.unlock()
        switch previous {
        case .demanded(let consumer), .reading(let consumer):
            if let error { consumer.resume(throwing: error) } else { consumer.resume(returning: nil) }
        case .readerWaiting(let reader):
            reader.resume(returning: false)
        default:
            break
        }
    }
}
#endif
