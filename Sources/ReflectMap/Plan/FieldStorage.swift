import Foundation
import SwiftShims

// The only file in ReflectMap with unsafe code: discovering stored fields and reading and writing them
// in place, and (at the bottom) the scanner's eight-byte loads, the writer's output buffer and number
// sink, the blocks in which arrays gather their elements, and the plan's unretained field calls.
//
// Invariants, which every caller relies on:
// 1. Fields come from the Swift runtime's own reflection entry points, the ones the standard library's
//    `Mirror` and `_forEachField` use. They give each stored field's name, byte offset, exact type,
//    and whether it is a strong `var`. No metadata layout is parsed here.
// 2. `store` and `load` touch a field only as the exact type the runtime reported for it, at the
//    offset the runtime reported. `store` assigns, which releases the old value and retains the new
//    one; that is correct because the model was fully initialised by `init()` before any store.
// 3. Fields that are not strong (`weak`, `unowned`) are never touched: their storage is not a plain
//    value of the reported type. `TypePlan` skips them.
// 4. `let` fields are only ever loaded, never stored: the optimiser may assume they never change.
// 5. A `ModelStorage` never outlives the closure it is given to. For a class it points at the object,
//    which `withExtendedLifetime` keeps alive; for a struct it points at the caller's own variable,
//    to which the closure has exclusive access for its duration.
// 6. Nothing outside this file sees a pointer: the rest of the mapper holds `FieldLocation`s (an
//    offset it cannot do arithmetic with) and `ModelStorage` values, and stores and loads through them.
// 7. `withStorage(of:isClass:)` is called with `isClass` true only for class types (the plan works it
//    out with `Model.self is AnyClass`), so the bit cast reinterprets one strong reference as another.
// 8. `Array<UInt8>.word(at:)` and `block(at:)`, at the bottom, load only after checking that eight
//    (sixteen) bytes remain, and give plain integers, valid for any bit pattern.
// 9. `ByteSink` copies a number's text out of a buffer the standard library lends it for one call,
//    into the output buffer that `appendText(of:)` lends it for the same call. Only floating-point
//    values are passed, whose `write(to:)` does nothing but write to the sink, so nothing else
//    touches the output buffer while the sink holds it.
// 10. `OutputBuffer.appendDecimal(_:)` counts the digits first (a `UInt64` has at most 20), reserves
//    room for exactly that many, and writes them from the last one back inside that room; it copies
//    pairs from the 200-byte `digitPairs` at even offsets below 199.
// 11. An `ElementBuffer<Element>` holds exactly `count` initialised elements at the start of a block
//    bound to `Element`, and nothing else; it is the block's only user until it gives the block back,
//    with every element moved out or destroyed first. A block is bound to a new type only while it
//    holds no element. Pooled blocks are 16-byte aligned; an element type that needs more gets a
//    block of its own, never pooled. A pool passes to a later read (on any thread, through a lock)
//    only when its read is over and no copy of the reader holds it: every buffer of that read has
//    finished or discarded, so every block is back in the pool.
// 12. An `UnretainedField` is made only by `TypePlan` from an accessor its own arrays retain, and
//    the plan drops both together (`tearDown`), which its owner does only once no mapping can use
//    the plan. So the accessor outlives every call made through it.
// 13. An `OutputBuffer` owns its block alone (it is not copyable) and frees it once, in `deinit` or
//    by handing it to `Data` in `data()`. Bytes below `count` are initialised; every store is made
//    after `reserve` has made room for it, and every load, of its own bytes or of an array it copies
//    from, is bounds-checked first.

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func runtimeFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func runtimeFieldMetadata(
    _ type: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<_FieldReflectionMetadata>
) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func runtimeFieldOffset(_ type: Any.Type, index: Int) -> Int

enum FieldStorage {
    /// One stored field of a struct or class, superclass fields first.
    struct StoredField {
        var name: String
        var offset: Int
        var type: Any.Type
        /// `var` rather than `let`.
        var isVar: Bool
        /// Neither `weak` nor `unowned`.
        var isStrong: Bool
    }

