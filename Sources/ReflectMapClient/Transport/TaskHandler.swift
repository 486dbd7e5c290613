import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The state of one `URLSessionTask`, fed by the session delegate and finished exactly once: by the
/// task completing, by an authentication challenge (the 401 is the answer), by a timeout, or by a
/// cancellation.
///
/// Why it is shaped like this: FoundationNetworking's async `data(for:)` can
/// deadlock when the calling Swift task is cancelled just as the response arrives, because the
/// cancellation handler runs under the task's lock and waits for the session's queue, while the
/// network thread holds that queue and waits for the lock. Here, cancellation only schedules
/// ``cancel()`` on the transport's serial queue (``cancelSoon()``), and no lock is held while a
/// continuation is resumed, a stream is fed or the `URLSessionTask` is cancelled.
final class TaskHandler: @unchecked Sendable {
    /// Where the response body goes.
    enum Sink {
        /// Collected in memory.
        case memory
        /// Written to a file as it arrives.
        case file(FileHandle)
        /// Yielded to a stream as it arrives.
        case stream(AsyncThrowingStream<Data, any Error>.Continuation)
    }

    /// Which direction ``progress`` reports.
    enum Direction { case upload, download }

    /// What the delegate queue's callbacks, the transport's serial queue (cancellation, the idle timer)
    /// and the task that starts the handler share.
    private struct State {
        /// The idle-timeout timer, cancelled when the handler finishes: a resumed dispatch source lives
        /// until it is cancelled.
        var timeoutTimer: DispatchSourceTimer?
        var data = Data()
        var response: HTTPURLResponse?
        var task: URLSessionTask?
        var finished = false
        /// `resume()` has returned: cancelling a task before that makes FoundationNetworking trap when it resumes.
        var resumed = false
        /// A cancellation that arrived while the task was being resumed, applied once it is.
        var cancelAfterResume = false
        var head: Head?
        var completion: Completion?
        var lastActivity = DispatchTime.now()
        var received: Int64 = 0
        var writeError: (any Error)?
    }

    typealias Head = (Result<HTTPURLResponse, any Error>) -> Void
    typealias Completion = (Result<(HTTPURLResponse, Data), any Error>) -> Void

    private let state = Protected(State())
    // `sink` is why the class is `@unchecked Sendable`: a `.file` sink's `FileHandle` is not declared
    // `Sendable` by every Foundation; it is written only inside `state.withLock`, one chunk at a time.
    private let sink: Sink
    private let timeout: TimeInterval?
    private let progress: ProgressHandler?
    private let direction: Direction
    /// The body's size, for upload progress when the session does not know it.
    private let uploadSize: Int64?
    /// The session's delegate queue, where `URLSessionTask.cancel()` is called (see ``cancelTask(_:)``).
    private let delegateQueue: OperationQueue
    /// The transport's serial queue (the delegate queue's underlying queue), where ``cancelSoon()``
    /// and the idle timer run. It is not `DispatchQueue.global()`: on Linux that queue shares its
    /// threads with Swift's cooperative pool, and work on it waits while the pool is busy.
    private let queue: DispatchQueue
    /// Runs between the task's `resume()` and the handler noting it resumed: where a test ends the
    /// call, as a cancellation racing the start would.
    private let afterTaskResume: (@Sendable () -> Void)?

    init(
        sink: Sink, timeout: TimeInterval?, progress: ProgressHandler?, direction: Direction,
        uploadSize: Int64? = nil, delegateQueue: OperationQueue, queue: DispatchQueue,
        afterTaskResume: (@Sendable () -> Void)? = nil
    ) {
        self.sink = sink
        self.afterTaskResume = afterTaskResume
        self.delegateQueue = delegateQueue
        self.queue = queue
        self.uploadSize = uploadSize
        self.timeout = APIService.timeout(timeout)
        self.progress = progress
        self.direction = direction
    }

    // MARK: starting and stopping

    /// Starts `task`, calling `completion` once with the response and (for the memory sink) the body.
    /// When the handler was cancelled before it started, `completion` gets the cancellation at once,
    /// the task is not resumed, and the result is `false`.
    @discardableResult
    func start(_ task: URLSessionTask, completion: @escaping Completion) -> Bool {
        launch(task, keeping: { $0.completion = completion }, orElse: { completion(.failure(CancellationError())) })
    }

    /// Starts `task` for a stream: `head` gets the response as soon as it arrives (or the failure), and
    /// the body goes to the stream sink.
    @discardableResult
    func startStream(_ task: URLSessionTask, head: @escaping Head) -> Bool {
        launch(task, keeping: { $0.head = head }, orElse: { head(.failure(CancellationError())) })
    }

