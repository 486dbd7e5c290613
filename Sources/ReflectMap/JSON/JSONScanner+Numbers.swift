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
        return .double(try double(start: start, significand: significand, exact: exact,
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

    private func double(start: Int, significand: UInt64, exact: Bool, powerOfTen: Int, negative: Bool) throws -> Double {
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
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        return (word & highNibbles) | (((word &+ 0x0606_0606_0606_0606) & highNibbles) >> 4) == 0x3333_3333_3333_3333
    }

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
