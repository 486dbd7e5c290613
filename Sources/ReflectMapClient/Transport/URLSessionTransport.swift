import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a service needs from a transport beyond ``Transport/send(_:)``: bodies streamed from files,
/// progress, downloads written to disk as they arrive, streamed responses, and a redirect policy.
/// ``URLSessionTransport`` and `AsyncHTTPClientTransport` provide it; other transports get a fallback
/// built on `send(_:)`.
protocol SessionTransport: Transport {
    /// Sends the request and collects the body in memory.
    func data(
        _ request: PreparedRequest, redirects: RedirectPolicy, progress: ProgressHandler?
    ) async throws -> (Data, HTTPURLResponse)
    /// Sends the request and writes the body into a new file in `directory`, returned with the response.
    func download(
        _ request: PreparedRequest, into directory: URL, redirects: RedirectPolicy,
        progress: ProgressHandler?
    ) async throws -> (URL, HTTPURLResponse)
    /// Sends the request and returns once the response head arrives; the body follows as chunks.
    /// Ending the iteration early, or cancelling the consuming task, closes the connection.
    func open(
        _ request: PreparedRequest, redirects: RedirectPolicy
    ) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>)
}

/// A transport over one long-lived `URLSession`, driven by a session delegate rather than the async
/// `data(for:)` (which can deadlock the process on cancellation in FoundationNetworking).
///
/// It follows redirects itself (see ``RedirectPolicy``), answers authentication challenges at once so a
/// 401 comes back instead of hanging, and enforces the request's timeout as an idle timeout: the request
/// fails when nothing was sent or received for that long. It does so itself, on every OS: the session
/// configuration's `timeoutIntervalForRequest` is set out of the way, because on Apple platforms it would
/// cap each request's own timeout.
public final class URLSessionTransport: Transport, SessionTransport, PublicKeyPinningTransport {
    private let session: URLSession
    private let delegate = SessionDelegate()
    /// The session's serial delegate queue; tasks are also cancelled on it.
    private let queue: OperationQueue
    /// The serial dispatch queue under ``queue``, where handlers also take cancellations and run their
    /// idle timers.
    ///
    /// On Linux, Swift's cooperative thread pool is libdispatch's default-QoS global root queue, one
    /// thread per core: `DispatchQueue.global()`, a timer on it, and an `OperationQueue` left on its
    /// default underlying queue all wait for a free pool thread, behind every job queued before them.
    /// When tasks keep the pool busy (CPU-bound work, or a process running many tasks at once), a
    /// response, a cancellation or a timeout would wait that long too. A serial queue targets the
    /// overcommit root queue, which starts a thread when none is free, so the work that finishes a call
    /// runs at once whatever the pool is doing.
    private let dispatchQueue = DispatchQueue(label: "ReflectMapClient.URLSessionTransport")
    /// The timeout handed to the platform, on each task and on the session: out of the way, because
    /// ``TaskHandler`` enforces the request's timeout between bytes instead. (curl's own timeout covers
    /// the whole transfer; Apple's session timeout caps the request's.)
    static let transferTimeout: TimeInterval = 7 * 86_400

    /// The public-key pins the session's server-trust challenges are checked against (Apple platforms).
    let publicKeyPins: PublicKeyPins

    /// Creates a transport with its own session.
    /// - Parameters:
    ///   - configuration: The session's configuration.
    public convenience init(configuration: URLSessionConfiguration = .default) {
        self.init(configuration: configuration, pins: PublicKeyPins())
    }

    /// Creates a transport with its own session that checks public-key pins.
    ///
    /// On Apple platforms the pins are checked when the session evaluates the server's trust, after the
    /// system's own evaluation: a pinned host whose certificate's key matches none of its pins fails with
    /// ``APIError/publicKeyPinMismatch(host:)`` before the request is sent. FoundationNetworking (Linux)
    /// raises no server-trust challenge, so it cannot check pins: there, pins are an error.
    /// - Parameters:
    ///   - configuration: The session's configuration.
    ///   - publicKeyPins: The pins, by host.
    /// - Throws: ``APIError/publicKeyPinningUnavailable(_:)`` on Linux when there are pins.
    public convenience init(
        configuration: URLSessionConfiguration = .default, publicKeyPins: PublicKeyPins
    ) throws(APIError) {
        #if canImport(FoundationNetworking)
        guard publicKeyPins.isEmpty else {
            throw APIError.publicKeyPinningUnavailable(
                "URLSession on Linux (FoundationNetworking) cannot check a server's certificate; use AsyncHTTPClientTransport "
                    + "(the package's AsyncHTTPClient trait)."
            )
        }
        #endif
        self.init(configuration: configuration, pins: publicKeyPins)
    }

