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

    /// The text with every byte its component cannot hold percent-encoded.
    package static func encoded(_ text: String) -> String {
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
            if hierarchy + 1 < bytes.count, bytes[hierarchy] == UInt8(ascii: "/"), bytes[hierarchy + 1] == UInt8(ascii: "/") {
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
            guard isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { return nil }
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
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
