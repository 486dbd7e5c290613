import Foundation

// The input document, read where it lies, one of the few files with unsafe code. `map(_:from: Data)`
// reads the caller's `Data` in place rather than copying it into an array first: the scanner holds an
// `InputBytes`, a bounds-checked view of bytes that somebody else owns. The streaming splitter scans
// its buffer through the same view.

/// A read-only view of the input's bytes, checked on every load like an array.
///
/// A view of bytes exists only inside the closure of ``reading(_:_:)`` (or ``reading(_:in:_:)``) that
/// made it: the owner (`Data`, a `String`'s UTF-8, or an array) is borrowed for the length of that call.
/// ``empty``, the one view made outside such a closure, points at nothing, so it has nothing to outlive.
/// The scanner and reader that hold a view are values made and dropped inside the same closure, and
/// nothing they hand out keeps the view: strings, numbers and byte arrays read from the input are copies.
@safe
package struct InputBytes {
    // Invariant: `start` points to `count` initialised bytes that stay valid and unchanged while the
    // closure that made this view runs (see above). `start` is `nil` only when `count` is 0.
    private let start: UnsafePointer<UInt8>?
    /// The number of bytes.
    package let count: Int

    private init(_ buffer: UnsafeRawBufferPointer) {
        unsafe start = unsafe buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
        count = buffer.count
    }

    /// No bytes.
    package static var empty: InputBytes { unsafe InputBytes(UnsafeRawBufferPointer(start: nil, count: 0)) }

    /// Calls `body` with a view of `data`'s bytes, which `data` keeps for the length of the call.
    package static func reading<Result>(_ data: Data, _ body: (InputBytes) throws -> Result) rethrows -> Result {
        unsafe try data.withUnsafeBytes { unsafe try body(InputBytes($0)) }
    }

    /// Calls `body` with a view of `string`'s UTF-8: in place when the string stores its UTF-8
    /// contiguously, as every native Swift string does, and after one copy otherwise (a bridged
    /// `NSString`, say). The string keeps the bytes for the length of the call.
    package static func reading<Result>(_ string: String, _ body: (InputBytes) throws -> Result) rethrows -> Result {
        if let result = unsafe try string.utf8.withContiguousStorageIfAvailable({
            unsafe try body(InputBytes(UnsafeRawBufferPointer($0)))
        }) {
            return result
        }
        return try reading(Array(string.utf8), body)
    }

    /// Calls `body` with a view of `bytes[range]` (all of `bytes` by default), whose offsets count
    /// from the range's start.
    package static func reading<Result>(
        _ bytes: [UInt8], in range: Range<Int>? = nil, _ body: (InputBytes) throws -> Result
    ) rethrows -> Result {
        unsafe try bytes.withUnsafeBytes { all in
            unsafe try body(InputBytes(range.map { unsafe UnsafeRawBufferPointer(rebasing: all[$0]) } ?? all))
        }
    }

    /// The byte at `offset`. Out of range is a programming error, and traps as an array does.
    @inline(__always)
    package subscript(offset: Int) -> UInt8 {
        // One unsigned comparison covers a negative offset too. With it the load below stays within
        // the `count` bytes of the invariant.
        precondition(UInt(bitPattern: offset) < UInt(bitPattern: count), "input offset out of range")
        return unsafe start.unsafelyUnwrapped[offset]
    }

    /// The bytes in `range`, borrowed for the length of `body`: copied by whatever keeps them.
    @inline(__always)
    private func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "input range out of range")
        // Within the `count` bytes of the invariant, by the check above; an empty range needs no base.
        guard let start = unsafe start, !range.isEmpty else {
            return unsafe body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return unsafe body(UnsafeBufferPointer(start: start + range.lowerBound, count: range.count))
    }

    /// The bytes in `range` as a `String`, with any invalid UTF-8 repaired (as `String(decoding:as:)`).
    @inline(__always)
    package func text(_ range: Range<Int>) -> String {
        unsafe withBytes(in: range) { unsafe String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes in `range` as a `String`, or `nil` when they are not valid UTF-8.
    @inline(__always)
    package func validText(_ range: Range<Int>) -> String? {
        unsafe withBytes(in: range) { unsafe String(validating: $0, as: UTF8.self) }
    }

    /// The bytes in `range` as a `String`, when the caller has checked that they are valid UTF-8
    /// (and, with `isASCII`, that they are ASCII): see ``string(validUTF8:isASCII:)``.
    @inline(__always)
    package func knownValidText(_ range: Range<Int>, isASCII: Bool) -> String {
        unsafe withBytes(in: range) { unsafe Self.string(validUTF8: $0, isASCII: isASCII) }
    }

    /// Whether ``string(validUTF8:isASCII:)`` makes a `String` without checking its bytes again: with
    /// the standard library of Swift 6.2 and later (on Apple platforms, their 26 releases). Elsewhere it
    /// checks them as `String(decoding:as:)` does, and callers let that check be the only one.
    package static var takesValidUTF8: Bool {
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) { return true }
        return false
    }

    /// ``string(validUTF8:isASCII:)`` of an array's bytes.
    package static func string(validUTF8 bytes: [UInt8], isASCII: Bool) -> String {
        unsafe bytes.withUnsafeBufferPointer { unsafe string(validUTF8: $0, isASCII: isASCII) }
    }

    /// A `String` of `bytes`, which the caller has checked are valid UTF-8 (Unicode Table 3-7), and
    /// ASCII when `isASCII` says so.
    @inline(__always)
    package static func string(validUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            // `UTF8Span(unchecked:)` takes the bytes as valid without a check: the caller's check is
            // this line's invariant. Invalid bytes here would break `String`'s own invariant.
            return unsafe String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
        }
        return unsafe String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the bytes in `range` to `array`, in one copy.
    @inline(__always)
    package func append(_ range: Range<Int>, to array: inout [UInt8]) {
        unsafe withBytes(in: range) { unsafe array.append(contentsOf: $0) }
    }

    /// The eight bytes at `offset`, little-endian, or `nil` when fewer than eight remain.
    @inline(__always)
    package func word(at offset: Int) -> UInt64? {
        // `count` is never negative, so `count &- 8` cannot overflow.
        guard offset >= 0, offset <= count &- 8 else { return nil }
        // The eight bytes lie within the `count` of the invariant, by the guard; `count` is at least
        // eight, so `start` is not `nil`. Any bit pattern is a valid integer, and the load needs no
        // alignment.
        return unsafe UInt64(
            littleEndian: UnsafeRawPointer(start.unsafelyUnwrapped + offset).loadUnaligned(as: UInt64.self))
    }

    /// The sixteen bytes at `offset` as two little-endian words, the first eight bytes in lane 0, or
    /// `nil` when fewer than sixteen remain. A `SIMD2<UInt64>` takes one vector register on x86-64
    /// (SSE2) and arm64 (NEON), so word-at-a-time tests on it cover sixteen bytes per instruction.
    @inline(__always)
    package func block(at offset: Int) -> SIMD2<UInt64>? {
        guard offset >= 0, offset <= count &- 16 else { return nil }
        // As in `word(at:)`, for sixteen bytes.
        let lanes = unsafe UnsafeRawPointer(start.unsafelyUnwrapped + offset).loadUnaligned(as: SIMD2<UInt64>.self)
        return SIMD2(UInt64(littleEndian: lanes[0]), UInt64(littleEndian: lanes[1]))
    }
}
