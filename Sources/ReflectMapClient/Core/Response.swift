import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A successful response: the mapped value with the status code, headers and final URL, for `ETag`,
/// `Link` pagination and rate-limit headers.
///
/// ```swift
/// let page = try await service.send(Request(BookRouter.list(page: 1), as: [Book].self))
/// let next = page.header("link")          // case-insensitive
/// let books = page.value
/// ```
public struct Response<Value> {
    /// The mapped body (or the raw `Data`, the `String`, or the downloaded file's URL).
    public var value: Value
    /// The HTTP status code.
    public var statusCode: Int
    /// The response headers, as the server sent them.
    public var headers: [String: String]
    /// The URL that answered, after any redirects.
    public var url: URL?

    /// Creates a response.
    /// - Parameters:
    ///   - value: The body's value.
    ///   - statusCode: The HTTP status code.
    ///   - headers: The response headers.
    ///   - url: The URL that answered.
    public init(value: Value, statusCode: Int, headers: [String: String], url: URL?) {
        self.value = value
        self.statusCode = statusCode
        self.headers = headers
        self.url = url
    }

    /// A header's value, looked up without regard to case.
    /// - Parameters:
    ///   - name: The header's name, in any capitalisation.
    /// - Returns: The header's value, or `nil` when there is none.
    public func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        return headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

}

extension Response: Sendable where Value: Sendable {}

extension Response {
    /// The status, headers and URL of an HTTP response, with the value read from it.
    init(_ value: Value, _ response: HTTPURLResponse) {
        self.init(value: value, statusCode: response.statusCode, headers: response.stringHeaders, url: response.url)
    }
}

extension HTTPURLResponse {
    /// `allHeaderFields` as strings.
    var stringHeaders: [String: String] {
        var headers: [String: String] = [:]
        for (key, value) in allHeaderFields {
            headers["\(key)"] = "\(value)"
        }
        return headers
    }

    /// The charset parameter of a `Content-Type`, as a `String.Encoding`; UTF-8 when there is none.
    static func textEncoding(for contentType: String) -> String.Encoding {
        let type = contentType.lowercased()
        guard let range = type.range(of: "charset=") else { return .utf8 }
        let charset = type[range.upperBound...].prefix { $0 != ";" }.trimmingCharacters(
            in: CharacterSet(charactersIn: "\" "))
        switch charset {
        case "iso-8859-1", "latin1", "latin-1": return .isoLatin1
        case "us-ascii", "ascii": return .ascii
        case "utf-16": return .utf16
        case "windows-1252", "cp1252": return .windowsCP1252
        default: return .utf8
        }
    }
}