    /// The stored fields of a struct or class type, including inherited ones.
    static func storedFields(of type: Any.Type) -> [StoredField] {
        let count = runtimeFieldCount(type)
        var fields: [StoredField] = []
        fields.reserveCapacity(count)
        for index in 0..<count {
            var metadata = _FieldReflectionMetadata()
            let fieldType = runtimeFieldMetadata(type, index: index, fieldMetadata: &metadata)
            defer { metadata.freeFunc?(metadata.name) }
            let name = metadata.name.map { String(cString: $0) } ?? ""
            fields.append(StoredField(
                name: name,
                offset: runtimeFieldOffset(type, index: index),
                type: fieldType,
                isVar: metadata.isVar,
                isStrong: metadata.isStrong
            ))
        }
        return fields
    }

    /// Calls `body` with the storage of a model, for filling it (invariant 5).
    @inline(__always)
    static func withStorage<Model>(
        of model: inout Model, isClass: Bool, _ body: (ModelStorage) throws -> Void
    ) rethrows {
        if isClass {
            // `Model` is a class type, so the value is one strong reference: reinterpreting it costs
            // nothing, where `as AnyObject` would be a dynamic cast per object.
            let object = unsafeBitCast(model, to: AnyObject.self)
            try withExtendedLifetime(object) {
                try body(ModelStorage(base: Unmanaged.passUnretained(object).toOpaque()))
            }
        } else {
            try withUnsafeMutableBytes(of: &model) { buffer in
                // A struct with no stored properties has no storage, and nothing to fill.
                guard let base = buffer.baseAddress else { return }
                try body(ModelStorage(base: base))
            }
        }
    }

    /// Calls `body` with the address where a model's storage begins and the model itself, in place,
    /// so that a mutating method `body` calls on it sees its stored properties at that address plus
    /// their offsets. The address is only compared with others (``JSONFieldRules``), never read or
    /// written through, and it is valid only during the call.
    static func withBaseAddress<Model>(
        of model: inout Model, isClass: Bool, _ body: (UnsafeRawPointer, inout Model) throws -> Void
    ) rethrows {
        if isClass {
            // As in `withStorage(of:isClass:)`: one strong reference, reinterpreted (invariant 7).
            let object = unsafeBitCast(model, to: AnyObject.self)
            try withExtendedLifetime(object) {
                try body(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()), &model)
            }
        } else {
            // `pointee` is addressed, not copied: `&pointer.pointee` hands `body` the variable itself,
            // so a stored property's `inout` address lies at the pointer plus its offset.
            try withUnsafeMutablePointer(to: &model) { pointer in
                try body(UnsafeRawPointer(pointer), &pointer.pointee)
            }
        }
    }

    /// Calls `body` with the storage of a model, for reading it. Returns `nil` for a struct with no
    /// stored properties.
    @inline(__always)
    static func withStorage<Model, Result>(
        reading model: Model, isClass: Bool, _ body: (ModelStorage) throws -> Result
    ) rethrows -> Result? {
        if isClass {
            let object = unsafeBitCast(model, to: AnyObject.self)
            return try withExtendedLifetime(object) {
                try body(ModelStorage(base: Unmanaged.passUnretained(object).toOpaque()))
            }
        }
        return try withUnsafeBytes(of: model) { buffer in
            guard let base = buffer.baseAddress else { return nil }
            // Only loaded from (the caller is writing JSON), never stored into.
            return try body(ModelStorage(base: UnsafeMutableRawPointer(mutating: base)))
        }
    }

    /// The identity of a class model, for catching reference cycles when writing.
    static func identity<Model>(of model: Model) -> ObjectIdentifier {
        ObjectIdentifier(unsafeBitCast(model, to: AnyObject.self))
    }
}

/// Where a field of type `Value` lies in its model. Made only here, from a runtime-reported field
/// (invariant 2); a `@JSONKey` wrapper's field adds the offset of its `wrappedValue`.
struct FieldLocation<Value>: @unchecked Sendable {
    fileprivate let offset: Int

    init(_ field: FieldStorage.StoredField) {
        offset = field.offset
    }

