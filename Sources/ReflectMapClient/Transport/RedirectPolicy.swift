import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Whether a service follows HTTP redirects.
///
/// The client follows redirects itself rather than leaving them to FoundationNetworking, which re-sends
/// a 307 or 308 `POST` without its body. Followed the way browsers do:
/// - 307 and 308 keep the method and the body;
/// - 303 turns any method but `HEAD` into a `GET` without a body;
/// - 301 and 302 turn a `POST` into a `GET` without a body, and keep other methods;
/// - `Authorization` and `Cookie` are dropped when the redirect leaves the origin;
/// - more than 20 redirects fail with `URLError(.httpTooManyRedirects)`.
public enum RedirectPolicy: Sendable, Equatable {
    /// Follow redirects (the default).
    case follow
    /// Return the 3xx response itself. It fails validation unless its code is acceptable.
    case doNotFollow

    /// The most redirects followed for one request.
    static let limit = 20

    /// The request to send after `response`, or `nil` when it is not a redirect to follow.
    /// `keepsBody` says whether the body (in memory or in a file) goes with it.
    static func next(after response: HTTPURLResponse, for request: URLRequest) -> (request: URLRequest, keepsBody: Bool)? {
        let status = response.statusCode
        guard [301, 302, 303, 307, 308].contains(status),
              let location = response.value(forHTTPHeaderField: "Location"),
              let current = request.url,
              let target = URL(string: location, relativeTo: current)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        var next = request
        next.url = target
        let method = (request.httpMethod ?? "GET").uppercased()
        var keepsBody = true
        if (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST") {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
            next.setValue(nil, forHTTPHeaderField: "Content-Length")
            keepsBody = false
        }
        if current.scheme?.lowercased() != scheme || current.host?.lowercased() != target.host?.lowercased()
            || current.port != target.port {
            next.setValue(nil, forHTTPHeaderField: "Authorization")
            next.setValue(nil, forHTTPHeaderField: "Cookie")
        }
        return (next, keepsBody)
    }
}
