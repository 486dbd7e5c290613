import Foundation
import ReflectMap

/// A `Link` header's links, parsed by RFC 8288's grammar:
///
/// ```
/// Link       = #link-value
/// link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )
/// link-param = token BWS [ "=" BWS ( token / quoted-string ) ]
/// ```
///
/// A target is everything between `<` and `>`, commas and semicolons included. A quoted parameter
/// value may hold commas, semicolons and backslash escapes. Several `Link` fields arrive joined by
/// commas, which the list grammar takes as it is. A link-value that breaks the grammar is skipped, up
/// to the next comma outside brackets and quotes, and the links after it still count.
struct LinkHeader {
    /// One link: its target as written, and its parameters, names lowercased.
    struct Link {
        let target: String
        let parameters: [(name: String, value: String)]

        /// The relation types of its `rel` parameters, lowercased.
        var relations: [String] {
            parameters.filter { $0.name == "rel" }.flatMap {
                $0.value.lowercased().split(separator: " ").map(String.init)
            }
        }
    }

    let links: [Link]

    init(_ field: String) {
        var cursor = Cursor(Array(field.utf8))
        var links: [Link] = []
        while !cursor.isAtEnd {
            cursor.skipSpacesAndCommas()
            if cursor.isAtEnd { break }
            if let link = cursor.link() {
                links.append(link)
            } else {
                cursor.skipPastListSeparator()
            }
        }
        self.links = links
    }

    /// The first link whose relations include `relation`, its target resolved against `base` (RFC 8288
    /// section 3.1: per RFC 3986 section 5, against the URL that was requested).
    func target(of relation: String, relativeTo base: URL) -> URL? {
        guard let link = links.first(where: { $0.relations.contains(relation) }) else { return nil }
        return URLText.resolve(link.target, against: base)
    }

    /// A position in the field, read left to right. (Not Foundation's `Scanner`.)
    private struct Cursor {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index >= bytes.count }

        mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            }
        }

        mutating func skipSpacesAndCommas() {
            while index < bytes.count,
                [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ",")].contains(bytes[index])
            {
                index += 1
            }
        }

        /// Past the next comma that stands outside `<…>` and quotes, or to the end.
        mutating func skipPastListSeparator() {
            var inBrackets = false
            var inQuotes = false
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if inQuotes {
                    if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inQuotes = false }
                } else if inBrackets {
                    if byte == UInt8(ascii: ">") { inBrackets = false }
                } else if byte == UInt8(ascii: "<") {
                    inBrackets = true
                } else if byte == UInt8(ascii: "\"") {
                    inQuotes = true
                } else if byte == UInt8(ascii: ",") {
                    return
                }
            }
        }

        /// One link-value, ending at a comma or the end; `nil` when it breaks the grammar.
        mutating func link() -> Link? {
            guard bytes[index] == UInt8(ascii: "<"),
                let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: ">"))
            else { return nil }
            let target = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            index = close + 1
            var parameters: [(name: String, value: String)] = []
            while true {
                skipSpaces()
                if isAtEnd || bytes[index] == UInt8(ascii: ",") { return Link(target: target, parameters: parameters) }
                guard bytes[index] == UInt8(ascii: ";") else { return nil }
                index += 1
                skipSpaces()
                let name = token()
                guard !name.isEmpty else { return nil }
                skipSpaces()
                var value = ""
                if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                    index += 1
                    skipSpaces()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                        guard let quoted = quotedString() else { return nil }
                        value = quoted
                    } else {
                        value = token()
                        guard !value.isEmpty else { return nil }
                    }
                }
                parameters.append((name.lowercased(), value))
            }
        }

        /// RFC 9110's `token`: visible ASCII but separators.
        mutating func token() -> String {
            let start = index
            while index < bytes.count, Self.isTokenByte(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// RFC 9110's `quoted-string`, unescaped; `nil` when it does not close.
        mutating func quotedString() -> String? {
            index += 1
            var value: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: value, as: UTF8.self) }
                if byte == UInt8(ascii: "\\") {
                    guard index < bytes.count else { return nil }
                    value.append(bytes[index])
                    index += 1
                } else {
                    value.append(byte)
                }
            }
            return nil
        }

        static func isTokenByte(_ byte: UInt8) -> Bool {
            guard byte > 0x20, byte < 0x7F else { return false }
            return !"\"(),/:;<=>?@[\\]{}".utf8.contains(byte)
        }
    }
}
