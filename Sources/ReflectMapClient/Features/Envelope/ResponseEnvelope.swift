import Foundation
import ReflectMap

/// How a backend wraps its responses: where the value is, how a response that failed says so while
/// its status is 2xx, and where that error's code and message are.
///
/// Many APIs answer 200 and put the outcome in the body: `{"data": …, "error": {"code": 1002,
/// "message": "token expired"}}`, `{"code": 40001, "msg": "…", "data": …}`, `{"success": false, …}`.
/// With an envelope, such a response fails with ``APIError/envelopeError(_:)``, carrying the
/// server's code and message, instead of a mapping error about a `null` model. A response whose
/// envelope says success maps its value, at ``valuePath``.
///
/// ```swift
/// let configuration = ServiceConfiguration(
///     envelope: ResponseEnvelope(value: "data", error: .member("error"), code: "error.code", message: "error.message")
/// )
/// ```
///
/// Set it on the ``ServiceConfiguration`` for every call, and override it per endpoint
/// (``Endpoint/envelope``), where ``ResponseEnvelope/none`` turns it off. Every call form honours it:
/// `async`, callbacks and ``APIService/send(_:)``, for a model; `Data` and `String` are the body as it
/// arrived. A status the configuration does not accept
/// is still ``APIError/unacceptableStatus(code:headers:body:)``.
public struct ResponseEnvelope: Sendable, Equatable {
    /// How a response says it failed.
    public enum ErrorSignal: Sendable, Equatable {
        /// A member at this key path that is present and not `null`: `{"error": {…}}`.
        case member(String)
        /// A code at this key path whose value is not one of `success`, compared as text (`0` and
        /// `"0"` are both `"0"`). A response without the code is not an error.
        case code(String, success: Set<String>)
        /// A Boolean at this key path that is `false`: `{"success": false}`. A response without it
        /// is not an error.
        case flag(String)
    }

    /// The key path of the value to map, such as `"data"`; `nil` for the whole body. An endpoint's
    /// own ``Endpoint/keyPath`` wins over it.
    public var valuePath: String?
    /// How an error is recognised.
    public var error: ErrorSignal
    /// The key path of the error's code, as the server sent it.
    public var codePath: String?
    /// The key path of the error's message.
    public var messagePath: String?
    /// The key path of the error member that ``APIError/errorModel(as:using:)`` maps; `nil` maps the
    /// whole body.
    public var errorModelPath: String?
    /// Whether this is ``none``.
    let isNone: Bool

    /// Describes an envelope.
    ///
    /// - Parameters:
    ///   - value: The key path of the value to map, `"data"` by default; `nil` for the whole body.
    ///   - error: How an error is recognised.
    ///   - code: The key path of the error's code.
    ///   - message: The key path of the error's message.
    ///   - errorModel: The key path of the error member that `errorModel(as:)` maps. By default the
    ///     member that ``ErrorSignal/member(_:)`` names, else the whole body.
    public init(
        value: String? = "data", error: ErrorSignal, code: String? = nil, message: String? = nil,
        errorModel: String? = nil
    ) {
        self.valuePath = value
        self.error = error
        self.codePath = code
        self.messagePath = message
        if let errorModel {
            self.errorModelPath = errorModel
        } else if case .member(let path) = error {
            self.errorModelPath = path
        } else {
            self.errorModelPath = nil
        }
        isNone = false
    }

    private init(none: Void) {
        valuePath = nil
        error = .flag("")
        codePath = nil
        messagePath = nil
        errorModelPath = nil
        isNone = true
    }

    /// No envelope: for an endpoint of a service that has one, whose responses are not wrapped.
    public static let none = ResponseEnvelope(none: ())

    /// `{"data": …, "error": {"code": …, "message": …}}`: an error member that is present and not
    /// `null`, with its code and message inside.
    public static let dataError = ResponseEnvelope(
        value: "data", error: .member("error"), code: "error.code", message: "error.message"
    )

    /// The key paths whose values decide the verdict, in the order
    /// ``failure(captured:body:status:)`` takes them: the signal's, then the code's and the message's
    /// when they are set. They are read in the reading that maps the body.
    var verdictPaths: [String] {
        if isNone { return [] }
        let signal =
            switch error {
            case .member(let path), .code(let path, _), .flag(let path): path
            }
        return [signal] + [codePath, messagePath].compactMap { $0 }
    }

    /// The failure a 2xx response's body declares, from the values at ``verdictPaths`` (`nil` where a
    /// path led nowhere), or `nil` when it declares success.
    func failure(captured: ArraySlice<JSONValue?>, body: Data, status: Int) -> EnvelopeFailure? {
        if isNone { return nil }
        var values = captured.makeIterator()
        let signal = values.next() ?? nil
        let code = codePath == nil ? nil : values.next() ?? nil
        let message = messagePath == nil ? nil : values.next() ?? nil
        let failed: Bool
        switch error {
        case .member:
            failed = signal.map { $0 != .null } ?? false
        case .code(_, let success):
            failed = signal.flatMap(\.scalarText).map { !success.contains($0) } ?? false
        case .flag:
            failed = signal == .bool(false)
        }
        guard failed else { return nil }
        return EnvelopeFailure(
            status: status, code: code, message: message, body: body, errorModelPath: errorModelPath)
    }
}

/// What a 2xx response's envelope said about its failure: the status, the server's code and message
/// as it sent them, and the body.
public struct EnvelopeFailure: Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status, a 2xx.
    public let status: Int
    /// The server's code, as it sent it (a number or a string), when the envelope has one.
    public let code: JSONValue?
    /// The server's message, as it sent it, when the envelope has one.
    public let message: JSONValue?
    /// The whole body.
    public let body: Data
    /// Where the error member is, for ``APIError/errorModel(as:using:)``.
    let errorModelPath: String?

    /// The message as text: a string as it is, a number or Bool as JSON spells it.
    public var messageText: String? { message.flatMap(\.scalarText) }

    /// The code as text: `1002` for the number, `"E42"` for the string.
    public var codeText: String? { code.flatMap(\.scalarText) }

    /// One sentence with the code and message.
    public var description: String {
        let code = codeText.map { " \($0)" } ?? ""
        let message = messageText.map { ": \($0)" } ?? ""
        return "The server answered \(status) with error\(code)\(message)"
    }
}
