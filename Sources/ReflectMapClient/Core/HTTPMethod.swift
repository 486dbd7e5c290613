/// An HTTP request method: an open set, as in Alamofire and Get.
///
/// The standard methods are static members (`.get`, `.post`, …); any other token works too:
///
/// ```swift
/// let purge = HTTPMethod(rawValue: "PURGE")
/// let report: HTTPMethod = "REPORT"
/// ```
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CaseIterable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The method's token, as sent on the request line (`"GET"`).
    public let rawValue: String

    /// Creates a method from its token.
    /// - Parameters:
    ///   - rawValue: The token, sent as it is; methods are case-sensitive (RFC 9110 §9.1).
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a method from a string literal.
    /// - Parameters:
    ///   - value: The token.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// `GET`
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `OPTIONS`
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `TRACE`
    public static let trace = HTTPMethod(rawValue: "TRACE")
    /// `CONNECT`
    public static let connect = HTTPMethod(rawValue: "CONNECT")

    /// The standard methods of RFC 9110 and RFC 5789.
    public static let allCases: [HTTPMethod] = [.get, .post, .put, .patch, .delete, .head, .options, .trace, .connect]

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2).
    /// Methods outside the standard set are not assumed to be.
    public var isIdempotent: Bool {
        [HTTPMethod.get, .head, .options, .trace, .put, .delete].contains(self)
    }

    /// The token.
    public var description: String { rawValue }
}
