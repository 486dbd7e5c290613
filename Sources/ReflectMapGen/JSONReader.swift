/// A small recursive-descent JSON parser over UTF-8 bytes, for ``JSONTree/parse(_:)``: it keeps what
/// ReflectMap's scanner does not, key order and number spelling. `JSONTree.parse` has the scanner
/// validate the text (RFC 8259) first.
struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private static let maxDepth = 512

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func document() throws -> JSONTree {
        let value = try self.value()
        skipWhitespace()
        guard index == bytes.count else { throw failure("text after the end of the document") }
        return value
    }

    private func failure(_ reason: String) -> GeneratorError {
        .malformedJSON(source: "", offset: index, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func value() throws -> JSONTree {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try nested { try $0.object() }
        case UInt8(ascii: "["): return try nested { try $0.array() }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return .number(try number())
        }
    }

    private mutating func nested(_ body: (inout JSONReader) throws -> JSONTree) throws -> JSONTree {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw failure("nesting deeper than \(Self.maxDepth) levels") }
        index += 1
        return try body(&self)
    }

    private mutating func object() throws -> JSONTree {
        var members: [JSONTree.Member] = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try string()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw failure("expected ':' after a key") }
            members.append(JSONTree.Member(key: key, value: try value()))
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw failure("expected ',' or '}' in an object") }
        return .object(members)
    }

    private mutating func array() throws -> JSONTree {
        var elements: [JSONTree] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            elements.append(try value())
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw failure("expected ',' or ']' in an array") }
        return .array(elements)
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func literal(_ word: String, _ result: JSONTree) throws -> JSONTree {
        let utf8 = Array(word.utf8)
        guard bytes[index...].starts(with: utf8) else { throw failure("unexpected character") }
        index += utf8.count
        return result
    }

    private mutating func number() throws -> SampleNumber {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            guard digits() == 0 else { throw failure("a number with a leading zero") }
        } else if digits() == 0 {
            throw failure("unexpected character")
        }
        if consume(UInt8(ascii: ".")), digits() == 0 { throw failure("a fraction with no digits") }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard digits() > 0 else { throw failure("an exponent with no digits") }
        }
        return SampleNumber(text: String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func string() throws -> String {
        index += 1  // the opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun() {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flushRun()
                index += 1
                return String(scalars)
            } else if byte == UInt8(ascii: "\\") {
                flushRun()
                index += 1
                scalars.append(try escape())
                runStart = index
            } else if byte < 0x20 {
                throw failure("a control character in a string")
            } else {
                index += 1
            }
        }
        throw failure("an unterminated string")
    }

    private mutating func escape() throws -> Unicode.Scalar {
        guard index < bytes.count else { throw failure("an unterminated string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try unicodeEscape()
        default: throw failure("an unknown escape")
        }
    }

    /// `\uXXXX`, joining a surrogate pair. `JSONTree.parse` has validated the text, so surrogates come
    /// in pairs; U+FFFD stands in only where the type system asks for a fallback.
    private mutating func unicodeEscape() throws -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800..<0xDC00).contains(first), bytes[index...].starts(with: Array("\\u".utf8)) {
            let saved = index
            index += 2
            let second = try hex4()
            if (0xDC00..<0xE000).contains(second) {
                let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                return Unicode.Scalar(combined) ?? "\u{FFFD}"
            }
            index = saved
        }
        return Unicode.Scalar(first) ?? "\u{FFFD}"
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count, bytes[index..<index + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw failure("a \\u escape without four hex digits") }
        index += 4
        return value
    }
}
