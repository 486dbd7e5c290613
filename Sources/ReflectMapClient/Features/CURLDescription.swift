import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// The request as a `curl` command line, for logs: method, headers (sorted by name) and a UTF-8
    /// body, each shell-quoted. A body that is not UTF-8, or that streams from a file, is summarised.
    public var cURLDescription: String {
        var parts = ["curl"]
        let method = httpMethod ?? "GET"
        if method != "GET" { parts.append("-X \(Self.quote(method))") }
        for (name, value) in (allHTTPHeaderFields ?? [:]).sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            parts.append("-H \(Self.quote("\(name): \(value)"))")
        }
        if let body = httpBody, !body.isEmpty {
            if let text = String(data: body, encoding: .utf8) {
                parts.append("--data-raw \(Self.quote(text))")
            } else {
                parts.append("--data-binary @- # \(body.count) bytes, not UTF-8")
            }
        }
        parts.append(Self.quote(url?.absoluteString ?? ""))
        return parts.joined(separator: " \\\n\t")
    }

    /// Single-quotes for a POSIX shell; an embedded `'` becomes `'\''`.
    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
