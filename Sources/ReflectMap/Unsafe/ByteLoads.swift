// The scanner's one unsafe need, one of the few files with unsafe code: reading eight or sixteen
// input bytes at once, to find the bytes that end a string or a run of spaces without a byte-wise
// search. Each load is bounds-checked before it is made, and gives plain integers, valid for any bit
// pattern.

extension Array where Element == UInt8 {
    /// The eight bytes at `offset`, little-endian, or `nil` when fewer than eight remain.
    @inline(__always)
    func word(at offset: Int) -> UInt64? {
        guard offset >= 0, offset <= count - 8 else { return nil }
        return withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    }

    /// The sixteen bytes at `offset` as two little-endian words, the first eight bytes in lane 0, or
    /// `nil` when fewer than sixteen remain. A `SIMD2<UInt64>` takes one vector register on x86-64
    /// (SSE2) and arm64 (NEON), so word-at-a-time tests on it cover sixteen bytes per instruction.
    @inline(__always)
    func block(at offset: Int) -> SIMD2<UInt64>? {
        guard offset >= 0, offset <= count - 16 else { return nil }
        let lanes = withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: SIMD2<UInt64>.self) }
        return SIMD2(UInt64(littleEndian: lanes[0]), UInt64(littleEndian: lanes[1]))
    }
}

