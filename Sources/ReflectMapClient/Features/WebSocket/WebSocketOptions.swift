import Foundation
import ReflectMap

/// How a ``MappedWebSocket`` connects, keeps alive and reconnects.
public struct WebSocketOptions: Sendable {
    /// Headers for the opening handshake, on top of the service's headers and before its interceptors
    /// adapt the request.
    public var headers: [String: String]
    /// Seconds between keep-alive pings; `nil` (the default) sends none.
    public var pingInterval: TimeInterval?
    /// Seconds to wait for a ping's pong before the connection counts as dead and is dropped
    /// (then reconnected when ``reconnection`` is set, otherwise the stream ends with
    /// ``WebSocketError/pingTimeout(_:)``).
    public var pingTimeout: TimeInterval
    /// Automatic reconnection; `nil` (the default) never reconnects.
    public var reconnection: WebSocketReconnection?
    /// Opens connections; `nil` uses SwiftNIO when the `NIOWebSocket` trait is enabled, and
    /// `URLSessionWebSocketTask` otherwise.
    public var connector: (any WebSocketConnector)?

    /// Creates options.
    /// - Parameters:
    ///   - headers: Headers for the opening handshake.
    ///   - pingInterval: Seconds between keep-alive pings; `nil` sends none.
    ///   - pingTimeout: Seconds to wait for a pong.
    ///   - reconnection: Automatic reconnection; `nil` never reconnects.
    ///   - connector: Opens connections; `nil` picks the platform's route.
    public init(
        headers: [String: String] = [:],
        pingInterval: TimeInterval? = nil,
        pingTimeout: TimeInterval = 10,
        reconnection: WebSocketReconnection? = nil,
        connector: (any WebSocketConnector)? = nil
    ) {
        self.headers = headers
        self.pingInterval = pingInterval
        self.pingTimeout = pingTimeout
        self.reconnection = reconnection
        self.connector = connector
    }
}

/// When a dropped WebSocket is opened again, and what runs after it is.
///
/// A connection counts as dropped when it fails, a keep-alive ping times out, or the server closes it
/// with any code but 1000 (normal closure). Closing it yourself never reconnects. The wait before
/// attempt *n* is ``initialDelay`` × ``multiplier``^(*n* − 1), at most ``maximumDelay``; after
/// ``maximumAttempts`` failed attempts in a row the stream ends with
/// ``WebSocketError/reconnectionFailed(attempts:lastError:)``. A successful reconnection starts the count
/// again.
public struct WebSocketReconnection: Sendable {
    /// Failed attempts in a row before giving up.
    public var maximumAttempts: Int
    /// Seconds before the first attempt.
    public var initialDelay: TimeInterval
    /// Each later wait is the previous one times this.
    public var multiplier: Double
    /// The longest wait, in seconds.
    public var maximumDelay: TimeInterval
    /// Runs after each reconnection, before any message of the new connection is delivered: send
    /// subscriptions again here. Throwing counts as a failed attempt.
    public var resubscribe: (@Sendable (any WebSocketSender) async throws -> Void)?

    /// Creates a reconnection policy.
    /// - Parameters:
    ///   - maximumAttempts: Failed attempts in a row before giving up.
    ///   - initialDelay: Seconds before the first attempt.
    ///   - multiplier: Each later wait is the previous one times this.
    ///   - maximumDelay: The longest wait, in seconds.
    ///   - resubscribe: Runs after each reconnection; it can send on the new connection.
    public init(
        maximumAttempts: Int = 5,
        initialDelay: TimeInterval = 0.5,
        multiplier: Double = 2,
        maximumDelay: TimeInterval = 30,
        resubscribe: (@Sendable (any WebSocketSender) async throws -> Void)? = nil
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.resubscribe = resubscribe
    }

    /// The wait before attempt `attempt` (1-based), in seconds.
    func delay(before attempt: Int) -> TimeInterval {
        let raw = initialDelay * pow(multiplier, Double(max(0, attempt - 1)))
        guard raw.isFinite else { return max(0, maximumDelay) }
        return max(0, min(raw, maximumDelay))
    }
}

/// What a resubscribe hook can do: send on the connection just opened.
public protocol WebSocketSender: Sendable {
    /// Sends a model as a JSON text frame, written with the service's mapper.
    /// - Parameters:
    ///   - model: The message.
    /// - Throws: ``WebSocketError``.
    func send(_ model: some Mappable) async throws

    /// Sends a message as it is.
    /// - Parameters:
    ///   - payload: A text or binary message.
    /// - Throws: ``WebSocketError``.
    func send(_ payload: WebSocketPayload) async throws
}
