import Foundation

/// Bytes → JSON tokens, strictly by RFC 8259. ``JSONReader`` reads bytes through it (for models and
/// for ``JSONValue`` alike); it never builds a tree of its own, and keeps no state but its cursor and
/// whether the last number it read had more than 17 significant digits (``lastNumberIsLong``).
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
        #if arch(x86_64)
        // A line feed and its indentation (pretty output's runs, to seven levels of four spaces) is
        // taken here, in line, from the masks of one block or two: a call to the loops below costs
        // pretty input more than its runs' bytes do. The byte the run stops at ends it when it is above 0x20; a tab, a carriage
        // return, a byte JSON does not allow there, or a run of 32 bytes or more goes on to the
        // loops. Each block read holds the stop, so the stop is in the input.
        if let block = bytes.block(at: index) {
            let run = ByteBlock.vectorIndentationRun(block)
            if run < 16 {
                if bytes[index &+ run] > .space {
                    index &+= run
                    return
                }
            } else if let next = bytes.block(at: index &+ 16) {
                let rest = ByteBlock.vectorIndentationRun(next)
                if rest < 16, bytes[index &+ 16 &+ rest] > .space {
                    index &+= 16 &+ rest
                    return
                }
            }
        }
        #endif
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        #if arch(x86_64)
        // Sixteen bytes at a time with SSE2. Pretty-printed JSON's runs are a line feed and spaces,
        // so the first loop tests those two bytes only, to the first byte that is neither: that
        // byte ends the run when it starts a token (every such byte is above 0x20, and no
        // whitespace byte is). A tab, a carriage return or a byte that JSON does not allow there
        // goes on to the second loop, which tests all four whitespace bytes; the word loop takes
        // the last fifteen bytes of the input. A local cursor stays in a register, and `index` is
        // set once. The next block is sixteen bytes on, not `run` bytes: its load then waits for no
        // result of this block's, only for the branch, which is predicted.
        var position = index
        while let block = bytes.block(at: position) {
            let run = ByteBlock.vectorIndentationRun(block)
            if run < 16 {
                position &+= run
                // The block held sixteen bytes from the old position, so this one is in the input.
                if bytes[position] > .space {
                    index = position
                    return
                }
                break
            }
            position &+= 16
        }
        while let block = bytes.block(at: position) {
            let run = ByteBlock.vectorWhitespaceRun(block)
            if run < 16 {
                index = position &+ run
                return
            }
            position &+= 16
        }
        index = position
        #endif
        skipWhitespaceByWords()
    }

    /// The whitespace run under the cursor skipped with eight-byte words: on every architecture but
    /// x86-64, and there for the input's last bytes. The tests run it on the inputs of the vector loop.
    package mutating func skipWhitespaceByWords() {
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
        guard let byte = try nextItem(first: first, closedBy: .closeBrace, in: .insideObject) else { return false }
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
        guard let byte = try nextItem(first: first, closedBy: .closeBracket, in: .insideArray) else { return false }
        if !first && byte == .closeBracket { throw error("Expected a value after ','") }
        return true
    }

    /// The step that an object's members and an array's elements share: past the comma before any
    /// item but the first, to the item's first byte, which it returns; or past the closing brace or
    /// bracket, returning `nil`. A closing byte right after a comma is the caller's to refuse.
    @inline(__always)
    private mutating func nextItem(first: Bool, closedBy close: UInt8, in place: Place) throws -> UInt8? {
        let byte = try structural(place)
        if byte == close {
            index += 1
            return nil
        }
        guard !first else { return byte }
        guard byte == .comma else {
            throw error(
                place == .insideObject
                    ? "Expected ',' or '}' after an object member" : "Expected ',' or ']' after an array element")
        }
        index += 1
        return try structural(place)
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

    /// Consumes `true`, `false` or `null`.
    package mutating func literal(_ word: Literal) throws {
        // Where eight bytes remain, the literal is compared as one word.
        if let loaded = bytes.word(at: index) {
            let (pattern, length) = word.pattern
            let mask: UInt64 = (1 << (8 * UInt64(length))) &- 1
            guard loaded & mask == pattern else { throw error("Invalid literal; expected '\(word)'") }
            index += length
            return
        }
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

        /// The spelling as a little-endian word (the first letter in the lowest byte), and its length.
        var pattern: (word: UInt64, length: Int) {
            switch self {
            case .true: return (0x6575_7274, 4)
            case .false: return (0x65_736C_6166, 5)
            case .null: return (0x6C6C_756E, 4)
            }
        }

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
        let shown =
            byte >= 0x20 && byte < 0x7F
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
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

    /// Whether the byte is whitespace between JSON tokens (RFC 8259: space, tab, line feed, carriage
    /// return): the one definition the mapper, the client and the generator use.
    package var isJSONWhitespace: Bool {
        self == .space || self == .newline || self == .carriageReturn || self == .tab
    }
}

// MARK: - Strings

/// Where a string's contents lie in the input, between its quotes.
package struct StringSpan {
    package let start: Int
    package let end: Int
    /// Whether the contents hold a backslash escape, so they must be decoded rather than copied.
    package let hasEscapes: Bool
    /// Whether every byte is ASCII, so the contents are valid UTF-8 without a check.
    package let isASCII: Bool
}

extension JSONScanner {
    /// Finds the end of the string under the cursor and moves past it, checking its escapes and
    /// control characters. Bytes above ASCII are not checked here: a string that is decoded is checked
    /// by the decoding (``string(_:)``), one that is skipped by ``skipString()``, so no byte is checked
    /// twice.
    @inline(__always)
    package mutating func scanString() throws -> StringSpan {
        let start = index + 1
        // Most strings, and nearly every key, end within their first sixteen bytes with no escape:
        // one block settles them, in a few instructions, before the general loop's setup.
        if let block = bytes.block(at: start) {
            let run = ByteBlock.stringRun(block)
            if run.length < 16, bytes[start + run.length] == .quote {
                index = start + run.length + 1
                return StringSpan(start: start, end: start + run.length, hasEscapes: false, isASCII: !run.hasHigh)
            }
        }
        return try scanLongString(from: start)
    }

    /// ``scanString()`` for a string that its first block does not settle: longer than fifteen
    /// bytes, with an escape, or near the end of the input.
    @inline(never)
    private mutating func scanLongString(from start: Int) throws -> StringSpan {
        // A local cursor stays in a register; `index` is brought up to date before anything that
        // reads it (the escape check, and errors).
        var position = start
        var hasEscapes = false
        var high: UInt8 = 0
        let count = bytes.count
        while position < count {
            // Sixteen bytes at a time, landing on the first `"`, `\` or control byte without a
            // byte-wise search.
            var byte: UInt8 = 0
            let run = ByteBlock.stringContentsEnd(in: bytes, from: position)
            if run.hasHigh { high |= 0x80 }
            position = run.end
            if position <= count &- 16 {
                byte = bytes[position]
            } else {
                // Fewer than sixteen bytes remain: one at a time.
                while position < count {
                    byte = bytes[position]
                    guard byte >= 0x20, byte != .quote, byte != .backslash else { break }
                    high |= byte
                    position += 1
                }
                guard position < count else { break }
            }
            index = position
            if byte == .quote {
                index += 1
                return StringSpan(start: start, end: position, hasEscapes: hasEscapes, isASCII: high < 0x80)
            } else if byte == .backslash {
                hasEscapes = true
                try skipEscape()
            } else {
                throw error("Unescaped control character 0x\(String(byte, radix: 16, uppercase: true)) in a string")
            }
            position = index
        }
        throw error("Unterminated string", at: start - 1)
    }

    /// Validates and skips the string under the cursor.
    @inline(__always)
    package mutating func skipString() throws {
        let span = try scanString()
        if !span.isASCII { try validateUTF8(span) }
    }

    /// The contents of a string that ``scanString()`` has found, decoded and checked.
    ///
    /// Each byte is checked once. ASCII contents need no check. Others are checked by
    /// ``validateUTF8(_:)``, and the `String` is then made from bytes known to be valid, where the
    /// standard library can take them so (``InputBytes/string(validUTF8:isASCII:)``); elsewhere the
    /// standard library checks them as it makes the `String`, and ``validateUTF8(_:)`` runs only when
    /// that check fails, to say which byte is wrong. Decoding escapes keeps the contents valid or
    /// invalid as they were (an escape always yields whole scalars), so checking the raw bytes checks
    /// the decoded ones.
    package func string(_ span: StringSpan) throws -> String {
        if InputBytes.takesValidUTF8 {
            if !span.isASCII { try validateUTF8(span) }
            if !span.hasEscapes { return bytes.knownValidText(span.start..<span.end, isASCII: span.isASCII) }
            // A `\u` escape can stand for a character beyond ASCII in ASCII contents: not known ASCII.
            return InputBytes.string(validUTF8: unescaped(span), isASCII: false)
        }
        if span.isASCII {
            if !span.hasEscapes { return bytes.text(span.start..<span.end) }
            return String(decoding: unescaped(span), as: UTF8.self)
        }
        let decoded =
            span.hasEscapes
            ? String(validating: unescaped(span), as: UTF8.self)
            : bytes.validText(span.start..<span.end)
        if let decoded { return decoded }
        try validateUTF8(span)
        // `validateUTF8` finds every sequence the standard library refuses; this is not reached.
        throw error("Invalid UTF-8 in a string", at: span.start)
    }

    /// Checks the UTF-8 of a string's raw bytes (Unicode Table 3-7: no overlong forms, no surrogates,
    /// nothing above U+10FFFF), throwing at the first invalid byte.
    ///
    /// On x86-64, SSE2 settles sixteen bytes a step (``ByteBlock/vectorValidUTF8(in:from:to:)``);
    /// what it refuses or cannot judge (near the input's end) is checked again by
    /// ``validateUTF8ByWords(_:)``, which says where and why the bytes are wrong.
    ///
    /// Out of line: the scanner's skipping loop calls it for every string beyond ASCII, and stays
    /// small enough to keep its own steps inline.
    @inline(never)
    package func validateUTF8(_ span: StringSpan) throws {
        #if arch(x86_64)
        if ByteBlock.vectorValidUTF8(in: bytes, from: span.start, to: span.end) { return }
        #endif
        try validateUTF8ByWords(span)
    }

    /// ``validateUTF8(_:)`` eight bytes at a time: on every architecture but x86-64. The tests run it
    /// on the inputs of the vector route.
    package func validateUTF8ByWords(_ span: StringSpan) throws {
        var position = span.start
        let end = span.end
        while position < end {
            if position <= end &- 8, let word = bytes.word(at: position) {
                // ASCII comes in runs: eight bytes at a time, and the bytes before the first that is
                // not ASCII in one step.
                let high = word & ByteWord.highBits
                if high == 0 {
                    position += 8
                    continue
                }
                let ascii = high.trailingZeroBitCount / 8
                if ascii > 0 {
                    position += ascii
                    continue
                }
                // Most CJK text is runs of three-byte sequences led by 0xE1...0xEC or 0xEE...0xEF,
                // whose continuation bytes take their full range: two of them checked in one go.
                if Self.isTwoThreeByteSequences(word) {
                    position += 6
                    continue
                }
            }
            position = try validateUTF8Step(at: position, end: end)
        }
    }

    /// Checks the one character at `position`, which ends by `end`, and returns where the next
    /// begins; throws at an invalid or truncated sequence.
    private func validateUTF8Step(at position: Int, end: Int) throws -> Int {
        let lead = bytes[position]
        if lead < 0x80 { return position + 1 }
        // A three-byte sequence whose continuation bytes take their full range.
        if lead &- 0xE1 < 0x0C || lead &- 0xEE < 0x02, position + 3 <= end,
            bytes[position + 1] & 0xC0 == 0x80, bytes[position + 2] & 0xC0 == 0x80
        {
            return position + 3
        }
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default:
            throw error("Invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true)) in a string", at: position)
        }
        guard position + length <= end else {
            throw error("Truncated UTF-8 sequence in a string", at: position)
        }
        let second = bytes[position + 1]
        var valid = second >= lower && second <= upper
        for next in position + 2..<position + length where bytes[next] & 0xC0 != 0x80 {
            valid = false
        }
        guard valid else { throw error("Invalid UTF-8 sequence in a string", at: position) }
        return position + length
    }

    /// Whether the first six bytes of a little-endian word are two three-byte sequences whose lead
    /// is 0xE1...0xEC or 0xEE...0xEF: each lead's high nibble is 0xE and it is neither 0xE0 nor 0xED
    /// (whose second bytes take a narrower range), and the other four bytes are continuation bytes.
    @inline(__always)
    static func isTwoThreeByteSequences(_ word: UInt64) -> Bool {
        guard word & 0x0000_C0C0_F0C0_C0F0 == 0x0000_8080_E080_80E0 else { return false }
        let first = UInt8(truncatingIfNeeded: word)
        let second = UInt8(truncatingIfNeeded: word >> 24)
        return first != 0xE0 && first != 0xED && second != 0xE0 && second != 0xED
    }

    /// The UTF-8 bytes of a string, with its escapes decoded.
    func unescaped(_ span: StringSpan) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(span.end - span.start)
        var position = span.start
        while position < span.end {
            // The bytes up to the next backslash, in one copy.
            let run = position
            // In contents the scanner has checked, the only stop a block can hold is a backslash.
            while position <= span.end &- 16, let block = bytes.block(at: position) {
                let length = ByteBlock.stringRun(block).length
                if length < 16 {
                    position += length
                    break
                }
                // Sixteen on, not `length` on: the next load waits for no result of this block's.
                position += 16
            }
            while position < span.end && bytes[position] != .backslash { position += 1 }
            if position > run { bytes.append(run..<position, to: &result) }
            guard position < span.end else { break }
            let escape = bytes[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(hexValue(at: position) ?? 0)
                position += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = UInt32(hexValue(at: position + 2) ?? 0xDC00)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    position += 6
                }
                appendUTF8(scalar, to: &result)
            default: result.append(escape)  // `"`, `\` and `/` stand for themselves.
            }
        }
        return result
    }

    /// Validates one escape sequence at the cursor and moves past it. A `\u` escape of a high
    /// surrogate must be followed by one of a low surrogate, and a low surrogate must not stand alone.
    private mutating func skipEscape() throws {
        let start = index
        guard index + 1 < bytes.count else { throw error("Unterminated escape sequence") }
        switch bytes[index + 1] {
        case .quote, .backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
        case UInt8(ascii: "u"):
            guard let unit = hexValue(at: index + 2) else {
                throw error("Invalid \\u escape; expected four hex digits")
            }
            index += 6
            if (0xDC00...0xDFFF).contains(unit) {
                throw error("Unpaired low surrogate \\u\(String(unit, radix: 16, uppercase: true))", at: start)
            }
            if (0xD800...0xDBFF).contains(unit) {
                guard index + 1 < bytes.count, bytes[index] == .backslash, bytes[index + 1] == UInt8(ascii: "u"),
                    let low = hexValue(at: index + 2), (0xDC00...0xDFFF).contains(low)
                else {
                    throw error("Unpaired high surrogate \\u\(String(unit, radix: 16, uppercase: true))", at: start)
                }
                index += 6
            }
        default:
            throw error("Invalid escape sequence")
        }
    }

    /// The value of four hex digits at `offset`, or `nil` if they are not there.
    private func hexValue(at offset: Int) -> UInt16? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for position in offset..<offset + 4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(scalar))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | scalar >> 6))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | scalar >> 12))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | scalar >> 18))
            bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}

