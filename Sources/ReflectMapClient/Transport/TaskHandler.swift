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

    private let lock = NSLock()
    private let sink: Sink
    /// The idle-timeout timer, cancelled when the handler finishes: a resumed dispatch source lives
    /// until it is cancelled.
    private var timeoutTimer: DispatchSourceTimer?
    private var data = Data()
    private var response: HTTPURLResponse?
    private var task: URLSessionTask?
    private var finished = false
    /// `resume()` has returned: cancelling a task before that makes FoundationNetworking trap when it resumes.
    private var resumed = false
    /// A cancellation that arrived while the task was being resumed, applied once it is.
    private var cancelAfterResume = false
    private var head: ((Result<HTTPURLResponse, any Error>) -> Void)?
    private var completion: ((Result<(HTTPURLResponse, Data), any Error>) -> Void)?
    private var lastActivity = DispatchTime.now()
    private var received: Int64 = 0
    private var writeError: (any Error)?
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

    init(sink: Sink, timeout: TimeInterval?, progress: ProgressHandler?, direction: Direction,
         uploadSize: Int64? = nil, delegateQueue: OperationQueue, queue: DispatchQueue) {
        self.sink = sink
        self.delegateQueue = delegateQueue
        self.queue = queue
        self.uploadSize = uploadSize
        self.timeout = timeout.flatMap { $0.isFinite && $0 > 0 && $0 <= 86_400 ? $0 : nil }
        self.progress = progress
        self.direction = direction
    }

    // MARK: starting and stopping

    /// Starts `task`, calling `completion` once with the response and (for the memory sink) the body.
    /// When the handler was cancelled before it started, `completion` gets the cancellation at once,
    /// the task is not resumed, and the result is `false`.
    @discardableResult
    func start(_ task: URLSessionTask, completion: @escaping (Result<(HTTPURLResponse, Data), any Error>) -> Void) -> Bool {
        lock.lock()
        if finished {
            lock.unlock()
            completion(.failure(CancellationError()))
            return false
        }
        self.task = task
        self.completion = completion
        lock.unlock()
        scheduleTimeoutCheck(after: timeout)
        resume(task)
        return true
    }

    /// Starts `task` for a stream: `head` gets the response as soon as it arrives (or the failure), and
    /// the body goes to the stream sink.
    @discardableResult
    func startStream(_ task: URLSessionTask, head: @escaping (Result<HTTPURLResponse, any Error>) -> Void) -> Bool {
        lock.lock()
        if finished {
            lock.unlock()
            head(.failure(CancellationError()))
            return false
        }
        self.task = task
        self.head = head
        lock.unlock()
        scheduleTimeoutCheck(after: timeout)
        resume(task)
        return true
    }

    private func resume(_ task: URLSessionTask) {
        task.resume()
        lock.lock()
        resumed = true
        let cancel = cancelAfterResume
        lock.unlock()
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
        lock.lock()
        self.response = response
        lastActivity = .now()
        let head = self.head
        self.head = nil
        lock.unlock()
        head?(.success(response))
    }

    func didReceive(_ chunk: Data) {
        lock.lock()
        guard !finished else {
            lock.unlock()
            return
        }
        lastActivity = .now()
        received += Int64(chunk.count)
        var yieldTo: AsyncThrowingStream<Data, any Error>.Continuation?
        switch sink {
        case .memory:
            data.append(chunk)
        case .file(let handle):
            do {
                try handle.write(contentsOf: chunk)
            } catch {
                writeError = error
            }
        case .stream(let continuation):
            yieldTo = continuation
        }
        let report = direction == .download ? progress : nil
        let total = response.flatMap { $0.expectedContentLength >= 0 ? $0.expectedContentLength : nil }
        let completed = received
        let failed = writeError
        lock.unlock()
        if let failed {
            finish(.failure(failed))
            return
        }
        yieldTo?.yield(chunk)
        report?(TransferProgress(completed: completed, total: total))
    }

    func didSend(totalBytesSent: Int64, totalBytesExpected: Int64) {
        lock.lock()
        lastActivity = .now()
        let report = direction == .upload && !finished ? progress : nil
        lock.unlock()
        report?(TransferProgress(completed: totalBytesSent, total: totalBytesExpected > 0 ? totalBytesExpected : uploadSize))
    }

    /// A 401 with a challenge: the response and body already arrived, so they are the answer.
    func didReceiveChallenge() {
        lock.lock()
        let response = self.response
        lock.unlock()
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
        lock.lock()
        let response = self.response
        lock.unlock()
        if let error {
            finish(.failure(error), cancelsTask: false)
        } else if let response {
            finish(.success(response))
        } else {
            finish(.failure(URLError(.badServerResponse)))
        }
    }

    // MARK: finishing

    /// Finishes once; later calls do nothing. Cancels the task unless it completed on its own.
    private func finish(_ result: Result<HTTPURLResponse, any Error>, cancelsTask: Bool = true) {
        lock.lock()
        guard !finished else {
            lock.unlock()
            return
        }
        finished = true
        let task = self.task
        let resumed = self.resumed
        if task != nil, !resumed { cancelAfterResume = true }
        let head = self.head
        let completion = self.completion
        let sink = self.sink
        let body = data
        self.head = nil
        self.completion = nil
        self.task = nil
        data = Data()
        let timer = timeoutTimer
        timeoutTimer = nil
        lock.unlock()
        // Cancelling the timer releases its handler now, not when it would have fired.
        timer?.cancel()

        if case .failure = result, let task, cancelsTask, resumed {
            cancelTask(task)
        }
        if case .stream(let continuation) = sink {
            switch result {
            case .success: continuation.finish()
            case .failure(let error): continuation.finish(throwing: error)
            }
        }
        head?(result)
        completion?(result.map { ($0, body) })
    }

    /// Idle timeout: fails the task when nothing was sent or received for `timeout` seconds.
    private func scheduleTimeoutCheck(after seconds: TimeInterval?) {
        guard let seconds else { return }
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        if let timer = timeoutTimer {
            timer.schedule(deadline: .now() + seconds)
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        // A strong capture: the handler and its timer keep each other until the handler finishes,
        // which cancels the timer (a timed-out handler finishes in `checkTimeout()`).
        timer.setEventHandler { self.checkTimeout() }
        timer.schedule(deadline: .now() + seconds)
        timeoutTimer = timer
        timer.resume()
    }

    private func checkTimeout() {
        guard let timeout else { return }
        lock.lock()
        let done = finished
        let idle = Double(DispatchTime.now().uptimeNanoseconds &- lastActivity.uptimeNanoseconds) / 1e9
        lock.unlock()
        if done { return }
        if idle >= timeout {
            finish(.failure(URLError(.timedOut)))
        } else {
            scheduleTimeoutCheck(after: timeout - idle)
        }
    }
}