    /// The wrapped value inside a property wrapper stored at `field`.
    init?<Wrapper>(wrapped field: FieldStorage.StoredField, in wrapper: Wrapper.Type, at keyPath: KeyPath<Wrapper, Value>) {
        guard let inner = MemoryLayout<Wrapper>.offset(of: keyPath) else { return nil }
        offset = field.offset + inner
    }
}

/// The storage of one model instance. It exists only inside a `FieldStorage.withStorage` closure and
/// must not escape it (invariant 5).
struct ModelStorage {
    fileprivate let base: UnsafeMutableRawPointer

    /// Assigns a field (invariants 2 and 4: callers store only into `var` fields).
    @inline(__always)
    func store<Value>(_ value: Value, at field: FieldLocation<Value>) {
        (base + field.offset).assumingMemoryBound(to: Value.self).pointee = value
    }

    /// Copies out a field.
    @inline(__always)
    func load<Value>(_ field: FieldLocation<Value>) -> Value {
        (base + field.offset).assumingMemoryBound(to: Value.self).pointee
    }

    /// Copies out a whole stored field as the type the runtime reported for it: a property wrapper,
    /// for instance, whose keys the plan reads from a prototype.
    func load<Value>(_ type: Value.Type, from field: FieldStorage.StoredField) -> Value {
        (base + field.offset).assumingMemoryBound(to: Value.self).pointee
    }
}

// The scanner's one unsafe need: reading eight or sixteen input bytes at once, to look for the bytes
// that end a string or a run of spaces without a byte-wise search (invariant 8: each load is
// bounds-checked before it is made, and gives plain integers, valid for any bit pattern).
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