// MARK: - Numbers

extension JSONScanner {
    /// Reads the number under the cursor.
    ///
    /// - Integers (no fraction, no exponent) are exact: `Int64`, then `UInt64`, then their text, as
    ///   long as a `Double` can hold their magnitude.
    /// - Anything else becomes the correctly rounded `Double`. When the decimal significand fits in
    ///   53 bits and the power of ten is at most 22, both are exact doubles and one IEEE multiplication
    ///   or division rounds correctly (Clinger's fast path). Every other case goes to the standard
    ///   library's parser, which is correctly rounded.
    package mutating func number() throws -> JSONNumber {
        let start = index
        let negative = index < bytes.count && bytes[index] == .minus
        if negative { index += 1 }

        var significand: UInt64 = 0
        var significandOverflowed = false
        guard let first = digit(at: index) else { throw unexpectedByte(expected: negative ? "a digit" : "a value") }
        if first == 0 {
            index += 1
            if digit(at: index) != nil { throw error("Leading zeros are not allowed in a number", at: start) }
        } else {
            accumulateDigits(into: &significand, overflowed: &significandOverflowed)
        }

        var fractionDigits = 0
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fractionStart = index
            guard digit(at: index) != nil else { throw error("Expected a digit after the decimal point") }
            accumulateDigits(into: &significand, overflowed: &significandOverflowed)
            fractionDigits = index - fractionStart
        }

