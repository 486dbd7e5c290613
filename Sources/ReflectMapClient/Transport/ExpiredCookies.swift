import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Deletes the cookies a response expires, from the session's cookie storage, after every response the
/// transport sees: redirects too, since the transport follows them itself.
///
/// FoundationNetworking (swift-corelibs-foundation, Swift 6.3) stores a cookie that a response expires
/// with `Max-Age=0` as a cookie with an empty value, and keeps sending it, so a sign-out that expires
/// the cookie would not take effect. A cookie expires when its `Max-Age` is zero or less, or, without
/// `Max-Age`, when its `Expires` date has passed (RFC 6265 §5.3). Cookies a response sets are stored by
/// the session itself, on every platform. On Apple platforms, where `URLSession` already deletes expired
/// cookies, this finds nothing left to delete.
enum ExpiredCookies {
    /// Deletes from `configuration`'s cookie storage every cookie that `response` expires.
    /// - Parameters:
    ///   - response: A response, a 3xx included.
    ///   - configuration: The configuration of the session that received it.
    static func delete(expiredBy response: HTTPURLResponse, in configuration: URLSessionConfiguration) {
        guard configuration.httpShouldSetCookies, let storage = configuration.httpCookieStorage,
            let url = response.url, let host = url.host?.lowercased(),
            let header = response.value(forHTTPHeaderField: "Set-Cookie")
        else { return }
        let now = Date()
        for expired in cookies(in: header).filter({ $0.isExpired(at: now) }) {
            let path = expired.path ?? defaultPath(of: url)
            for stored in storage.cookies ?? []
            where stored.name == expired.name && stored.path == path
                && domain(stored.domain, matches: host)
            {
                storage.deleteCookie(stored)
            }
        }
    }

    /// One `Set-Cookie` value: the name and the attributes that decide expiry and scope.
    struct SetCookie: Equatable {
        var name: String
        var maxAge: Int?
        var expires: Date?
        var path: String?

        func isExpired(at now: Date) -> Bool {
            if let maxAge { return maxAge <= 0 }
            return expires.map { $0 <= now } ?? false
        }
    }

    /// The cookies of a `Set-Cookie` header. Several headers arrive joined by commas; a comma inside an
    /// `Expires` date (`Thu, 01 Jan 1970 …`) is not followed by `name=`, which tells the two apart.
    /// A blank piece between two commas belongs to no cookie, and is dropped rather than added to the
    /// one before it.
    static func cookies(in header: String) -> [SetCookie] {
        var values: [String] = []
        for piece in header.split(separator: ",") where !piece.allSatisfy(\.isWhitespace) {
            if values.isEmpty || piece.prefix(while: { $0 != ";" }).contains("=") {
                values.append(String(piece))
            } else {
                values[values.count - 1] += "," + piece
            }
        }
        return values.compactMap(parse)
    }

    private static func parse(_ value: String) -> SetCookie? {
        var parts = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !parts.isEmpty, let equals = parts[0].firstIndex(of: "=") else { return nil }
        let name = String(parts[0][..<equals])
        guard !name.isEmpty else { return nil }
        parts.removeFirst()
        var cookie = SetCookie(name: name)
        for attribute in parts {
            let pair = attribute.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let key = pair.first?.lowercased() else { continue }
            let argument = pair.count > 1 ? pair[1] : ""
            switch key {
            case "max-age": cookie.maxAge = Int(argument) ?? cookie.maxAge
            case "expires": cookie.expires = HTTPDate.date(from: argument) ?? cookie.expires
            case "path" where argument.hasPrefix("/"): cookie.path = argument
            default: break
            }
        }
        return cookie
    }

    /// RFC 6265 §5.1.4: the directory of the request's path, as the request spelled it. (`URL.path`
    /// would drop a trailing slash, and so a directory: `/shop/cart/` is the directory `/shop/cart`.)
    private static func defaultPath(of url: URL) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// RFC 6265 §5.1.3, for the domains `HTTPCookieStorage` records (`example.com` or `.example.com`).
    private static func domain(_ domain: String, matches host: String) -> Bool {
        let domain = domain.lowercased().drop { $0 == "." }
        return host == domain || host.hasSuffix("." + domain)
    }
}
