import Foundation
import ReflectMap

/// Why a WebSocket failed. Every error the WebSocket API throws, or ends a message stream with, is one
/// of these.
public enum WebSocketError: Error, Sendable, CustomStringConvertible {
    /// This platform's WebSocket route is not available, such as `URLSessionWebSocketTask` on a Linux
    /// toolchain whose FoundationNetworking was built without WebSocket support. Enable the
    /// `NIOWebSocket` package trait there.
    case unsupported(String)
    /// The opening request could not be built: a URL that is not `ws`, `wss`, `http` or `https` or has
    /// no host, or an interceptor that failed.
    case invalidRequest(String)
    /// The server answered the opening handshake without switching protocols; `status` is its HTTP
    /// status code when one arrived.
    case handshakeFailed(status: Int?, message: String)
    /// No connection, a lost connection, a TLS failure or a connect timeout.
    case network(String)
    /// The server closed the connection with this code and reason.
    case closed(code: WebSocketCloseCode, reason: String)
    /// No pong came back within the keep-alive timeout (seconds), so the connection was dropped.
    case pingTimeout(TimeInterval)
    /// Reconnection gave up after this many attempts; `lastError` is why the last one failed.
    case reconnectionFailed(attempts: Int, lastError: String)
    /// A message was sent while no connection was open: before connecting, while reconnecting or after
    /// closing.
    case notConnected
    /// A model could not be written as JSON for sending.
    case unencodable(MappingError)
    /// The operation was cancelled.
    case cancelled

    /// One sentence.
    public var description: String {
        switch self {
        case .unsupported(let message):
            "WebSocket is not supported here: \(message)"
        case .invalidRequest(let message):
            "The WebSocket request could not be built: \(message)"
        case .handshakeFailed(let status, let message):
            "The WebSocket handshake failed\(status.map { " with HTTP status \($0)" } ?? ""): \(message)"
        case .network(let message):
            "The WebSocket connection failed: \(message)"
        case .closed(let code, let reason):
            "The server closed the WebSocket with code \(code)\(reason.isEmpty ? "" : " (\(reason))")."
        case .pingTimeout(let seconds):
            "No pong arrived within \(seconds) s of a keep-alive ping; the connection was dropped."
        case .reconnectionFailed(let attempts, let lastError):
            "Reconnecting the WebSocket failed after \(attempts) attempt\(attempts == 1 ? "" : "s"); the last error: \(lastError)"
        case .notConnected:
            "The WebSocket is not connected."
        case .unencodable(let error):
            "The message could not be written as JSON: \(error)"
        case .cancelled:
            "The WebSocket operation was cancelled."
        }
    }
}

extension WebSocketError {
    /// Any error as a ``WebSocketError``: cancellation is ``cancelled``, an ``APIError`` from building or
    /// adapting the request is ``invalidRequest(_:)``, anything else is ``network(_:)``.
    static func wrapping(_ error: any Error) -> WebSocketError {
        switch error {
        case let error as WebSocketError: error
        case is CancellationError: .cancelled
        case APIError.cancelled: .cancelled
        case let error as APIError: .invalidRequest(error.description)
        default: Task.isCancelled ? .cancelled : .network("\(error)")
        }
    }
}