        var exponent = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == .minus || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == .minus
                index += 1
            }
            guard digit(at: index) != nil else { throw error("Expected a digit in the exponent") }
            while let value = digit(at: index) {
                // Clamped so that it cannot overflow; a clamped exponent leaves the fast path below.
                exponent = min(exponent * 10 + Int(value), Self.exponentClamp)
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }

        if isInteger {
            if !significandOverflowed {
                if !negative {
                    if let value = Int64(exactly: significand) { return .integer(value) }
                    return .unsigned(significand)
                }
                if significand <= UInt64(Int64.max) { return .integer(-Int64(significand)) }
                if significand == UInt64(Int64.max) + 1 { return .integer(.min) }
            }
            let text = bytes.text(start..<index)
            // Like every other number, and as `JSONSerialization` does, one beyond `Double`'s
            // range is rejected.
            guard Double(text)?.isFinite == true else { throw tooLarge(text, at: start) }
            return .large(text)
        }
        // More than 17 significant digits: more than a `Double` holds (10¹⁷ has 18).
        lastNumberIsLong = significandOverflowed || significand >= 100_000_000_000_000_000
        let exact = !significandOverflowed && abs(exponent) < Self.exponentClamp
        return .double(
            try double(
                start: start, significand: significand, exact: exact,
                powerOfTen: exponent - fractionDigits, negative: negative))
    }

    /// The integer under the cursor when it is a plain one that an `Int64` holds: an optional minus,
    /// then digits with no leading zero, and no fraction or exponent after them. `nil`, consuming
    /// nothing, for anything else, which ``number()`` then reads or rejects. The common integer takes
    /// this one pass, with no ``JSONNumber`` in between.
    @inline(__always)
    package mutating func plainInteger() -> Int64? {
        let count = bytes.count
        var position = index
        guard position < count else { return nil }
        let negative = bytes[position] == .minus
        if negative { position += 1 }
        let first = position
        var magnitude: UInt64 = 0
        // Eight digits at a time. Below 10¹¹ before a step, below 10¹⁹ after it: no overflow.
        while magnitude < 100_000_000_000, let word = bytes.word(at: position), Self.isEightDigits(word) {
            magnitude = magnitude &* 100_000_000 &+ Self.valueOfEightDigits(word)
            position += 8
        }
        while position < count {
            let digit = bytes[position] &- .zero
            guard digit < 10 else { break }
            // Below 10¹⁸ before a digit, below 10¹⁹ after it; a longer number is `number()`'s.
            guard magnitude < 1_000_000_000_000_000_000 else { return nil }
            magnitude = magnitude &* 10 &+ UInt64(digit)
            position += 1
        }
        let digits = position - first
        guard digits > 0, digits == 1 || bytes[first] != .zero, magnitude <= UInt64(Int64.max) else { return nil }
        if position < count {
            let next = bytes[position]
            guard next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e"), next &- .zero >= 10 else { return nil }
        }
        index = position
        return negative ? -Int64(magnitude) : Int64(magnitude)
    }

    /// Where the exponent stops counting. A number this far from 1 is read by the standard library.
    private static var exponentClamp: Int { 1_000_000 }

    private func double(start: Int, significand: UInt64, exact: Bool, powerOfTen: Int, negative: Bool) throws -> Double
    {
        if exact, significand <= 1 << 53, (-22...22).contains(powerOfTen) {
            var value = Double(significand)
            if powerOfTen < 0 {
                value /= exactPowersOfTen[-powerOfTen]
            } else {
                value *= exactPowersOfTen[powerOfTen]
            }
            return negative ? -value : value
        }
        #if arch(x86_64)
        // Up to 19 digits: Float80 holds the significand and the power of ten exactly, and one
        // correctly rounded operation leaves 11 bits below a Double's precision. Unless those bits lie
        // within one unit of the halfway point, rounding to Double gives the correctly rounded result.
        if exact, (-22...22).contains(powerOfTen) {
            let wide = Float80(significand)
            let power = Float80(exactPowersOfTen[abs(powerOfTen)])
            let scaled = powerOfTen < 0 ? wide / power : wide * power
            let below = scaled.significandBitPattern & 0x7FF
            if below < 0x3FF || below > 0x401 {
                let value = Double(scaled)
                return negative ? -value : value
            }
        }
        #endif
        let text = bytes.text(start..<index)
        guard let value = Double(text), value.isFinite else { throw tooLarge(text, at: start) }
        return value
    }

    private func tooLarge(_ text: String, at start: Int) -> MappingError {
        let shown = text.count > 40 ? text.prefix(40) + "… (\(text.count) characters)" : text
        return error("The number \(shown) is too large for a Double", at: start)
    }

    /// Adds the digits under the cursor to `significand`, noting when it no longer holds them exactly.
    @inline(__always)
    private mutating func accumulateDigits(into significand: inout UInt64, overflowed: inout Bool) {
        // Eight digits at a time while eight are there and the significand holds them.
        while let word = bytes.word(at: index), Self.isEightDigits(word) {
            let (times, overflow1) = significand.multipliedReportingOverflow(by: 100_000_000)
            let (sum, overflow2) = times.addingReportingOverflow(Self.valueOfEightDigits(word))
            if overflow1 || overflow2 { break }  // The loop below notes the overflow.
            significand = sum
            index += 8
        }
        // Fewer than eight digits left, when a word is there: all of them at once.
        if let word = bytes.word(at: index) {
            // A byte is a digit where the test below leaves 0x33. A non-digit byte can carry into
            // the byte after it, but the first non-digit byte itself is always marked, and only the
            // bytes before it are used.
            let marks = Self.digitMarks(word) ^ 0x3333_3333_3333_3333
            let count = marks.trailingZeroBitCount / 8
            if count > 0, count < 8 {
                // The digits shifted to the top of the word; the zero bytes below them read as
                // leading zeros.
                let value = Self.valueOfEightDigits(word << (64 - 8 * UInt64(count)))
                let (times, overflow1) = significand.multipliedReportingOverflow(by: Self.powersOfTen[count])
                let (sum, overflow2) = times.addingReportingOverflow(value)
                if !overflow1 && !overflow2 {
                    significand = sum
                    index += count
                    return
                }
            }
        }
        while let value = digit(at: index) {
            let (times10, overflow1) = significand.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(value))
            if overflow1 || overflow2 { overflowed = true } else { significand = sum }
            index += 1
        }
    }

    /// Whether all eight bytes of a little-endian word are ASCII digits: each byte's high nibble is
    /// 3, and adding 6 does not carry out of its low nibble.
    @inline(__always)
    private static func isEightDigits(_ word: UInt64) -> Bool {
        digitMarks(word) == 0x3333_3333_3333_3333
    }

    /// 0x33 in each byte of a little-endian word that is an ASCII digit, and something else in the
    /// first byte that is not: its high nibble is 3 and adding 6 does not carry out of its low nibble.
    /// Only a non-digit byte can carry into the byte after it.
    @inline(__always)
    private static func digitMarks(_ word: UInt64) -> UInt64 {
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        return (word & highNibbles) | (((word &+ 0x0606_0606_0606_0606) & highNibbles) >> 4)
    }

    /// 10⁰ … 10⁷, for a run of fewer than eight digits.
    private static let powersOfTen: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]

    /// The value of eight ASCII digits in a little-endian word (the first digit in the lowest byte),
    /// combined in pairs, then fours, then all eight, with three multiplications.
    @inline(__always)
    private static func valueOfEightDigits(_ word: UInt64) -> UInt64 {
        var value = word & 0x0F0F_0F0F_0F0F_0F0F
        value = (value &* (10 << 8 + 1)) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* (100 << 16 + 1)) >> 16
        return ((value & 0x0000_FFFF_0000_FFFF) &* (10_000 << 32 + 1)) >> 32
    }

    @inline(__always)
    private func digit(at offset: Int) -> UInt8? {
        guard offset < bytes.count else { return nil }
        let value = bytes[offset] &- .zero
        return value < 10 ? value : nil
    }
}

/// 10⁰ … 10²², every one exactly representable as a `Double`.
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]