/// The writer's byte sink: a growable block of bytes it owns alone (invariant 13). Appending a byte
/// is a capacity check, a store and an increment, with no uniqueness check; the finished bytes
/// become a `Data` without a copy.
struct OutputBuffer: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(extra) }
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        let newCapacity = Swift.max(capacity * 2, count + extra)
        let newBase = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        newBase.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// Appends bytes lent for the call.
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Appends an array's bytes, borrowed in place.
    @inline(__always)
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Appends the bytes of `bytes` in `range`, borrowed in place.
    @inline(__always)
    mutating func append(_ bytes: [UInt8], in range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range out of bounds")
        bytes.withUnsafeBytes { append(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// Appends a literal's bytes.
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        append(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8 bytes.
    @inline(__always)
    mutating func append(utf8 string: String) {
        let copied: Void? = string.utf8.withContiguousStorageIfAvailable { append(UnsafeRawBufferPointer($0)) }
        if copied == nil { for byte in string.utf8 { append(byte) } }
    }

    /// Appends the decimal digits of `value`, written in place from the last one back (at most 20),
    /// two at a time.
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
        let pairs = Self.digitPairs.utf8Start
        var rest = value
        var position = count + digits
        while rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            position -= 2
            (base + position).copyMemory(from: pairs + pair, byteCount: 2)
        }
        if position > count {
            base.storeBytes(of: 0x30 &+ UInt8(truncatingIfNeeded: rest), toByteOffset: count, as: UInt8.self)
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
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// The eight bytes at `offset`, little-endian, or `nil` when fewer than eight remain.
    @inline(__always)
    func word(at offset: Int) -> UInt64? {
        guard offset >= 0, offset <= count - 8 else { return nil }
        return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Moves the bytes from `offset` to the end onto the end of `other`.
    mutating func moveTail(from offset: Int, to other: inout [UInt8]) {
        precondition(offset >= 0 && offset <= count, "offset out of range")
        other.append(contentsOf: UnsafeRawBufferPointer(start: base + offset, count: count - offset))
        count = offset
    }

    /// A copy of the bytes.
    var bytes: [UInt8] {
        [UInt8](UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The bytes as `Data`, which takes the block over unless more than a fifth of it would be
    /// unused (then the bytes are copied, so that a small result does not hold a large block).
    consuming func data() -> Data {
        if capacity - count > count / 4 {
            let copy = Data(UnsafeRawBufferPointer(start: base, count: count))
            _ = consume self
            return copy
        }
        let block = base
        let length = count
        discard self
        return Data(bytesNoCopy: block, count: length, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }
}

extension OutputBuffer {
    /// Appends a number's text straight from the standard library's formatter, with no `String` or
    /// copy in between (invariant 9).
    @inline(__always)
    mutating func appendText(of value: some BinaryFloatingPoint & TextOutputStreamable) {
        withUnsafeMutablePointer(to: &self) { buffer in
            var sink = ByteSink(buffer: buffer)
            value.write(to: &sink)
        }
    }
}

/// Where an ``OutputBuffer`` receives text from a `TextOutputStreamable` (invariant 9: the sink
/// exists only inside ``OutputBuffer/appendText(of:)``, which lends it the buffer; the formatter's
/// own buffer is only read, and only for the call that lends it).
private struct ByteSink: TextOutputStream {
    let buffer: UnsafeMutablePointer<OutputBuffer>

    mutating func write(_ string: String) {
        buffer.pointee.append(utf8: string)
    }

    mutating func _writeASCII(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.pointee.append(UnsafeRawBufferPointer(bytes))
    }
}

// Arrays read on the byte route do not know their length until the closing bracket. Appending to a
// Swift array grows it several times, and in generic code each growth looks up the new buffer's
// metadata. Instead the elements gather in a block lent by the reader's pool, and the array is made
// once, at its final size (invariant 11).

/// Raw blocks lent to the ``ElementBuffer``s of one read. Single-threaded: it belongs to one
/// `JSONReader` at a time. The free blocks form a stack linked through their own first bytes (the
/// next block's address, then the block's size), so lending and taking back cost a few loads. When
/// its read is over, a pool and its blocks wait among a few spares for the next read, on any thread.
final class ElementPool {
    @exclusivity(unchecked) private var head: UnsafeMutableRawPointer?

    /// Pools whose reads are over, ready for the next ones.
    private static let spares = Spares()
    /// How many pools wait; more than a few would only hold memory.
    private static let maxSpares = 4

    private final class Spares: @unchecked Sendable {
        let lock = NSLock()
        var pools: [ElementPool] = []
    }

    /// A spare pool, or a new one.
    static func make() -> ElementPool {
        spares.lock.lock()
        defer { spares.lock.unlock() }
        return spares.pools.popLast() ?? ElementPool()
    }

    /// Keeps a pool whose read is over for a later read, without any block over 1 MiB: a spare
    /// should not hold on to the memory of one huge array. The caller holds the only reference.
    static func recycle(_ pool: ElementPool) {
        pool.freeBlocks(largerThan: 1 << 20)
        spares.lock.lock()
        defer { spares.lock.unlock() }
        if spares.pools.count < maxSpares { spares.pools.append(pool) }
    }

    /// The alignment of every pooled block: enough for any element type but SIMD vectors.
    fileprivate static let alignment = 16

    deinit {
        while let block = head {
            head = block.load(as: UnsafeMutableRawPointer?.self)
            block.deallocate()
        }
    }

    private func freeBlocks(largerThan limit: Int) {
        var kept: UnsafeMutableRawPointer?
        while let block = head {
            head = block.load(as: UnsafeMutableRawPointer?.self)
            let size = block.load(fromByteOffset: 8, as: Int.self)
            if size > limit {
                block.deallocate()
            } else {
                block.storeBytes(of: kept, as: UnsafeMutableRawPointer?.self)
                kept = block
            }
        }
        head = kept
    }

    /// The most recently returned block when it is big enough, or a new one.
    @inline(__always)
    fileprivate func take(atLeast bytes: Int) -> (base: UnsafeMutableRawPointer, bytes: Int) {
        if let block = head {
            let size = block.load(fromByteOffset: 8, as: Int.self)
            if size >= bytes {
                head = block.load(as: UnsafeMutableRawPointer?.self)
                return (block, size)
            }
        }
        let size = Swift.max(bytes, 512)
        return (UnsafeMutableRawPointer.allocate(byteCount: size, alignment: Self.alignment), size)
    }

    /// Takes back a block that holds no element (its memory is rebound to raw words here).
    @inline(__always)
    fileprivate func giveBack(_ block: UnsafeMutableRawPointer, bytes: Int) {
        block.storeBytes(of: head, as: UnsafeMutableRawPointer?.self)
        block.storeBytes(of: bytes, toByteOffset: 8, as: Int.self)
        head = block
    }
}

/// Elements gathered for an array whose length is not known yet. Every path out of a read calls
/// ``finish(into:pool:)`` or ``discard(pool:)``.
struct ElementBuffer<Element> {
    private var base: UnsafeMutablePointer<Element>?
    private var bytes = 0
    private var capacity = 0
    private var count = 0

    @inline(__always)
    mutating func append(_ element: consuming Element, pool: ElementPool) {
        if count == capacity { grow(pool) }
        // `grow` set `base`; `capacity` is 0 while it is nil.
        (base.unsafelyUnwrapped + count).initialize(to: consume element)
        count += 1
    }

    @inline(never)
    private mutating func grow(_ pool: ElementPool) {
        let stride = MemoryLayout<Element>.stride
        let wanted = Swift.max(capacity * 2, 8) * stride
        let pooled = MemoryLayout<Element>.alignment <= ElementPool.alignment
        let block: (base: UnsafeMutableRawPointer, bytes: Int) = pooled
            ? pool.take(atLeast: wanted)
            : (UnsafeMutableRawPointer.allocate(byteCount: wanted, alignment: MemoryLayout<Element>.alignment), wanted)
        let newCapacity = block.bytes / stride
        let newBase = block.base.bindMemory(to: Element.self, capacity: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: count)
            giveBack(base, pool)
        }
        base = newBase
        bytes = block.bytes
        capacity = newCapacity
    }

    /// Moves the elements to the end of `array`, and gives the block back.
    mutating func finish(into array: inout [Element], pool: ElementPool) {
        guard let base else { return }
        let count = self.count
        if array.isEmpty && !_isPOD(Element.self) {
            array = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
                // A capacity of at least one always has a base address.
                guard let target = buffer.baseAddress else { return }
                target.moveInitialize(from: base, count: count)
                initialized = count
            }
        } else {
            // Plain values (numbers, `Bool`) copy as bytes. `reserveCapacity` is specialised for
            // them and caches the buffer's metadata, where `Array(unsafeUninitializedCapacity:)`
            // looks it up each time.
            array.reserveCapacity(array.count + count)
            array.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
            base.deinitialize(count: count)
        }
        release(base, pool)
    }

    /// Destroys the elements (a read that throws), and gives the block back.
    mutating func discard(pool: ElementPool) {
        guard let base else { return }
        base.deinitialize(count: count)
        release(base, pool)
    }

    /// Gives an emptied block back, or frees one that was never pooled.
    private func giveBack(_ block: UnsafeMutablePointer<Element>, _ pool: ElementPool) {
        if MemoryLayout<Element>.alignment <= ElementPool.alignment {
            pool.giveBack(UnsafeMutableRawPointer(block), bytes: bytes)
        } else {
            block.deallocate()
        }
    }

    private mutating func release(_ block: UnsafeMutablePointer<Element>, _ pool: ElementPool) {
        giveBack(block, pool)
        base = nil
        capacity = 0
        count = 0
    }
}

/// A plan's field, called without a retain and a release around each call (invariant 12): the
/// plan's fill and write loops call one per member.
struct UnretainedField {
    private let accessor: Unmanaged<FieldAccessor>

    init(_ accessor: FieldAccessor) {
        self.accessor = .passUnretained(accessor)
    }

    @inline(__always)
    func read(from reader: inout JSONReader, into storage: ModelStorage) throws {
        try accessor._withUnsafeGuaranteedRef { try $0.read(from: &reader, into: storage) }
    }

    @inline(__always)
    func write(from storage: ModelStorage, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool {
        try accessor._withUnsafeGuaranteedRef { try $0.write(from: storage, to: &writer, isFirst: isFirst) }
    }
}
