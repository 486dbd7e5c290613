/// An HTTP request method.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"
    case head = "HEAD"

    /// Whether repeating the request has the same effect as sending it once (RFC 9110).
    public var isIdempotent: Bool {
        self != .post && self != .patch
    }
}
