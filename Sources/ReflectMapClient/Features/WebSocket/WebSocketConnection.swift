import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One open WebSocket connection, the small protocol that ``MappedWebSocket`` drives.
///
/// ``URLSessionWebSocketConnector`` and, with the `NIOWebSocket` package trait,
/// `NIOWebSocketConnector` make them; a test can supply its own.
public protocol WebSocketConnection: AnyObject, Sendable {
    /// The messages the peer sends, in order. Read it once. It finishes without an error after
    /// ``close(code:reason:)``, and throws ``WebSocketError/closed(code:reason:)`` when the peer closes,
    /// or another ``WebSocketError`` when the connection fails.
    var incoming: AsyncThrowingStream<WebSocketPayload, any Error> { get }

    /// Sends one message.
    /// - Parameters:
    ///   - payload: The text or binary message.
    /// - Throws: ``WebSocketError``, such as ``WebSocketError/notConnected`` after the connection closed.
    func send(_ payload: WebSocketPayload) async throws

    /// Sends a ping and returns when its pong arrives.
    /// - Throws: ``WebSocketError`` when the connection closes first.
    func ping() async throws

    /// Closes the connection: sends a close frame, waits briefly for the peer's, then drops the
    /// connection. ``incoming`` finishes. Calling it again does nothing.
    /// - Parameters:
    ///   - code: The close code to send.
    ///   - reason: A short reason. At most 123 bytes of its UTF-8 are sent, cut before a Unicode scalar
    ///     that would not fit whole.
    func close(code: WebSocketCloseCode, reason: String) async
}

/// Opens WebSocket connections.
public protocol WebSocketConnector: Sendable {
    /// Performs the opening handshake for the request and returns the open connection.
    /// - Parameters:
    ///   - request: A `GET` request with a `ws` or `wss` URL and the headers to send (auth, say); its
    ///     `timeoutInterval` bounds the handshake.
    /// - Returns: The open connection.
    /// - Throws: ``WebSocketError``: ``WebSocketError/handshakeFailed(status:message:)`` when the server
    ///   refuses, ``WebSocketError/network(_:)`` when it cannot be reached,
    ///   ``WebSocketError/unsupported(_:)`` when this connector cannot work on this platform.
    func connect(_ request: URLRequest) async throws -> any WebSocketConnection
}

/// The connector used when ``WebSocketOptions/connector`` is `nil`, and the limits both routes share.
enum DefaultWebSocketConnector {
    /// A requested message-size limit, kept between 1 KiB and 4 GiB − 1, the largest a frame's length
    /// can name for SwiftNIO's decoder, or `Size.max` where that is smaller (`Int` on a 32-bit platform
    /// such as watchOS on arm64_32, where `Int(UInt32.max)` would trap).
    static func clampedMessageSize<Size: FixedWidthInteger & SignedInteger>(_ size: Size) -> Size {
        max(1 << 10, min(size, Size(clamping: UInt32.max)))
    }

    /// One connector for all sockets that do not name theirs.
    static let shared: any WebSocketConnector = make()

    /// SwiftNIO with the `NIOWebSocket` trait (the route that works on Linux), otherwise
    /// `URLSessionWebSocketTask`.
    static func make() -> any WebSocketConnector {
        #if NIOWebSocket
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            return NIOWebSocketConnector()
        }
        #endif
        return URLSessionWebSocketConnector()
    }
}
