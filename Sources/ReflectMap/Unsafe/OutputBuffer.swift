import Foundation

// The writer's byte sink, one of the few files with unsafe code. An `OutputBuffer` owns its block
// alone (it is not copyable) and frees it once, in `deinit` or by handing it to `Data` in `data()`.
// Bytes below `count` are initialised; every store is made after `reserve` has made room for it, and
// every load, of its own bytes or of an array it copies from, is bounds-checked first.

/// The writer's byte sink: a growable block of bytes it owns alone. Appending a byte
/// is a capacity check, a store and an increment, with no uniqueness check; the finished bytes
/// become a `Data` that takes the block over, or a copy when more than a fifth of the block is unused.
@safe
struct OutputBuffer: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        unsafe base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit { unsafe base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(extra) }
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        let newCapacity = Swift.max(capacity * 2, count + extra)
        let newBase = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        unsafe newBase.copyMemory(from: base, byteCount: count)
        unsafe base.deallocate()
        unsafe base = unsafe newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        unsafe base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// Appends bytes lent for the call.
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        unsafe (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Appends an array's bytes, borrowed in place.
    @inline(__always)
    mutating func append(_ bytes: [UInt8]) {
        unsafe bytes.withUnsafeBytes { unsafe append($0) }
    }

    /// Appends the bytes of `bytes` in `range`, borrowed in place.
    @inline(__always)
    mutating func append(_ bytes: [UInt8], in range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range out of bounds")
        unsafe bytes.withUnsafeBytes { unsafe append(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// Appends a literal's bytes.
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        unsafe append(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8 bytes.
    @inline(__always)
    mutating func append(utf8 string: String) {
        let copied: Void? = unsafe string.utf8.withContiguousStorageIfAvailable {
            unsafe append(UnsafeRawBufferPointer($0))
        }
        if copied == nil { for byte in string.utf8 { append(byte) } }
    }

    /// Appends the decimal digits of `value`, written in place from the last one back (at most 20),
    /// two at a time. It counts the digits first (a `UInt64` has at most 20), reserves room for exactly
    /// that many, and writes only inside that room, copying pairs from the 200-byte `digitPairs` at
    /// even offsets below 199.
    @inline(__always)
    mutating func appendDecimal(_ value: UInt64) {
        // The digit count, by halving: at most five comparisons and four divisions by a constant.
        var digits = 1
        var high = value
        // Inlined with constant arguments, so each division is by a constant.
        @inline(__always) func halve(by power: UInt64, digitsIn count: Int) {
            if high >= power {
                digits += count
                high /= power
            }
        }
        halve(by: 10_000_000_000_000_000, digitsIn: 16)
        halve(by: 100_000_000, digitsIn: 8)
        halve(by: 10_000, digitsIn: 4)
        halve(by: 100, digitsIn: 2)
        if high >= 10 { digits += 1 }
        reserve(digits)
        let pairs = unsafe Self.digitPairs.utf8Start
        var rest = value
        var position = count + digits
        while rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            position -= 2
            unsafe (base + position).copyMemory(from: pairs + pair, byteCount: 2)
        }
        if position > count {
            unsafe base.storeBytes(of: 0x30 &+ UInt8(truncatingIfNeeded: rest), toByteOffset: count, as: UInt8.self)
        }
        count += digits
    }

    /// "00" to "99", for ``appendDecimal(_:)``.
    private static var digitPairs: StaticString {
        """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
    }

    /// The byte at `offset`, which must be below `count`.
    @inline(__always)
    subscript(offset: Int) -> UInt8 {
        precondition(offset >= 0 && offset < count, "offset out of range")
        return unsafe base.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// The eight bytes at `offset`, little-endian, or `nil` when fewer than eight remain.
    @inline(__always)
    func word(at offset: Int) -> UInt64? {
        guard offset >= 0, offset <= count - 8 else { return nil }
        return unsafe UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The sixteen bytes at `offset` as two little-endian words, the first eight in lane 0, or `nil`
    /// when fewer than sixteen remain.
    @inline(__always)
    func block(at offset: Int) -> SIMD2<UInt64>? {
        guard offset >= 0, offset <= count - 16 else { return nil }
        // Within the `count` written bytes, by the guard.
        let lanes = unsafe base.loadUnaligned(fromByteOffset: offset, as: SIMD2<UInt64>.self)
        return SIMD2(UInt64(littleEndian: lanes[0]), UInt64(littleEndian: lanes[1]))
    }

    /// Moves the bytes from `offset` to the end onto the end of `other`.
    mutating func moveTail(from offset: Int, to other: inout [UInt8]) {
        precondition(offset >= 0 && offset <= count, "offset out of range")
        unsafe other.append(contentsOf: UnsafeRawBufferPointer(start: base + offset, count: count - offset))
        count = offset
    }

    /// A copy of the bytes.
    var bytes: [UInt8] {
        unsafe [UInt8](UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The bytes as a `String`, in one copy. The writer emits valid UTF-8 only, so nothing is repaired.
    consuming func string() -> String {
        unsafe String(decoding: UnsafeRawBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// The bytes as `Data`, which takes the block over unless more than a fifth of it would be
    /// unused (then the bytes are copied, so that a small result does not hold a large block).
    consuming func data() -> Data {
        if capacity - count > count / 4 {
            let copy = unsafe Data(UnsafeRawBufferPointer(start: base, count: count))
            _ = consume self
            return copy
        }
        let block = unsafe base
        let length = count
        discard self
        return unsafe Data(
            bytesNoCopy: block, count: length, deallocator: .custom { pointer, _ in unsafe pointer.deallocate() })
    }
}

extension OutputBuffer {
    /// Appends a number's text straight from the standard library's formatter, with no `String` or
    /// copy in between; the sink holds the buffer only for this call.
    @inline(__always)
    mutating func appendText(of value: some BinaryFloatingPoint & TextOutputStreamable) {
        unsafe withUnsafeMutablePointer(to: &self) { buffer in
            var sink = unsafe ByteSink(buffer: buffer)
            value.write(to: &sink)
        }
    }
}

/// Where an ``OutputBuffer`` receives text from a `TextOutputStreamable`. The sink exists only inside
/// ``OutputBuffer/appendText(of:)``, which lends it the buffer; it copies a number's text out of a
/// buffer the standard library lends it for one call. Only floating-point values are passed, whose
/// `write(to:)` does nothing but write to the sink, so nothing else touches the output buffer while
/// the sink holds it.
@safe
private struct ByteSink: TextOutputStream {
    let buffer: UnsafeMutablePointer<OutputBuffer>

    mutating func write(_ string: String) {
        unsafe buffer.pointee.append(utf8: string)
    }

    mutating func _writeASCII(_ bytes: UnsafeBufferPointer<UInt8>) {
        unsafe buffer.pointee.append(UnsafeRawBufferPointer(bytes))
    }
}
