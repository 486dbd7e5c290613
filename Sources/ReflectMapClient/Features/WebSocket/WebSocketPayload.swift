import Foundation

/// One message as it travels on a WebSocket: a text frame or a binary frame (fragmented frames are
/// joined into one message before they get here).
public enum WebSocketPayload: Sendable, Equatable, CustomStringConvertible {
    /// A text frame's UTF-8 text.
    case text(String)
    /// A binary frame's bytes.
    case binary(Data)

    /// The message's bytes: the text as UTF-8, or the binary data as it is.
    public var data: Data {
        switch self {
        case .text(let text): Data(text.utf8)
        case .binary(let data): data
        }
    }

    /// The text for a text frame, `nil` for a binary one.
    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// A short description: the kind and size, and the start of a text.
    public var description: String {
        switch self {
        case .text(let text): "text(\(text.utf8.count) bytes: \(text.prefix(80).debugDescription))"
        case .binary(let data): "binary(\(data.count) bytes)"
        }
    }
}

/// A WebSocket close status code (RFC 6455 §7.4). Codes 4000–4999 are free for applications.
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The numeric code sent in the close frame.
    public var rawValue: UInt16

    /// Creates a close code.
    /// - Parameters:
    ///   - rawValue: The numeric code.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// 1000: the purpose of the connection is fulfilled.
    public static let normalClosure = WebSocketCloseCode(rawValue: 1000)
    /// 1001: the endpoint is going away (a server shutting down, a page closing).
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// 1002: the peer broke the protocol.
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// 1003: a kind of data the endpoint cannot accept.
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    /// 1005: the close frame carried no code (never sent, only reported).
    public static let noStatusReceived = WebSocketCloseCode(rawValue: 1005)
    /// 1006: the connection dropped without a close frame (never sent, only reported).
    public static let abnormalClosure = WebSocketCloseCode(rawValue: 1006)
    /// 1007: a message's data did not match its type (text that is not UTF-8).
    public static let invalidPayload = WebSocketCloseCode(rawValue: 1007)
    /// 1008: a message broke the endpoint's policy.
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// 1009: a message was too big to process.
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    /// 1011: the server hit an unexpected condition.
    public static let internalServerError = WebSocketCloseCode(rawValue: 1011)
    /// 1012: the server is restarting.
    public static let serviceRestart = WebSocketCloseCode(rawValue: 1012)
    /// 1013: the server is overloaded; try again later.
    public static let tryAgainLater = WebSocketCloseCode(rawValue: 1013)

    /// The number.
    public var description: String { String(rawValue) }

    /// The most bytes of reason a close frame holds: a control frame carries at most 125 bytes
    /// (RFC 6455 §5.5), and the code takes two.
    static let reasonLimit = 123

    /// The bytes of a close frame's reason as both connectors send it: the reason's UTF-8, cut to
    /// ``reasonLimit`` bytes at a scalar's boundary, so that what is sent stays valid UTF-8 as RFC 6455
    /// §5.5.1 requires.
    static func reasonBytes(_ reason: String) -> [UInt8] {
        let bytes = Array(reason.utf8)
        guard bytes.count > reasonLimit else { return bytes }
        var end = reasonLimit
        // `bytes[end]` is the first byte left out; while it continues a scalar (0b10xxxxxx), that scalar
        // started within the limit and would be cut, so it is left out whole. A `String`'s UTF-8 is
        // valid, so the scalar's lead byte is at most three bytes back, and `end` stays above 119.
        while bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return Array(bytes[..<end])
    }
}
