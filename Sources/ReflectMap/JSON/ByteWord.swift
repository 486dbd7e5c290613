/// Tests on eight bytes of JSON at a time (SWAR), for the loops that look for the bytes that end a
/// run of string contents: the scanner's string scan, the stream splitter's string skip and the
/// writer's escape check.
///
/// Each test gives the high bit of every byte of the word that passes it, and may also flag bytes
/// after the first that passes (the subtraction's borrow carries towards the high end, never back),
/// so "any flagged" and the lowest flagged byte are exact, and nothing after it is. Bytes are in
/// little-endian order: the word's lowest byte is the first in memory.
enum ByteWord {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The bytes equal to `byte`.
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highBits
    }

    /// The bytes below `bound` (at most 0x80): for JSON, the control bytes below 0x20.
    @inline(__always)
    static func below(_ word: UInt64, _ bound: UInt8) -> UInt64 {
        (word &- ones &* UInt64(bound)) & ~word & highBits
    }

    /// The bytes that end a run of string contents: `"`, `\` and the control bytes, which must be
    /// escaped.
    @inline(__always)
    static func stringStops(_ word: UInt64) -> UInt64 {
        equal(word, UInt8(ascii: "\"")) | equal(word, UInt8(ascii: "\\")) | below(word, 0x20)
    }

    /// ``stringStops(_:)`` of sixteen bytes, as two words side by side: the same tests, written on the
    /// vector so that they compile to one instruction for both words.
    @inline(__always)
    static func stringStops(_ block: SIMD2<UInt64>) -> SIMD2<UInt64> {
        let ones = SIMD2(repeating: Self.ones)
        let quote = block ^ SIMD2(repeating: Self.ones &* 0x22)
        let backslash = block ^ SIMD2(repeating: Self.ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        let hasControl = (block &- SIMD2(repeating: Self.ones &* 0x20)) & ~block
        return (hasQuote | hasBackslash | hasControl) & SIMD2(repeating: highBits)
    }
}
