import Foundation

/// The one rule by which text becomes a `URL`, the same on every OS.
///
/// `URL(string:)` percent-encodes a space or a non-ASCII character on Linux and on Apple OSes from
/// iOS 17 and macOS 14, and returns `nil` for them on iOS 15 and 16. So the text is encoded here
/// first, RFC 3986's way, component by component, and `URL(string:)` only ever sees valid text:
/// - a byte that the component cannot hold (a space, a non-ASCII character's UTF-8 bytes, `"`, `<`,
///   `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`, a control character) becomes `%XX`;
/// - a `%` that starts a valid escape stays; any other `%` becomes `%25`;
/// - `[` and `]` stay only in the authority (an IPv6 host); a second `#` is encoded.
///
/// A host that is not ASCII takes its IDNA form first (``HostName``), as `URL(string:)` gives it on
/// iOS 17: `https://bücher.de` becomes `https://xn--bcher-kva.de`.
///
/// Valid text passes through unchanged, so `https://cdn.example.com/a b.png` becomes
/// `https://cdn.example.com/a%20b.png` and `users/José` becomes `users/Jos%C3%A9` everywhere.
package enum URLText {
    /// The URL the text spells, after encoding what no URL can hold, or `nil` when it still is not one
    /// (the empty string, or a malformed port).
    ///
    /// - Parameters:
    ///   - text: A URL or a reference relative to `base`.
    ///   - base: The URL a relative reference is resolved against.
    package static func url(_ text: String, relativeTo base: URL? = nil) -> URL? {
        URL(string: encoded(text), relativeTo: base)
    }

    /// The text with its host in ASCII form (``HostName``) and every byte its component cannot hold
    /// percent-encoded.
    package static func encoded(_ text: String) -> String {
        let text = withASCIIHost(text)
        let bytes = Array(text.utf8)
        let parts = Parts(bytes)
        // Most texts are valid already: give them back as they are.
        guard let first = bytes.indices.first(where: { !parts.allows(bytes[$0], at: $0, in: bytes) }) else {
            return text
        }
        var output = Array(bytes[..<first])
        output.reserveCapacity(bytes.count + 16)
        for index in first..<bytes.count {
            let byte = bytes[index]
            if parts.allows(byte, at: index, in: bytes) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The text with its authority's host in IDNA's ASCII form when the host is not ASCII; the user
    /// information before an `@` and the port after a `:` are left to be percent-encoded.
    private static func withASCIIHost(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let authority = Parts(bytes).authority
        guard !authority.isEmpty, bytes[authority].contains(where: { $0 >= 0x80 }) else { return text }
        var start = authority.lowerBound + 2
        if let at = bytes[start..<authority.upperBound].lastIndex(of: UInt8(ascii: "@")) { start = at + 1 }
        var end = authority.upperBound
        if bytes[start..<end].first != UInt8(ascii: "["),
            let colon = bytes[start..<end].lastIndex(of: UInt8(ascii: ":"))
        {
            end = colon
        }
        let host = String(decoding: bytes[start..<end], as: UTF8.self)
        guard host.utf8.contains(where: { $0 >= 0x80 }), let ascii = HostName.ascii(host) else { return text }
        return String(decoding: bytes[..<start], as: UTF8.self) + ascii + String(decoding: bytes[end...], as: UTF8.self)
    }

    /// Where a reference's authority, query and fragment begin (RFC 3986, section 3).
    private struct Parts {
        /// The authority's bytes, the `//` included; empty when there is none.
        var authority: Range<Int> = 0..<0
        /// Where the query's `?` stands, or the end.
        var query: Int
        /// Where the fragment's `#` stands, or the end.
        var fragment: Int

        init(_ bytes: [UInt8]) {
            let hierarchy = URLText.schemeLength(bytes).map { $0 + 1 } ?? 0
            fragment = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
            query = bytes[..<fragment].firstIndex(of: UInt8(ascii: "?")) ?? fragment
            if hierarchy + 1 < bytes.count, bytes[hierarchy] == UInt8(ascii: "/"),
                bytes[hierarchy + 1] == UInt8(ascii: "/")
            {
                let end = bytes[(hierarchy + 2)..<query].firstIndex(of: UInt8(ascii: "/")) ?? query
                authority = hierarchy..<end
            }
        }

        /// Whether the byte at `index` may stand there as it is.
        func allows(_ byte: UInt8, at index: Int, in bytes: [UInt8]) -> Bool {
            if byte == UInt8(ascii: "%") {
                return index + 2 < bytes.count && URLText.isHex(bytes[index + 1]) && URLText.isHex(bytes[index + 2])
            }
            guard byte < 0x80, URLText.isURLCharacter(byte) else { return false }
            // Brackets belong to an IPv6 host; the first `#` opens the fragment, and no other may follow.
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") { return authority.contains(index) }
            if byte == UInt8(ascii: "#") { return index == fragment }
            return true
        }
    }

    /// The length of the reference's `scheme` before its `:`, or `nil` when it has none.
    /// (RFC 3986: a letter, then letters, digits, `+`, `-` or `.`.)
    private static func schemeLength(_ bytes: [UInt8]) -> Int? {
        guard let first = bytes.first, isLetter(first) else { return nil }
        for (index, byte) in bytes.enumerated().dropFirst() {
            if byte == UInt8(ascii: ":") { return index }
            guard
                isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { return nil }
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }

    /// RFC 3986's unreserved and reserved characters: the ASCII bytes some component can hold.
    private static func isURLCharacter(_ byte: UInt8) -> Bool {
        if isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) { return true }
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }
}

// MARK: - Reference resolution (RFC 3986, section 5)

extension URLText {
    /// The target of a URI reference resolved against a base URI, by RFC 3986 section 5.2's algorithm,
    /// so that every OS resolves alike rather than by its own Foundation's rules, then made a `URL` by
    /// ``url(_:relativeTo:)``.
    ///
    /// - Parameters:
    ///   - reference: An absolute URI or a relative reference, such as `../items?page=2`.
    ///   - base: The absolute URI it is relative to: the URL that was requested.
    package static func resolve(_ reference: String, against base: URL) -> URL? {
        url(resolved(reference, against: base.absoluteString))
    }

    /// The resolved text: RFC 3986 section 5.2.2, with section 5.2.4's dot-segment removal.
    package static func resolved(_ reference: String, against base: String) -> String {
        let r = Reference(reference)
        let b = Reference(base)
        var target = Reference()
        if let scheme = r.scheme {
            target = r
            target.scheme = scheme
            target.path = removingDotSegments(r.path)
        } else {
            if r.authority != nil {
                target.authority = r.authority
                target.path = removingDotSegments(r.path)
                target.query = r.query
            } else {
                if r.path.isEmpty {
                    target.path = b.path
                    target.query = r.query ?? b.query
                } else {
                    if r.path.hasPrefix("/") {
                        target.path = removingDotSegments(r.path)
                    } else {
                        target.path = removingDotSegments(merge(base: b, path: r.path))
                    }
                    target.query = r.query
                }
                target.authority = b.authority
            }
            target.scheme = b.scheme
        }
        target.fragment = r.fragment
        return target.text
    }

    /// A URI reference split into its five components (RFC 3986, appendix B).
    private struct Reference {
        var scheme: String?
        var authority: String?
        var path = ""
        var query: String?
        var fragment: String?

        init() {}

        init(_ text: String) {
            var rest = Substring(text)
            if let hash = rest.firstIndex(of: "#") {
                fragment = String(rest[rest.index(after: hash)...])
                rest = rest[..<hash]
            }
            if let mark = rest.firstIndex(of: "?") {
                query = String(rest[rest.index(after: mark)...])
                rest = rest[..<mark]
            }
            if let length = URLText.schemeLength(Array(rest.utf8)) {
                let colon = rest.utf8.index(rest.startIndex, offsetBy: length)
                scheme = String(rest[..<colon])
                rest = rest[rest.index(after: colon)...]
            }
            if rest.hasPrefix("//") {
                let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
                let end = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
                authority = String(rest[afterSlashes..<end])
                rest = rest[end...]
            }
            path = String(rest)
        }

        /// RFC 3986 section 5.3: the components put back together.
        var text: String {
            var result = ""
            if let scheme { result += scheme + ":" }
            if let authority { result += "//" + authority }
            result += path
            if let query { result += "?" + query }
            if let fragment { result += "#" + fragment }
            return result
        }
    }

    /// RFC 3986 section 5.2.3: a relative path merged with the base's.
    private static func merge(base: Reference, path: String) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return String(base.path[...slash]) + path
    }

    /// RFC 3986 section 5.2.4: `.` and `..` segments removed from a path.
    private static func removingDotSegments(_ path: String) -> String {
        var input = Substring(path)
        var output: [Substring] = []
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                // The first segment, with its leading `/` if any, up to the next `/`.
                let start = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[start...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }
}
