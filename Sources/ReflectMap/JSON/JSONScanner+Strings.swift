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
            let stops = Self.stopBits(block)
            let length: Int
            let contents: UInt64
            if stops[0] != 0 {
                length = stops[0].trailingZeroBitCount / 8
                contents = block[0] & ((1 << (8 * UInt64(length))) &- 1)
            } else if stops[1] != 0 {
                let offset = stops[1].trailingZeroBitCount / 8
                length = 8 + offset
                contents = block[0] | (block[1] & ((1 << (8 * UInt64(offset))) &- 1))
            } else {
                return try scanLongString(from: start)
            }
            if bytes[start + length] == .quote {
                index = start + length + 1
                return StringSpan(
                    start: start, end: start + length, hasEscapes: false, isASCII: contents & 0x8080_8080_8080_8080 == 0
                )
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
        var highWords: UInt64 = 0
        var highBlocks: SIMD2<UInt64> = .zero
        let count = bytes.count
        while position < count {
            // Sixteen bytes at a time. The lowest flagged byte of a block is exactly the first `"`,
            // `\` or control character in it, so the loop lands on it without a byte-wise search.
            var byte: UInt8 = 0
            if let block = bytes.block(at: position) {
                let stops = Self.stopBits(block)
                let (first, second) = (stops[0], stops[1])
                if first | second == 0 {
                    highBlocks |= block
                    position += 16
                    continue
                }
                // The bytes before the stop count towards `isASCII`; those after it do not.
                if first != 0 {
                    let offset = first.trailingZeroBitCount / 8
                    highWords |= block[0] & ((1 << (8 * UInt64(offset))) &- 1)
                    position += offset
                } else {
                    let offset = second.trailingZeroBitCount / 8
                    highWords |= block[0] | (block[1] & ((1 << (8 * UInt64(offset))) &- 1))
                    position += 8 + offset
                }
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
                let isASCII = high < 0x80 && (highWords | highBlocks[0] | highBlocks[1]) & 0x8080_8080_8080_8080 == 0
                return StringSpan(start: start, end: position, hasEscapes: hasEscapes, isASCII: isASCII)
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

    /// The high bit of each of a block's bytes that is `"`, `\` or below 0x20, and possibly of bytes
    /// after the first such one in its word (the classic has-zero-byte and has-less-than tests, on
    /// each of the two words: a borrow can flag a later byte, never an earlier one), so the lowest
    /// bit set is exact.
    @inline(__always)
    private static func stopBits(_ block: SIMD2<UInt64>) -> SIMD2<UInt64> {
        let ones = SIMD2<UInt64>(repeating: 0x0101_0101_0101_0101)
        let quote = block ^ SIMD2(repeating: 0x2222_2222_2222_2222)
        let backslash = block ^ SIMD2(repeating: 0x5C5C_5C5C_5C5C_5C5C)
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        let hasControl = (block &- SIMD2(repeating: 0x2020_2020_2020_2020)) & ~block
        return (hasQuote | hasBackslash | hasControl) & SIMD2(repeating: 0x8080_8080_8080_8080)
    }

    /// Validates and skips the string under the cursor.
    @inline(__always)
    package mutating func skipString() throws {
        let span = try scanString()
        if !span.isASCII { try validateUTF8(span) }
    }

    /// The contents of a string that ``scanString()`` has found, decoded and checked.
    ///
    /// Each byte is checked once: ASCII contents need no check, and others are checked by the
    /// standard library as it makes the `String` (`String(validating:as:)`). Only when that check
    /// fails does ``validateUTF8(_:)`` run, to say which byte is wrong. Decoding escapes keeps the
    /// contents valid or invalid as they were (an escape always yields whole scalars), so the
    /// decoded bytes are checked in their place.
    package func string(_ span: StringSpan) throws -> String {
        if span.isASCII {
            if !span.hasEscapes { return bytes.text(span.start..<span.end) }
            return String(decoding: unescaped(span), as: UTF8.self)
        }
        let decoded = span.hasEscapes
            ? String(validating: unescaped(span), as: UTF8.self)
            : bytes.validText(span.start..<span.end)
        if let decoded { return decoded }
        try validateUTF8(span)
        // `validateUTF8` finds every sequence the standard library refuses; this is not reached.
        throw error("Invalid UTF-8 in a string", at: span.start)
    }

    /// Checks the UTF-8 of a string's raw bytes (Unicode Table 3-7: no overlong forms, no surrogates,
    /// nothing above U+10FFFF), throwing at the first invalid byte.
    package func validateUTF8(_ span: StringSpan) throws {
        var position = span.start
        while position < span.end {
            let lead = bytes[position]
            if lead < 0x80 {
                position += 1
                // ASCII comes in runs: skip them eight bytes at a time.
                while position + 8 <= span.end, let word = bytes.word(at: position), word & 0x8080_8080_8080_8080 == 0 {
                    position += 8
                }
                continue
            }
            // Most CJK text is three-byte sequences led by 0xE1...0xEC, whose continuation bytes
            // take their full range: checked in one go.
            if lead &- 0xE1 < 0x0C, position + 3 <= span.end,
               bytes[position + 1] & 0xC0 == 0x80, bytes[position + 2] & 0xC0 == 0x80 {
                position += 3
                continue
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
            default: throw error("Invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true)) in a string", at: position)
            }
            guard position + length <= span.end else { throw error("Truncated UTF-8 sequence in a string", at: position) }
            let second = bytes[position + 1]
            var valid = second >= lower && second <= upper
            for next in position + 2..<position + length where bytes[next] & 0xC0 != 0x80 {
                valid = false
            }
            guard valid else { throw error("Invalid UTF-8 sequence in a string", at: position) }
            position += length
        }
    }

    /// The UTF-8 bytes of a string, with its escapes decoded.
    func unescaped(_ span: StringSpan) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(span.end - span.start)
        var position = span.start
        while position < span.end {
            // The bytes up to the next backslash, in one copy.
            let run = position
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
            default: result.append(escape) // `"`, `\` and `/` stand for themselves.
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
            guard let unit = hexValue(at: index + 2) else { throw error("Invalid \\u escape; expected four hex digits") }
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
