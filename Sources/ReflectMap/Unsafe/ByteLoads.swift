// Eight bytes of an array at once, one of the few files with unsafe code: the streaming splitter
// finds the end of a string in its buffer without a byte-wise search (the scanner's input has its own
// loads, in `InputBytes`). Each load is bounds-checked before it is made, and gives plain integers,
// valid for any bit pattern.

extension Array where Element == UInt8 {
    /// The eight bytes at `offset`, little-endian, or `nil` when fewer than eight remain.
    @inline(__always)
    func word(at offset: Int) -> UInt64? {
        guard offset >= 0, offset <= count - 8 else { return nil }
        return withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    }
}
