import Foundation
import ReflectMap
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
    static func next(
        after response: HTTPURLResponse, for request: URLRequest
    ) -> (request: URLRequest, keepsBody: Bool)? {
        let status = response.statusCode
        guard [301, 302, 303, 307, 308].contains(status),
            let location = response.value(forHTTPHeaderField: "Location"),
            let current = request.url,
            let target = URLText.resolve(location, against: current),
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
            || current.port != target.port
        {
            next.setValue(nil, forHTTPHeaderField: "Authorization")
            next.setValue(nil, forHTTPHeaderField: "Cookie")
        }
        return (next, keepsBody)
    }
}

extension RedirectPolicy {
    /// The request to send after `response` when it is a redirect this policy follows, else `nil`.
    func request(after response: HTTPURLResponse, for request: PreparedRequest) -> PreparedRequest? {
        guard self == .follow, let next = Self.next(after: response, for: request.urlRequest) else { return nil }
        return PreparedRequest(urlRequest: next.request, bodyFile: next.keepsBody ? request.bodyFile : nil)
    }

    /// The redirect loop of every transport and every kind of call: sends `request` with `hop`, and
    /// while the response is a redirect this policy follows, drops that response's payload with
    /// `discard` and sends the next request; more than ``limit`` redirects fail with
    /// `URLError(.httpTooManyRedirects)`.
    func follow<Payload>(
        _ request: PreparedRequest,
        hop: (PreparedRequest) async throws -> (Payload, HTTPURLResponse),
        discard: (Payload) -> Void = { _ in }
    ) async throws -> (Payload, HTTPURLResponse) {
        var current = request
        for _ in 0...Self.limit {
            let (payload, response) = try await hop(current)
            guard let next = self.request(after: response, for: current) else { return (payload, response) }
            discard(payload)
            current = next
        }
        throw URLError(.httpTooManyRedirects)
    }

    /// A download under this policy: each hop writes its body with `transfer` into a new file in
    /// `directory`, which is removed when the hop fails or redirects.
    func download(
        _ request: PreparedRequest, into directory: URL,
        transfer: (PreparedRequest, URL) async throws -> HTTPURLResponse
    ) async throws -> (URL, HTTPURLResponse) {
        try await follow(
            request,
            hop: { current in
                let file = directory.appendingPathComponent(".reflectmap-download-\(UUID().uuidString)")
                guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                    throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path])
                }
                do {
                    return (file, try await transfer(current, file))
                } catch {
                    try? FileManager.default.removeItem(at: file)
                    throw error
                }
            }, discard: { file in try? FileManager.default.removeItem(at: file) })
    }
}
