import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Opens WebSockets with `URLSessionWebSocketTask`: the route for Apple platforms, and for Linux
/// toolchains whose FoundationNetworking was built with WebSocket support. Where it was not (Swift
/// 6.3.1 on Linux among them), ``connect(_:)`` throws ``WebSocketError/unsupported(_:)``: enable the
/// `NIOWebSocket` package trait there.
///
/// With FoundationNetworking, close codes outside RFC 6455's list (application codes 4000–4999) are sent
/// as 1000 on this route. Apple's Foundation imports the close code as an open C enum, which takes any
/// value, so there they are passed on as given.
public final class URLSessionWebSocketConnector: WebSocketConnector, @unchecked Sendable {
    private let session: URLSession
    /// The largest message accepted, in bytes; a larger one fails the connection.
    public let maximumMessageSize: Int

    /// Creates a connector with its own session, invalidated when the connector goes away.
    /// - Parameters:
    ///   - configuration: The session's configuration.
    ///   - maximumMessageSize: The largest message accepted, in bytes. 16 MiB by default, as on the
    ///     SwiftNIO route, where `URLSessionWebSocketTask` alone would take 1 MiB; kept between 1 KiB and
    ///     4 GiB − 1.
    public init(configuration: URLSessionConfiguration = .default, maximumMessageSize: Int = 1 << 24) {
        session = URLSession(configuration: configuration)
        self.maximumMessageSize = DefaultWebSocketConnector.clampedMessageSize(maximumMessageSize)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Opens the connection; a first ping answered shows that the handshake succeeded.
    /// - Parameters:
    ///   - request: A request with a `ws` or `wss` URL and the handshake's headers.
    /// - Returns: The open connection.
    /// - Throws: ``WebSocketError``; ``WebSocketError/unsupported(_:)`` when this FoundationNetworking
    ///   has no WebSocket support.
    public func connect(_ request: URLRequest) async throws -> any WebSocketConnection {
        let task = webSocketTask(with: request)
        let connection = URLSessionWebSocketConnection(task: task)
        task.resume()
        let timeout = request.timeoutInterval > 0 ? request.timeoutInterval : 60
        do {
            try await Waiting.deadline(timeout, orThrow: .network("The handshake took longer than \(timeout) s.")) {
                try await connection.ping()
            }
        } catch {
            task.cancel()
            throw URLSessionWebSocketConnection.failure(error, task: task)
        }
        connection.receiveNext()
        return connection
    }

    /// The task for a handshake, with the connector's message-size limit.
    func webSocketTask(with request: URLRequest) -> URLSessionWebSocketTask {
        let task = session.webSocketTask(with: request)
        task.maximumMessageSize = maximumMessageSize
        return task
    }
}

/// One `URLSessionWebSocketTask`, as a ``WebSocketConnection``.
final class URLSessionWebSocketConnection: WebSocketConnection, @unchecked Sendable {
    let incoming: AsyncThrowingStream<WebSocketPayload, any Error>
    private let continuation: AsyncThrowingStream<WebSocketPayload, any Error>.Continuation
    private let task: URLSessionWebSocketTask
    private let closedHere = Protected(false)

    init(task: URLSessionWebSocketTask) {
        self.task = task
        (incoming, continuation) = AsyncThrowingStream.makeStream()
    }

    /// Receives one message, then asks for the next, until the task fails or closes.
    func receiveNext() {
        task.receive { [self] result in
            switch result {
            case .success(.string(let text)):
                continuation.yield(.text(text))
                receiveNext()
            case .success(.data(let data)):
                continuation.yield(.binary(data))
                receiveNext()
            case .success:
                receiveNext()
            case .failure(let error):
                if closedHere.withLock({ $0 }) {
                    continuation.finish()
                } else {
                    continuation.finish(throwing: Self.failure(error, task: task))
                }
            }
        }
    }

    func send(_ payload: WebSocketPayload) async throws {
        let message: URLSessionWebSocketTask.Message =
            switch payload {
            case .text(let text): .string(text)
            case .binary(let data): .data(data)
            }
        let task = self.task
        try await Waiting.callback { report in
            task.send(message) { error in
                report(error.map { .failure(Self.failure($0, task: task)) } ?? .success(()))
            }
        }
    }

    func ping() async throws {
        let task = self.task
        try await Waiting.callback { report in
            task.sendPing { error in
                report(error.map { .failure(Self.failure($0, task: task)) } ?? .success(()))
            }
        }
    }

    func close(code: WebSocketCloseCode, reason: String) async {
        guard
            closedHere.withLock({ closed in
                defer { closed = true }
                return !closed
            })
        else { return }
        let closeCode = URLSessionWebSocketTask.CloseCode(rawValue: Int(code.rawValue)) ?? .normalClosure
        task.cancel(with: closeCode, reason: Data(WebSocketCloseCode.reasonBytes(reason)))
        continuation.finish()
    }

    /// A task's error as a ``WebSocketError``: the server's close code when it closed, ``WebSocketError/unsupported(_:)``
    /// when FoundationNetworking has no WebSocket support.
    static func failure(_ error: any Error, task: URLSessionWebSocketTask) -> WebSocketError {
        if let error = error as? WebSocketError { return error }
        if task.closeCode != .invalid {
            let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
            return .closed(
                code: WebSocketCloseCode(rawValue: UInt16(clamping: task.closeCode.rawValue)), reason: reason)
        }
        // The task's own error says more than the callback's: on Linux without WebSocket support the
        // callback gets -1005 (connection lost) and the task -1002 "WebSockets not supported by libcurl".
        let cause = (task.error ?? error) as NSError
        let message = (cause.userInfo[NSLocalizedDescriptionKey] as? String) ?? cause.localizedDescription
        if cause.domain == NSURLErrorDomain,
            cause.code == URLError.unsupportedURL.rawValue || message.localizedCaseInsensitiveContains("not supported")
        {
            return .unsupported(
                "\(message). Enable the NIOWebSocket package trait for a WebSocket that works on Linux.")
        }
        if let status = (task.response as? HTTPURLResponse)?.statusCode, status != 101 {
            return .handshakeFailed(status: status, message: message)
        }
        return WebSocketError.wrapping(task.error ?? error)
    }
}
