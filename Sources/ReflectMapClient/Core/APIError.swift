import Foundation
import ReflectMap

/// Why a call failed. Every error a service's HTTP calls throw or report is one of these; its WebSockets
/// use ``WebSocketError``.
public enum APIError: Error, CustomStringConvertible, Sendable {
    /// The call was cancelled (``APICall/cancel()``, ``APIService/cancelAll()``, or task cancellation).
    case cancelled
    /// The request never got a response: no connection, a timeout, a TLS failure.
    /// `code` is the `URLError` code when there is one.
    case network(message: String, code: Int?)
    /// The server answered with a status code the configuration does not accept.
    case unacceptableStatus(code: Int, headers: [String: String], body: Data)
    /// The response body could not be mapped into the response class; the error has the JSON path.
    case undecodable(MappingError, body: Data)
    /// The request could not be built: a bad URL, or a body that cannot be written as JSON.
    case invalidRequest(String)
    /// The status was 2xx, but the body's envelope says the call failed (``ResponseEnvelope``): the
    /// failure carries the server's code and message as it sent them, and the body.
    case envelopeError(EnvelopeFailure)
    /// The server of a pinned host presented a certificate whose public key matches none of the host's
    /// pins (``ServiceConfiguration/publicKeyPins``). The connection was closed before any byte of the
    /// request was sent. Never retried.
    case publicKeyPinMismatch(host: String)
    /// The configuration pins public keys, but its transport cannot check them (``URLSessionTransport``
    /// on Linux, or a transport made without the same pins). Reported by
    /// ``APIService/init(baseURL:validating:)`` at creation, and by every call of a service made with
    /// ``APIService/init(baseURL:configuration:)``, which sends nothing.
    case publicKeyPinningUnavailable(String)

    /// Whether the error ends the call whatever the interceptors and the retry policy say: a
    /// cancellation (``cancelled``), and a pin that fails or cannot be checked
    /// (``publicKeyPinMismatch(host:)``, ``publicKeyPinningUnavailable(_:)``), which sending again
    /// cannot change and which must not open another connection to the wrong server. No
    /// ``RequestInterceptor/retry(_:failedWith:attempt:)`` is asked about a final error.
    public var isFinal: Bool {
        switch self {
        case .cancelled, .publicKeyPinMismatch, .publicKeyPinningUnavailable: true
        default: false
        }
    }

    /// The HTTP status code, for ``unacceptableStatus(code:headers:body:)`` and
    /// ``envelopeError(_:)``.
    public var statusCode: Int? {
        switch self {
        case .unacceptableStatus(let code, _, _): code
        case .envelopeError(let failure): failure.status
        default: nil
        }
    }

    /// A response header, looked up without regard to case (`allHeaderFields` on Linux is case-sensitive).
    /// - Parameters:
    ///   - name: The header's name, in any capitalisation.
    /// - Returns: The header's value, or `nil` when there is none or the error has no response.
    public func header(_ name: String) -> String? {
        guard case .unacceptableStatus(_, let headers, _) = self else { return nil }
        return headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The raw response body, when there was one.
    public var body: Data? {
        switch self {
        case .unacceptableStatus(_, _, let body), .undecodable(_, let body): body
        case .envelopeError(let failure): failure.body
        default: nil
        }
    }

    /// The error body mapped into the app's error class, such as `{statusCode, message[], error}` on
    /// a 403, or an envelope's error member (``envelopeError(_:)``), without sending the request again. `nil` when there is no body or it is not a JSON object
    /// that maps (an HTML 502 page, say).
    /// - Parameters:
    ///   - type: The app's error class.
    ///   - mapper: The mapper to map it with.
    /// - Returns: The mapped error model, or `nil`.
    public func errorModel<T: Mappable>(as type: T.Type, using mapper: JSONMapper = JSONMapper()) -> T? {
        guard let body, !body.isEmpty else { return nil }
        // An envelope's error is its error member, when the envelope names one.
        if case .envelopeError(let failure) = self, let path = failure.errorModelPath {
            return try? mapper.map(T.self, from: body, at: path)
        }
        return try? mapper.map(T.self, from: body)
    }

    /// One sentence.
    public var description: String {
        switch self {
        case .cancelled:
            "The request was cancelled."
        case .network(let message, let code):
            "The request failed before a response arrived\(code.map { " (URLError \($0))" } ?? ""): \(message)"
        case .unacceptableStatus(let code, _, let body):
            "The server answered \(code) with \(body.count) bytes."
        case .undecodable(let error, _):
            "The response could not be mapped: \(error)"
        case .invalidRequest(let message):
            "The request could not be built: \(message)"
        case .envelopeError(let failure):
            "\(failure)."
        case .publicKeyPinMismatch(let host):
            "The certificate of \(host) carries a public key that matches none of its pins; nothing was sent."
        case .publicKeyPinningUnavailable(let reason):
            "Public-key pins cannot be enforced: \(reason)"
        }
    }
}

extension APIError {
    /// How much of a failed response's body an error keeps when the body streams (a stream, a download):
    /// its first 1 MiB. The rest is not read.
    static let streamedBodyLimit = 1 << 20

    /// An error from building a request, as an ``APIError``.
    static func wrapping(_ error: any Error) -> APIError {
        (error as? APIError) ?? .invalidRequest("\(error)")
    }

    /// An error from a transport, as an ``APIError``: cancellation is ``cancelled``, anything else
    /// ``network(message:code:)``.
    static func transport(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as URLError where error.code == .cancelled:
            return .cancelled
        case is CancellationError:
            return .cancelled
        case let error as URLError:
            return Task.isCancelled
                ? .cancelled : .network(message: error.localizedDescription, code: error.code.rawValue)
        default:
            return Task.isCancelled ? .cancelled : .network(message: "\(error)", code: nil)
        }
    }
}

/// An empty response class, for 204 and other calls whose body does not matter.
public struct Empty: Mappable, Sendable, Equatable {
    /// Creates the empty value.
    public init() {}
}