    private init(configuration: URLSessionConfiguration, pins: PublicKeyPins) {
        publicKeyPins = pins
        delegate.publicKeyPins = pins
        let queue = OperationQueue()
        queue.name = "ReflectMapClient.URLSessionTransport"
        queue.maxConcurrentOperationCount = 1
        queue.underlyingQueue = dispatchQueue
        self.queue = queue
        // Each request's `timeoutInterval` is enforced by its ``TaskHandler``, as an idle timeout, the
        // same on every OS. Apple's URLSession would also apply the session's own request timeout, an idle
        // timeout that caps every request's (a 300 s endpoint under a 30 s session would fail at 30 s), so
        // the session gets a copy of the configuration with that timeout set out of the way. Its resource
        // timeout, a limit on the whole transfer, stays as given.
        let sessionConfiguration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
        sessionConfiguration.timeoutIntervalForRequest = Self.transferTimeout
        sessionRequestTimeout = sessionConfiguration.timeoutIntervalForRequest
        session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: queue)
    }

    /// Sends the request, following redirects, and returns the body and the response.
    /// - Parameters:
    ///   - request: The request.
    /// - Returns: The body and the HTTP response.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await data(PreparedRequest(urlRequest: request), redirects: .follow, progress: nil)
    }

    /// The idle timeout the session itself applies to every request: ``transferTimeout``, whatever the
    /// configuration said, so that each request's own timeout is the one that holds.
    let sessionRequestTimeout: TimeInterval

    /// Lets the tasks in flight finish, then releases the session.
    public func invalidate() {
        session.finishTasksAndInvalidate()
    }

    func data(
        _ request: PreparedRequest, redirects: RedirectPolicy, progress: ProgressHandler?
    ) async throws -> (Data, HTTPURLResponse) {
        try await redirects.follow(request) { current in
            let handler = TaskHandler(
                sink: .memory, timeout: current.urlRequest.timeoutInterval, progress: progress,
                direction: .upload, uploadSize: current.bodySize, delegateQueue: queue, queue: dispatchQueue)
            let (response, data) = try await run(current, handler: handler)
            ExpiredCookies.delete(expiredBy: response, in: session.configuration)
            return (data, response)
        }
    }

    func download(
        _ request: PreparedRequest, into directory: URL, redirects: RedirectPolicy,
        progress: ProgressHandler?
    ) async throws -> (URL, HTTPURLResponse) {
        try await redirects.download(request, into: directory) { current, file in
            let output = try FileHandle(forWritingTo: file)
            defer { try? output.close() }
            let handler = TaskHandler(
                sink: .file(output), timeout: current.urlRequest.timeoutInterval, progress: progress,
                direction: .download,
                delegateQueue: queue, queue: dispatchQueue)
            let response = try await run(current, handler: handler).0
            ExpiredCookies.delete(expiredBy: response, in: session.configuration)
            return response
        }
    }

    func open(
        _ request: PreparedRequest, redirects: RedirectPolicy
    ) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        let (opened, response) = try await redirects.follow(
            request,
            hop: { current in
                let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
                let handler = TaskHandler(
                    sink: .stream(continuation), timeout: current.urlRequest.timeoutInterval, progress: nil,
                    direction: .download,
                    delegateQueue: queue, queue: dispatchQueue)
                continuation.onTermination = { termination in
                    if case .cancelled = termination { handler.cancelSoon() }
                }
                let task = makeTask(current)
                delegate.register(handler, for: task)
                let response = try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation {
                        (head: CheckedContinuation<HTTPURLResponse, any Error>) in
                        if !handler.startStream(task, head: { head.resume(with: $0) }) { delegate.remove(task) }
                    }
                } onCancel: {
                    handler.cancelSoon()
                }
                ExpiredCookies.delete(expiredBy: response, in: session.configuration)
                return ((stream: stream, handler: handler), response)
            }, discard: { opened in opened.handler.cancelSoon() })
        return (response, opened.stream)
    }

    // MARK: one request

    /// Runs one task to its end. Cancellation reaches the handler only through ``TaskHandler/cancelSoon()``.
    private func run(_ request: PreparedRequest, handler: TaskHandler) async throws -> (HTTPURLResponse, Data) {
        let task = makeTask(request)
        delegate.register(handler, for: task)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<(HTTPURLResponse, Data), any Error>) in
                if !handler.start(task, completion: { continuation.resume(with: $0) }) { delegate.remove(task) }
            }
        } onCancel: {
            handler.cancelSoon()
        }
    }

    private func makeTask(_ request: PreparedRequest) -> URLSessionTask {
        var urlRequest = request.urlRequest
        urlRequest.timeoutInterval = Self.transferTimeout
        if let file = request.bodyFile {
            urlRequest.httpBody = nil
            return session.uploadTask(with: urlRequest, fromFile: file)
        }
        if let body = urlRequest.httpBody {
            urlRequest.httpBody = nil
            return session.uploadTask(with: urlRequest, from: body)
        }
        return session.dataTask(with: urlRequest)
    }
}
