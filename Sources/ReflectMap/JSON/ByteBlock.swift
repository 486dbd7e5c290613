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
            if run.length < 16 { return (position + run.length, hasHigh) }
            // Sixteen on, not `run.length` on: the next load waits for no result of this block's.
            position += 16
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

    /// Whether `bytes[start..<end]` is valid UTF-8 (Unicode Table 3-7), judged sixteen bytes a step
    /// by their classes alone. `false` when the bytes are not valid, and also when this cannot tell:
    /// within sixteen bytes of the input's end (seventeen after 0xE0, 0xED, 0xF0 or 0xF4), where a
    /// step cannot load its bytes. Never `true` for bytes that are not valid, so a `false` is for a
    /// byte-wise check to settle, and to say which byte is wrong.
    ///
    /// Each byte is ASCII, a continuation byte (10xxxxxx) or the lead of a two-, three- or four-byte
    /// sequence. The continuation bytes must be exactly those the leads call for: one after a
    /// two-byte lead, two after a three-byte one, three after a four-byte one. Two leads that call
    /// for the same byte, or a lead where one is called for, break the equality, and so do a stray
    /// continuation byte and a sequence cut short. A step's last leads call for bytes of the next
    /// step: those calls are carried, so every step settles all sixteen of its bytes. The bytes that
    /// never start a character (0xC0, 0xC1, 0xF5 and above) are refused, and so are the second bytes
    /// out of range after the four leads that narrow it (0xE0, 0xED, 0xF0, 0xF4), which each step
    /// reads from a second load one byte further on.
    ///
    /// As signed bytes, ASCII is 0...127, a continuation byte -128...-65, and a lead -64...-1 (0xC0
    /// and up): the classes are signed comparisons, which SSE2 has.
    @inline(__always)
    static func vectorValidUTF8(in bytes: InputBytes, from start: Int, to end: Int) -> Bool {
        var position = start
        // Bits 0...2: the bytes of this step that the previous step's leads call for.
        var carried: UInt32 = 0
        while position < end {
            guard let block = bytes.block(at: position) else { return false }
            let limit = Swift.min(16, end &- position)
            let inRange: UInt32 = (1 << UInt32(limit)) &- 1
            let signed = SIMD2<Int64>(truncatingIfNeeded: block)
            let high = UInt32(truncatingIfNeeded: _mm_movemask_epi8(signed)) & inRange
            if high == 0 {
                // All ASCII: whole characters, unless an earlier lead calls for one of them.
                guard carried == 0 else { return false }
                position &+= limit
                continue
            }
            func below(_ value: Int8, _ vector: SIMD2<Int64>) -> UInt32 {
                UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_cmpgt_epi8(_mm_set1_epi8(value), vector)))
            }
            func above(_ value: Int8, _ vector: SIMD2<Int64>) -> UInt32 {
                UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_cmpgt_epi8(vector, _mm_set1_epi8(value))))
            }
            let continuation = below(-64, signed) & inRange  // 0x80...0xBF
            let leads = high & ~continuation  // 0xC0 and up
            let longLeads = above(-33, signed) & high  // 0xE0 and up
            let fourByteLeads = above(-17, signed) & high  // 0xF0 and up
            // 0xC0 and 0xC1 (every bit but the lowest as in 0xC0), and 0xF5 and above.
            let notLeads =
                (UInt32(
                    truncatingIfNeeded: _mm_movemask_epi8(
                        _mm_cmpeq_epi8(_mm_and_si128(signed, _mm_set1_epi8(-0x02)), _mm_set1_epi8(-0x40))))
                    | above(-12, signed)) & high
            let called = (leads << 1) | (longLeads << 2) | (fourByteLeads << 3)
            guard notLeads == 0, (called | carried) & inRange == continuation else { return false }
            func equal(_ value: Int8) -> SIMD2<Int64> { _mm_cmpeq_epi8(signed, _mm_set1_epi8(value)) }
            let narrow = _mm_or_si128(
                _mm_or_si128(equal(-0x20), equal(-0x13)), _mm_or_si128(equal(-0x10), equal(-0x0C)))
            if UInt32(truncatingIfNeeded: _mm_movemask_epi8(narrow)) & inRange != 0 {
                // Each lead's second byte is the same lane of the block one byte on.
                guard let after = bytes.block(at: position &+ 1) else { return false }
                let second = SIMD2<Int64>(truncatingIfNeeded: after)
                func lanes(_ value: Int8) -> UInt32 { UInt32(truncatingIfNeeded: _mm_movemask_epi8(equal(value))) }
                // 0xE0 takes 0xA0...0xBF, 0xED 0x80...0x9F, 0xF0 0x90...0xBF, 0xF4 0x80...0x8F.
                let outOfRange =
                    (lanes(-0x20) & below(-96, second)) | (lanes(-0x13) & above(-97, second))
                    | (lanes(-0x10) & below(-112, second)) | (lanes(-0x0C) & above(-113, second))
                guard outOfRange & inRange == 0 else { return false }
            }
            // A string's last step: no lead, of this step or the one before, may call for a byte
            // past its end.
            guard limit == 16 || (called | carried) & ~inRange == 0 else { return false }
            carried = called >> 16
            position &+= limit
        }
        return carried == 0
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

    /// How many bytes at the start of a block are spaces or line feeds, the bytes of pretty-printed
    /// JSON's indentation: 16 when all are. SSE2 only.
    @inline(__always)
    static func vectorIndentationRun(_ block: SIMD2<UInt64>) -> Int {
        let bytes = SIMD2<Int64>(truncatingIfNeeded: block)
        let indentation = _mm_or_si128(
            _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x20)), _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x0A)))
        return (~UInt32(truncatingIfNeeded: _mm_movemask_epi8(indentation)) | 0x1_0000).trailingZeroBitCount
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
