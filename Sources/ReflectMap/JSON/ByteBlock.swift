#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Tests on sixteen bytes of JSON at a time, for the scanner's hottest loops. On x86-64 they run as
/// SSE2 vector instructions, which every x86-64 processor has: a comparison of all sixteen bytes,
/// then one mask with a bit per byte. Elsewhere they run as ``ByteWord``'s tests on the block's two
/// words (here for string runs and bytes to escape; in the scanner's word loops for whitespace and
/// UTF-8), which give the same answers: the tests and the fuzz target run both on the same inputs.
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

    /// Where a string's contents stop, from `start` on, sixteen bytes at a time: the offset of the
    /// first `"`, `\` or control byte, or of the first block that fewer than sixteen bytes are left
    /// for (`end > bytes.count - 16` then, and the bytes from there are the caller's to check); and
    /// whether a byte before that offset is above ASCII.
    @inline(__always)
    static func stringContentsEnd(in bytes: InputBytes, from start: Int) -> (end: Int, hasHigh: Bool) {
        #if arch(x86_64)
        vectorStringContentsEnd(in: bytes, from: start)
        #else
        wordStringContentsEnd(in: bytes, from: start)
        #endif
    }

    /// ``stringContentsEnd(in:from:)`` a ``wordStringRun(_:)`` at a time.
    @inline(__always)
    static func wordStringContentsEnd(in bytes: InputBytes, from start: Int) -> (end: Int, hasHigh: Bool) {
        var position = start
        var hasHigh = false
        while let block = bytes.block(at: position) {
            let run = wordStringRun(block)
            hasHigh = hasHigh || run.hasHigh
            position += run.length
            if run.length < 16 { break }
        }
        return (position, hasHigh)
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
    /// ``unescapedRun(_:slash:)`` with SSE2: ``vectorStopsAndHigh(_:)``'s stops and one more comparison.
    @inline(__always)
    static func vectorUnescapedRun(_ block: SIMD2<UInt64>, slash: UInt8) -> Int {
        let slashes = _mm_cmpeq_epi8(SIMD2<Int64>(truncatingIfNeeded: block), _mm_set1_epi8(CChar(bitPattern: slash)))
        let stops = vectorStopsAndHigh(block).stops | UInt32(truncatingIfNeeded: _mm_movemask_epi8(slashes))
        return (stops | 0x1_0000).trailingZeroBitCount
    }

    /// How many bytes at the start of a block are whole, valid UTF-8 characters, judged by their
    /// classes alone; 0 when the block cannot be settled that way, for a byte-wise check to decide.
    ///
    /// Only the first `limit` bytes (at most 16) are the string's. `atEnd` says that the string ends
    /// after them, so a character may end exactly there; otherwise the count stops at the start of the
    /// last character that begins within them.
    ///
    /// Each byte is ASCII, a continuation byte (10xxxxxx) or the lead of a two-, three- or four-byte
    /// sequence. Up to the chosen boundary the continuation bytes must be exactly those the leads
    /// before it call for: one after a two-byte lead, two after a three-byte one, three after a
    /// four-byte one. Two leads that call for the same byte, or a lead where one is called for, break
    /// the equality, and so do a stray continuation byte and a sequence cut short. The leads whose
    /// second byte takes a narrower range (0xE0, 0xED, 0xF0, 0xF4), and the bytes that never start a
    /// character (0xC0, 0xC1, 0xF5 and above), are left to the byte-wise check.
    @inline(__always)
    static func vectorValidUTF8Prefix(_ block: SIMD2<UInt64>, limit: Int, atEnd: Bool) -> Int {
        let bytes = SIMD2<Int64>(truncatingIfNeeded: block)
        let inRange: UInt32 = (1 << UInt32(limit)) &- 1
        let high = UInt32(truncatingIfNeeded: _mm_movemask_epi8(bytes)) & inRange
        // ASCII bytes are whole characters, wherever the string ends.
        if high == 0 { return limit }
        func matching(_ mask: Int8, _ value: Int8) -> UInt32 {
            let masked = _mm_and_si128(bytes, _mm_set1_epi8(mask))
            return UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_cmpeq_epi8(masked, _mm_set1_epi8(value))))
        }
        let continuation = matching(-0x40, -0x80)  // 0xC0, 0x80
        let lead2 = matching(-0x20, -0x40)  // 0xE0, 0xC0
        let lead3 = matching(-0x10, -0x20)  // 0xF0, 0xE0
        let lead4 = matching(-0x08, -0x10)  // 0xF8, 0xF0
        // 0xE0, 0xED, 0xF0 and 0xF4, whose second bytes take a narrower range.
        let narrow = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(-0x20)), _mm_cmpeq_epi8(bytes, _mm_set1_epi8(-0x13))),
            _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(-0x10)), _mm_cmpeq_epi8(bytes, _mm_set1_epi8(-0x0C))))
        // 0xC0 and 0xC1 (every bit but the lowest as in 0xC0), and 0xF5 and above.
        let neverLeads = _mm_or_si128(
            _mm_cmpeq_epi8(_mm_and_si128(bytes, _mm_set1_epi8(-0x02)), _mm_set1_epi8(-0x40)),
            _mm_cmpeq_epi8(_mm_max_epu8(bytes, _mm_set1_epi8(-0x0B)), bytes))
        let special = UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_or_si128(narrow, neverLeads)))
        // Where a character may start: ASCII or a lead. Not byte 0, whose character is the one checked.
        var boundaries = (~high | lead2 | lead3 | lead4) & inRange & ~1
        if atEnd { boundaries |= 1 << UInt32(limit) }
        guard boundaries != 0 else { return 0 }
        let length = 31 - boundaries.leadingZeroBitCount
        let before: UInt32 = (1 << UInt32(length)) &- 1
        let longLeads = (lead3 | lead4) & before
        let called = ((lead2 & before | longLeads) << 1) | (longLeads << 2) | ((lead4 & before) << 3)
        guard special & before == 0, called == continuation & before else { return 0 }
        return length
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

    /// ``stringContentsEnd(in:from:)`` with SSE2: a block with no stop costs its two masks, and its
    /// bytes above ASCII are gathered in one mask until the block with the stop.
    @inline(__always)
    static func vectorStringContentsEnd(in bytes: InputBytes, from start: Int) -> (end: Int, hasHigh: Bool) {
        var position = start
        var high: UInt32 = 0
        while let block = bytes.block(at: position) {
            let (stops, blockHigh) = vectorStopsAndHigh(block)
            if stops != 0 {
                let length = stops.trailingZeroBitCount
                high |= blockHigh & ((1 << UInt32(length)) &- 1)
                return (position + length, high != 0)
            }
            high |= blockHigh
            position &+= 16
        }
        return (position, high != 0)
    }

    /// A block's stops (`"`, `\`, control bytes) and its bytes above ASCII, each as a mask with bit
    /// `i` for byte `i`. A byte is a stop when it equals `"` or `\`, or when it is its own minimum
    /// with 0x1F (at most 0x1F, unsigned).
    @inline(__always)
    static func vectorStopsAndHigh(_ block: SIMD2<UInt64>) -> (stops: UInt32, high: UInt32) {
        let bytes = SIMD2<Int64>(truncatingIfNeeded: block)
        let quotes = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x22))
        let backslashes = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x5C))
        let controls = _mm_cmpeq_epi8(_mm_min_epu8(bytes, _mm_set1_epi8(0x1F)), bytes)
        let stopBytes = _mm_or_si128(_mm_or_si128(quotes, backslashes), controls)
        return (
            UInt32(truncatingIfNeeded: _mm_movemask_epi8(stopBytes)),
            UInt32(truncatingIfNeeded: _mm_movemask_epi8(bytes))
        )
    }

    /// ``stringRun(_:)`` with SSE2, from ``vectorStopsAndHigh(_:)``'s masks. A bit above the sixteen
    /// byte bits makes a block with no stop count 16.
    @inline(__always)
    static func vectorStringRun(_ block: SIMD2<UInt64>) -> (length: Int, hasHigh: Bool) {
        let (stops, high) = vectorStopsAndHigh(block)
        let length = (stops | 0x1_0000).trailingZeroBitCount
        return (length, high & ((1 << UInt32(length)) &- 1) != 0)
    }
    #endif
}
