#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Tests on sixteen bytes of JSON at a time, for the scanner's hottest loops. On x86-64 they run as
/// SSE2 vector instructions, which every x86-64 processor has: a comparison of all sixteen bytes,
/// then one mask with a bit per byte. Elsewhere they run as ``ByteWord``'s tests on the block's two
/// words, which give the same answers; the tests run both on the same inputs.
///
/// A block is a `SIMD2<UInt64>` from `InputBytes.block(at:)`, the first eight bytes in lane 0, each
/// lane little-endian.
enum ByteBlock {
    /// A run of string contents at the start of a block: how many bytes come before the first `"`,
    /// `\` or control byte (16 when none does), and whether any of those bytes is above ASCII.
    @inline(__always)
    static func stringRun(_ block: SIMD2<UInt64>) -> (length: Int, hasHigh: Bool) {
        #if arch(x86_64)
        vectorStringRun(block)
        #else
        wordStringRun(block)
        #endif
    }

    /// ``stringRun(_:)`` with ``ByteWord``'s tests on the block's two words.
    @inline(__always)
    static func wordStringRun(_ block: SIMD2<UInt64>) -> (length: Int, hasHigh: Bool) {
        let stops = ByteWord.stringStops(block)
        if stops[0] != 0 {
            let length = stops[0].trailingZeroBitCount / 8
            return (length, block[0] & ((1 << (8 * UInt64(length))) &- 1) & ByteWord.highBits != 0)
        }
        if stops[1] != 0 {
            let offset = stops[1].trailingZeroBitCount / 8
            let before = block[0] | (block[1] & ((1 << (8 * UInt64(offset))) &- 1))
            return (8 + offset, before & ByteWord.highBits != 0)
        }
        return (16, (block[0] | block[1]) & ByteWord.highBits != 0)
    }

    /// How many bytes at the start of a block a writer copies as they are: the bytes before the first
    /// `"`, `\`, control byte or `slash` (16 when none is there). `slash` is `/` for a writer that
    /// escapes slashes, and `"` (already a stop) for one that does not.
    @inline(__always)
    static func unescapedRun(_ block: SIMD2<UInt64>, slash: UInt8) -> Int {
        #if arch(x86_64)
        vectorUnescapedRun(block, slash: slash)
        #else
        wordUnescapedRun(block, slash: slash)
        #endif
    }

    /// ``unescapedRun(_:slash:)`` with ``ByteWord``'s tests on the block's two words.
    @inline(__always)
    static func wordUnescapedRun(_ block: SIMD2<UInt64>, slash: UInt8) -> Int {
        let stops = ByteWord.stringStops(block)
        let first = stops[0] | ByteWord.equal(block[0], slash)
        if first != 0 { return first.trailingZeroBitCount / 8 }
        let second = stops[1] | ByteWord.equal(block[1], slash)
        return second == 0 ? 16 : 8 + second.trailingZeroBitCount / 8
    }

    #if arch(x86_64)
    /// ``unescapedRun(_:slash:)`` with SSE2, as ``vectorStringRun(_:)`` with one more comparison.
    @inline(__always)
    static func vectorUnescapedRun(_ block: SIMD2<UInt64>, slash: UInt8) -> Int {
        let bytes = SIMD2<Int64>(truncatingIfNeeded: block)
        let quotes = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x22))
        let backslashes = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x5C))
        let slashes = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(CChar(bitPattern: slash)))
        let controls = _mm_cmpeq_epi8(_mm_min_epu8(bytes, _mm_set1_epi8(0x1F)), bytes)
        let stopBytes = _mm_or_si128(_mm_or_si128(quotes, backslashes), _mm_or_si128(slashes, controls))
        let stops = UInt32(truncatingIfNeeded: _mm_movemask_epi8(stopBytes))
        return (stops | 0x1_0000).trailingZeroBitCount
    }

    /// How many bytes at the start of a block are JSON whitespace (space, line feed, carriage return,
    /// tab): 16 when all are. SSE2 only: elsewhere the scanner's word loop finds the end of a run.
    @inline(__always)
    static func vectorWhitespaceRun(_ block: SIMD2<UInt64>) -> Int {
        let bytes = SIMD2<Int64>(truncatingIfNeeded: block)
        let spaces = _mm_or_si128(
            _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x20)), _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x0A)))
        let others = _mm_or_si128(
            _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x0D)), _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x09)))
        let whitespace = UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_or_si128(spaces, others)))
        return (~whitespace | 0x1_0000).trailingZeroBitCount
    }

    /// ``stringRun(_:)`` with SSE2: a byte is a stop when it equals `"` or `\`, or when it is its own
    /// minimum with 0x1F (at most 0x1F, unsigned). A bit above the sixteen byte bits makes a block
    /// with no stop count 16.
    @inline(__always)
    static func vectorStringRun(_ block: SIMD2<UInt64>) -> (length: Int, hasHigh: Bool) {
        let bytes = SIMD2<Int64>(truncatingIfNeeded: block)
        let quotes = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x22))
        let backslashes = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x5C))
        let controls = _mm_cmpeq_epi8(_mm_min_epu8(bytes, _mm_set1_epi8(0x1F)), bytes)
        let stopBytes = _mm_or_si128(_mm_or_si128(quotes, backslashes), controls)
        let stops = UInt32(truncatingIfNeeded: _mm_movemask_epi8(stopBytes))
        let length = (stops | 0x1_0000).trailingZeroBitCount
        let high = UInt32(truncatingIfNeeded: _mm_movemask_epi8(bytes))
        return (length, high & ((1 << UInt32(length)) &- 1) != 0)
    }
    #endif
}
