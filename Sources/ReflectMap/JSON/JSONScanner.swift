import Foundation

/// Bytes → JSON tokens, strictly by RFC 8259. ``JSONReader`` reads bytes through it (for models and
/// for ``JSONValue`` alike); it never builds a tree of its own and keeps no state but its cursor.
///
/// The scanner is a cursor: each call consumes one token or one whole value, and whatever it skips it
/// validates just as strictly as what it reads. Callers drive containers with ``enterContainer()``,
/// ``nextKey(first:)`` (or ``nextMember(first:)`` and then ``key()`` or ``knownKey(endingAt:)``) and
/// ``nextElement(first:)``, and count their depth themselves; only
/// ``skipValue(depthBudget:limit:)``, which walks containers on its own, is given how deep it may go.
///
/// Choices where RFC 8259 leaves room (the `i_` cases of JSONTestSuite):
/// - input must be UTF-8 (RFC 8259 §8.1); a leading UTF-8 byte order mark is ignored;
/// - invalid UTF-8, and `\u` escapes that leave a surrogate unpaired, are rejected;
/// - integers beyond 64 bits are kept as their exact text (``JSONNumber/large(_:)``);
/// - a number whose magnitude is too large for a `Double`, integer or not, is rejected, as
///   `JSONSerialization` does; one too small becomes zero;
/// - containers may nest as deep as the reader's limit; one level deeper throws, so no input can
///   exhaust the stack.
///
/// Errors are ``MappingError``s of kind `malformedJSON` (with ``MappingError/byteOffset``) or
/// `nestingTooDeep`.
package struct JSONScanner {
    /// The input, read in place (see ``InputBytes``).
    package let bytes: InputBytes
    /// The offset of the next unread byte.
    package var index: Int
    /// Whether the last number read had more than 17 significant digits.
    package var lastNumberIsLong = false

    /// A scanner at the start of `bytes`. `isDocument` is false for a value inside a larger document
    /// (a streamed array's element), where a byte order mark is not whitespace but a malformed byte.
    package init(bytes: InputBytes, isDocument: Bool = true) {
        self.bytes = bytes
        index = 0
        // RFC 8259 §8.1: a parser may ignore a byte order mark, at the start of a document.
        if isDocument, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    // MARK: Whitespace and structure

    @inline(__always)
    package mutating func skipWhitespace() {
        // Every whitespace byte is at most 0x20 and every byte that starts a token is above it, so
        // one comparison lets minified JSON through.
        guard index < bytes.count, bytes[index] <= .space else { return }
        // One space and then a token (`"key": value` in pretty output) is the most common run, and
        // takes no loop.
        if bytes[index] == .space, index + 1 < bytes.count, bytes[index + 1] > .space {
            index += 1
            return
        }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        // A local cursor stays in a register; `index` is set once, at the end.
        var position = index
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            guard byte == .space || byte == .newline || byte == .carriageReturn || byte == .tab else { break }
            position += 1
            // Indentation comes in runs of spaces: sixteen at a time, and the first byte that is not
            // a space is found within the word that holds it (the lowest byte is the first).
            while let block = bytes.block(at: position) {
                let notSpaces = block ^ SIMD2(repeating: 0x2020_2020_2020_2020)
                if notSpaces[0] != 0 {
                    position += notSpaces[0].trailingZeroBitCount / 8
                    break
                }
                if notSpaces[1] != 0 {
                    position += 8 + notSpaces[1].trailingZeroBitCount / 8
                    break
                }
                position += 16
            }
        }
        index = position
    }

    /// The first byte of the next value, after whitespace, without consuming it.
    @inline(__always)
    package mutating func peek() throws -> UInt8 {
        skipWhitespace()
        guard index < bytes.count else { throw error("Unexpected end of input; expected a value") }
        return bytes[index]
    }

    /// Consumes the `{` or `[` under the cursor (``peek()`` has seen it).
    @inline(__always)
    package mutating func enterContainer() {
        index += 1
    }

    /// The error for a container one level deeper than `limit`, at the cursor.
    func tooDeep(limit: Int) -> MappingError {
        var error = MappingError(.nestingTooDeep(limit: limit))
        error.byteOffset = index
        return error
    }

    /// Moves to the next member of an object and returns its key, or `nil` after the closing brace.
    /// The cursor is left on the member's value.
    package mutating func nextKey(first: Bool) throws -> StringSpan? {
        guard try nextMember(first: first) else { return nil }
        return try key()
    }

    /// Moves to the opening quote of the next member's key, or returns `false` after the closing
    /// brace. ``key()``, or ``knownKey(endingAt:)`` for a key the caller has recognised in place,
    /// then reads the key.
    @inline(__always)
    package mutating func nextMember(first: Bool) throws -> Bool {
        var byte = try structural(.insideObject)
        if byte == .closeBrace {
            index += 1
            return false
        }
        if !first {
            guard byte == .comma else { throw error("Expected ',' or '}' after an object member") }
            index += 1
            byte = try structural(.insideObject)
        }
        guard byte == .quote else {
            throw error(first ? "Expected a string key or '}'" : "Expected a string key after ','")
        }
        return true
    }

    /// Reads the key under the cursor and its colon, leaving the cursor on the member's value.
    package mutating func key() throws -> StringSpan {
        let key = try scanString()
        if !key.isASCII { try validateUTF8(key) }
        try colon()
        return key
    }

    /// Moves past a key whose contents the caller has matched in place, up to `end`, where its closing
    /// quote is, and past its colon. The contents must be free of quotes, backslashes and control
    /// bytes, and valid UTF-8: then they are a valid string, and nothing is left to check.
    @inline(__always)
    package mutating func knownKey(endingAt end: Int) throws {
        index = end + 1
        try colon()
    }

    @inline(__always)
    private mutating func colon() throws {
        guard try structural(.afterKey) == .colon else { throw error("Expected ':' after an object key") }
        index += 1
    }

    /// Consumes the `[` under the cursor (``peek()`` has seen it) and its `]` when only whitespace is
    /// between them, and returns `true`; otherwise consumes nothing and returns `false`.
    @inline(__always)
    package mutating func skipEmptyArray() -> Bool {
        let open = index
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == .closeBracket {
            index += 1
            return true
        }
        index = open
        return false
    }

    /// Moves to the next element of an array, or returns `false` after the closing bracket.
    package mutating func nextElement(first: Bool) throws -> Bool {
        let byte = try structural(.insideArray)
        if byte == .closeBracket {
            index += 1
            return false
        }
        if !first {
            guard byte == .comma else { throw error("Expected ',' or ']' after an array element") }
            index += 1
            if try structural(.insideArray) == .closeBracket { throw error("Expected a value after ','") }
        }
        return true
    }

    /// The next non-whitespace byte inside a container.
    @inline(__always)
    private mutating func structural(_ place: Place) throws -> UInt8 {
        skipWhitespace()
        guard index < bytes.count else { throw endOfInput(place) }
        return bytes[index]
    }

    /// Where in a container the input ended, for its error.
    private enum Place {
        case insideObject, afterKey, insideArray
    }

    /// The error for input that ends inside a container. Out of line, with every other error these
    /// loops throw: the text it builds would otherwise weigh on the frame of every call.
    @inline(never)
    private func endOfInput(_ place: Place) -> MappingError {
        switch place {
        case .insideObject: return error("Unexpected end of input inside an object")
        case .afterKey: return error("Unexpected end of input after an object key")
        case .insideArray: return error("Unexpected end of input inside an array")
        }
    }

    /// Checks that nothing but whitespace follows the top-level value.
    package mutating func finish() throws {
        skipWhitespace()
        guard index == bytes.count else { throw error("Unexpected data after the top-level value") }
    }

    // MARK: Values

    /// Reads a scalar; an object or an array is validated, skipped and reported by its kind only.
    mutating func scalar(depthBudget: Int, limit: Int) throws -> JSONScalar {
        switch try peek() {
        case .quote: return .string(try string(scanString()))
        case .openBrace:
            try skipValue(depthBudget: depthBudget, limit: limit)
            return .object
        case .openBracket:
            try skipValue(depthBudget: depthBudget, limit: limit)
            return .array
        case UInt8(ascii: "t"):
            try literal(.true)
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal(.false)
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal(.null)
            return .null
        default:
            return JSONScalar(try number())
        }
    }

    /// Consumes a `null` if one is next.
    package mutating func skipNull() throws -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try literal(.null)
        return true
    }

    /// Validates and skips one value of any kind. Containers may nest `depthBudget` deep inside it;
    /// one more level throws `nestingTooDeep` naming `limit` (the reader's), so the recursion is bounded.
    package mutating func skipValue(depthBudget: Int, limit: Int) throws {
        switch try peek() {
        case .quote:
            try skipString()
        case .openBrace:
            guard depthBudget > 0 else { throw tooDeep(limit: limit) }
            enterContainer()
            var first = true
            while try nextKey(first: first) != nil {
                first = false
                try skipValue(depthBudget: depthBudget - 1, limit: limit)
            }
        case .openBracket:
            guard depthBudget > 0 else { throw tooDeep(limit: limit) }
            enterContainer()
            var first = true
            while try nextElement(first: first) {
                first = false
                try skipValue(depthBudget: depthBudget - 1, limit: limit)
            }
        case UInt8(ascii: "t"): try literal(.true)
        case UInt8(ascii: "f"): try literal(.false)
        case UInt8(ascii: "n"): try literal(.null)
        default: _ = try number()
        }
    }

    /// Consumes `true`, `false` or `null`.
    package mutating func literal(_ word: Literal) throws {
        let expected = word.bytes
        let count = expected.4 == 0 ? 4 : 5
        guard index + count <= bytes.count, bytes[index] == expected.0, bytes[index + 1] == expected.1,
              bytes[index + 2] == expected.2, bytes[index + 3] == expected.3,
              count == 4 || bytes[index + 4] == expected.4
        else { throw error("Invalid literal; expected '\(word)'") }
        index += count
    }

    package enum Literal: String {
        case `true`, `false`, null

        /// The spelling, padded with a zero byte for the four-letter words.
        var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8) {
            switch self {
            case .true: return (0x74, 0x72, 0x75, 0x65, 0)
            case .false: return (0x66, 0x61, 0x6C, 0x73, 0x65)
            case .null: return (0x6E, 0x75, 0x6C, 0x6C, 0)
            }
        }
    }

    // MARK: Errors

    /// A `malformedJSON` error at the cursor, or at `offset`.
    /// Out of line: the text it builds stays out of the scanning loops that throw it.
    @inline(never)
    func error(_ message: String, at offset: Int? = nil) -> MappingError {
        let offset = offset ?? index
        var error = MappingError(.malformedJSON("\(message) at byte \(offset)."))
        error.byteOffset = offset
        return error
    }

    /// An error naming the unexpected byte under the cursor.
    func unexpectedByte(expected: String) -> MappingError {
        guard index < bytes.count else { return error("Unexpected end of input; expected \(expected)") }
        let byte = bytes[index]
        let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        return error("Unexpected \(shown); expected \(expected)")
    }
}

/// The bytes that structure JSON. Computed, not stored: a stored static is a lazily initialised
/// global, and checking it on every byte costs more than the comparison itself.
extension UInt8 {
    static var space: UInt8 { UInt8(ascii: " ") }
    static var newline: UInt8 { UInt8(ascii: "\n") }
    static var carriageReturn: UInt8 { UInt8(ascii: "\r") }
    static var tab: UInt8 { UInt8(ascii: "\t") }
    static var quote: UInt8 { UInt8(ascii: "\"") }
    static var backslash: UInt8 { UInt8(ascii: "\\") }
    static var colon: UInt8 { UInt8(ascii: ":") }
    static var comma: UInt8 { UInt8(ascii: ",") }
    static var openBrace: UInt8 { UInt8(ascii: "{") }
    static var closeBrace: UInt8 { UInt8(ascii: "}") }
    static var openBracket: UInt8 { UInt8(ascii: "[") }
    static var closeBracket: UInt8 { UInt8(ascii: "]") }
    static var minus: UInt8 { UInt8(ascii: "-") }
    static var zero: UInt8 { UInt8(ascii: "0") }
}