    /// Keeps the task and its callback, arms the idle timer and resumes the task; a handler already
    /// finished (cancelled before it started) calls `cancelled` instead, outside the lock.
    private func launch(
        _ task: URLSessionTask, keeping callback: (inout State) -> Void, orElse cancelled: () -> Void
    ) -> Bool {
        let started = state.withLock { state in
            guard !state.finished else { return false }
            state.task = task
            callback(&state)
            return true
        }
        guard started else {
            cancelled()
            return false
        }
        scheduleTimeoutCheck(after: timeout)
        resume(task)
        return true
    }

    private func resume(_ task: URLSessionTask) {
        task.resume()
        afterTaskResume?()
        let cancel = state.withLock { state in
            state.resumed = true
            return state.cancelAfterResume
        }
        if cancel { cancelTask(task) }
    }

    /// Cancels the `URLSessionTask` on the session's serial delegate queue, never under a lock.
    ///
    /// FoundationNetworking's `cancel()` races with a task completing on its own: if it lands as the
    /// transfer completes, a deferred callback can run after the session has dropped the task, and trap
    /// the whole process ("Trying to access a behaviour for a task that in not in the registry"; seen
    /// in ordinary test runs, not only under ThreadSanitizer). So there a body collected in memory is
    /// not cancelled on the wire (see ``cancelsTransfer(of:)``): the call ends at once with the
    /// cancellation, and the transfer, bounded by the request's timeout, finishes unobserved. Everywhere
    /// else, and for streams and downloads, which may never end on their own, the task is cancelled so
    /// that the upload stops and the connection closes: on the delegate queue, where the cancel is
    /// ordered with the task's own callbacks, only while the task is running, and never inside a Swift
    /// task's cancellation handler.
    private func cancelTask(_ task: URLSessionTask) {
        guard Self.cancelsTransfer(of: sink) else { return }
        delegateQueue.addOperation {
            if task.state == .running { task.cancel() }
        }
    }

    /// Whether cancelling a call cancels its `URLSessionTask`: always on Apple platforms, where
    /// `cancel()` is safe, so a cancelled POST stops uploading. With FoundationNetworking, only for
    /// streams and downloads, because its `cancel()` can trap the process when it races with a
    /// transfer completing.
    static func cancelsTransfer(of sink: Sink) -> Bool {
        #if canImport(FoundationNetworking)
        if case .memory = sink { return false }
        #endif
        return true
    }

    /// Cancels from a cancellation handler: the work happens on the transport's serial queue, so the
    /// handler returns at once and holds no lock that a network callback may need.
    func cancelSoon() {
        queue.async { self.cancel() }
    }

    /// Finishes with `CancellationError` and cancels the `URLSessionTask`.
    func cancel() {
        finish(.failure(CancellationError()))
    }

    // MARK: delegate events (on the session's serial delegate queue)

    func didReceive(_ response: HTTPURLResponse) {
        let head = state.withLock { state -> Head? in
            state.response = response
            state.lastActivity = .now()
            // A body collected in memory is copied once, into room made for the length the server
            // announced (at most 64 MiB ahead, which also keeps the conversion within a 32-bit `Int`),
            // rather than into a buffer that grows and copies itself as chunks arrive. A finished
            // handler takes no chunk, so it reserves nothing: on Linux a cancelled in-memory transfer
            // runs on (see `cancelsTransfer(of:)`), and its response may arrive after the cancellation.
            if case .memory = sink, !state.finished, response.expectedContentLength > 0 {
                state.data.reserveCapacity(Int(min(response.expectedContentLength, 64 << 20)))
            }
            defer { state.head = nil }
            return state.head
        }
        head?(.success(response))
    }

    /// What `didReceive(_ chunk:)` does once the lock is released.
    private enum ChunkOutcome {
        /// The handler has finished: nothing.
        case ignored
        /// Writing to the file failed: the handler finishes with the error.
        case failed(any Error)
        /// The chunk is taken: it goes to the stream, if any, and the progress is reported.
        case taken(yieldTo: AsyncThrowingStream<Data, any Error>.Continuation?, completed: Int64, total: Int64?)
    }

    func didReceive(_ chunk: Data) {
        // The memory and file sinks take the chunk under the lock, ordered with `finish`: once the
        // handler has finished (and its caller may have closed the file), no chunk is written.
        let outcome = state.withLock { state -> ChunkOutcome in
            guard !state.finished else { return .ignored }
            state.lastActivity = .now()
            state.received += Int64(chunk.count)
            var yieldTo: AsyncThrowingStream<Data, any Error>.Continuation?
            switch sink {
            case .memory:
                state.data.append(chunk)
            case .file(let handle):
                do {
                    try handle.write(contentsOf: chunk)
                } catch {
                    state.writeError = error
                }
            case .stream(let continuation):
                yieldTo = continuation
            }
            if let failed = state.writeError { return .failed(failed) }
            let total = state.response.flatMap { $0.expectedContentLength >= 0 ? $0.expectedContentLength : nil }
            return .taken(yieldTo: yieldTo, completed: state.received, total: total)
        }
        switch outcome {
        case .ignored:
            return
        case .failed(let error):
            finish(.failure(error))
        case .taken(let yieldTo, let completed, let total):
            yieldTo?.yield(chunk)
            let report = direction == .download ? progress : nil
            report?(TransferProgress(completed: completed, total: total))
        }
    }

