#if AsyncHTTPClient
import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore

/// One request and its response over AsyncHTTPClient, in a task of its own so that the idle timeout
/// (``IdleWatchdog``) and the caller's cancellation can both stop it: cancelling that task cancels the
/// AsyncHTTPClient request, which closes its connection at once.
struct AHCExchange: Sendable {
    let client: HTTPClient
    let request: PreparedRequest
    let uploadProgress: ProgressHandler?

    /// A week: AsyncHTTPClient wants a deadline, and the request's own timeout is the idle timeout.
    private static let deadline = TimeAmount.hours(24 * 7)

    /// Sends the request and hands the response's body to `consume`, which runs in the exchange's task;
    /// returns what it returns, with the response head.
    func run<Value: Sendable>(
        _ consume: @escaping @Sendable (HTTPURLResponse, HTTPClientResponse.Body, IdleWatchdog) async throws -> Value
    ) async throws -> (Value, HTTPURLResponse) {
        let watchdog = IdleWatchdog(timeout: request.urlRequest.timeoutInterval)
        let outgoing = try AHCMessages.request(request, progress: uploadProgress, watchdog: watchdog)
        guard let url = request.urlRequest.url else { throw URLError(.badURL) }
        let client = self.client
        let task = Task { () throws -> UncheckedBox<(Value, HTTPURLResponse)> in
            let response = try await client.execute(outgoing, timeout: Self.deadline)
            watchdog.touch()
            let head = try AHCMessages.response(response, url: url)
            return UncheckedBox((try await consume(head, response.body, watchdog), head))
        }
        watchdog.start { task.cancel() }
        defer { watchdog.stop() }
        do {
            return try await withTaskCancellationHandler {
                try await task.value.value
            } onCancel: {
                task.cancel()
            }
        } catch {
            if watchdog.fired { throw URLError(.timedOut) }
            throw AHCMessages.translate(error)
        }
    }

    /// Sends the request and returns once the response head arrives. The body follows as chunks read from
    /// the connection only as fast as the consumer takes them, a few ahead at most (``ChunkPipe``). Ending the iteration early, or
    /// cancelling the consuming task, cancels the request and closes the connection.
    func open() async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        let watchdog = IdleWatchdog(timeout: request.urlRequest.timeoutInterval)
        let outgoing = try AHCMessages.request(request, progress: nil, watchdog: watchdog)
        guard let url = request.urlRequest.url else { throw URLError(.badURL) }
        let client = self.client
        let pipe = ChunkPipe()
        let head = HeadSignal()
        let task = Task {
            defer { watchdog.stop() }
            do {
                let response = try await client.execute(outgoing, timeout: Self.deadline)
                watchdog.touch()
                head.deliver(.success(try AHCMessages.response(response, url: url)))
                var body = response.body.makeAsyncIterator()
                while let buffer = try await body.next() {
                    // While the pipe is full the consumer is slow, not the network: the idle timeout waits.
                    watchdog.pause()
                    guard await pipe.push(Data(buffer.readableBytesView)) else { return }
                    watchdog.resume()
                }
                pipe.finish(nil)
            } catch {
                let failure = watchdog.fired ? URLError(.timedOut) : AHCMessages.translate(error)
                head.deliver(.failure(failure))
                pipe.finish(failure)
            }
        }
        watchdog.start { task.cancel() }
        let response: HTTPURLResponse
        do {
            response = try await withTaskCancellationHandler {
                try await head.wait()
            } onCancel: {
                task.cancel()
            }
        } catch {
            watchdog.stop()
            task.cancel()
            throw error
        }
        let consumer = StreamConsumer(pipe: pipe, task: task, watchdog: watchdog)
        let chunks = AsyncThrowingStream<Data, any Error> {
            try await withTaskCancellationHandler {
                try await consumer.pipe.receive()
            } onCancel: {
                consumer.cancel()
            }
        }
        return (response, chunks)
    }
}

/// The consuming side of a streamed response. When the stream is released (its consumer finished or
/// went away) the request is cancelled, which closes the connection if the body had not ended.
private final class StreamConsumer: Sendable {
    let pipe: ChunkPipe
    private let task: Task<Void, Never>
    private let watchdog: IdleWatchdog

    init(pipe: ChunkPipe, task: Task<Void, Never>, watchdog: IdleWatchdog) {
        self.pipe = pipe
        self.task = task
        self.watchdog = watchdog
    }

    func cancel() {
        pipe.close()
        task.cancel()
        watchdog.stop()
    }

    deinit {
        cancel()
    }
}

/// The response head of a streamed exchange, delivered once by its task to the caller of
/// ``AHCExchange/open()``.
private final class HeadSignal: Sendable {
    private struct State {
        /// The head or the failure, once delivered; later deliveries are dropped.
        var result: Result<HTTPURLResponse, any Error>?
        /// The caller of ``wait()``, while the head has not arrived.
        var waiter: CheckedContinuation<HTTPURLResponse, any Error>?
    }

    private let state = Protected(State())

    func deliver(_ outcome: Result<HTTPURLResponse, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<HTTPURLResponse, any Error>? in
            guard state.result == nil else { return nil }
            state.result = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: outcome)
    }

    func wait() async throws -> HTTPURLResponse {
        try await withCheckedThrowingContinuation { continuation in
            // Delivered already: resumed at once, outside the lock. Not yet: `deliver(_:)` resumes it.
            let delivered = state.withLock { state -> Result<HTTPURLResponse, any Error>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let delivered { continuation.resume(with: delivered) }
        }
    }
}
#endif