    func didSend(totalBytesSent: Int64, totalBytesExpected: Int64) {
        let report = state.withLock { state -> ProgressHandler? in
            state.lastActivity = .now()
            return direction == .upload && !state.finished ? progress : nil
        }
        report?(
            TransferProgress(completed: totalBytesSent, total: totalBytesExpected > 0 ? totalBytesExpected : uploadSize)
        )
    }

    /// A 401 with a challenge: the response and body already arrived, so they are the answer.
    func didReceiveChallenge() {
        let response = state.withLock { $0.response }
        if let response {
            finish(.success(response))
        } else {
            finish(.failure(URLError(.userAuthenticationRequired)))
        }
    }

    /// The server's certificate matched none of the host's public-key pins: the request was not sent.
    func didFailPinning(host: String) {
        finish(.failure(APIError.publicKeyPinMismatch(host: host)))
    }

    func didComplete(_ error: (any Error)?) {
        let response = state.withLock { $0.response }
        if let error {
            finish(.failure(error), cancelsTask: false)
        } else if let response {
            finish(.success(response))
        } else {
            finish(.failure(URLError(.badServerResponse)))
        }
    }

    // MARK: finishing

    /// What the first ``finish(_:cancelsTask:)`` takes out of the state, to act on once the lock is
    /// released.
    private struct Finishing {
        let task: URLSessionTask?
        let resumed: Bool
        let head: Head?
        let completion: Completion?
        let body: Data
        let timer: DispatchSourceTimer?
    }

    /// Finishes once; later calls do nothing. Cancels the task unless it completed on its own.
    private func finish(_ result: Result<HTTPURLResponse, any Error>, cancelsTask: Bool = true) {
        let finishing = state.withLock { state -> Finishing? in
            guard !state.finished else { return nil }
            state.finished = true
            // A task still being resumed is cancelled by `resume(_:)` once it returns.
            if state.task != nil, !state.resumed { state.cancelAfterResume = true }
            let finishing = Finishing(
                task: state.task, resumed: state.resumed, head: state.head,
                completion: state.completion, body: state.data, timer: state.timeoutTimer)
            state.head = nil
            state.completion = nil
            state.task = nil
            state.data = Data()
            state.timeoutTimer = nil
            return finishing
        }
        guard let finishing else { return }
        // Cancelling the timer releases its handler now, not when it would have fired.
        finishing.timer?.cancel()

        if case .failure = result, let task = finishing.task, cancelsTask, finishing.resumed {
            cancelTask(task)
        }
        if case .stream(let continuation) = sink {
            switch result {
            case .success: continuation.finish()
            case .failure(let error): continuation.finish(throwing: error)
            }
        }
        finishing.head?(result)
        finishing.completion?(result.map { ($0, finishing.body) })
    }

    /// Idle timeout: fails the task when nothing was sent or received for `timeout` seconds.
    private func scheduleTimeoutCheck(after seconds: TimeInterval?) {
        guard let seconds else { return }
        // The timer is made and set under the lock, ordered with `finish`, which takes and cancels it:
        // a finished handler gets no new timer, so none is left running. Neither `schedule` nor
        // `resume()` calls the handler; it runs later on `queue`.
        state.withLock { state in
            guard !state.finished else { return }
            if let timer = state.timeoutTimer {
                timer.schedule(deadline: .now() + seconds)
                return
            }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            // A strong capture: the handler and its timer keep each other until the handler finishes,
            // which cancels the timer (a timed-out handler finishes in `checkTimeout()`).
            timer.setEventHandler { self.checkTimeout() }
            timer.schedule(deadline: .now() + seconds)
            state.timeoutTimer = timer
            timer.resume()
        }
    }

    private func checkTimeout() {
        guard let timeout else { return }
        let (done, idle) = state.withLock { state in
            (state.finished, Double(DispatchTime.now().uptimeNanoseconds &- state.lastActivity.uptimeNanoseconds) / 1e9)
        }
        if done { return }
        if idle >= timeout {
            finish(.failure(URLError(.timedOut)))
        } else {
            scheduleTimeoutCheck(after: timeout - idle)
        }
    }
}
