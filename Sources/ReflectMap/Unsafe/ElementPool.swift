import Foundation

// The blocks in which arrays gather their elements, and dictionaries their keys and values, on both
// routes, one of the few files with unsafe code.
//
// An `ElementBuffer` holds exactly `count` initialised elements at the start of a block bound
// to `Element`, and nothing else; it is the block's only user until it gives the block back, with
// every element moved out or destroyed first. A block is bound to a new type only while it holds no
// element. Pooled blocks are 16-byte aligned; an element type that needs more gets a block of its
// own, never pooled. A pool passes to a later read (on any thread, through a lock) only when its read
// is over and no copy of the reader holds it: every buffer of that read has finished or discarded, so
// every block is back in the pool.

// Arrays read on the byte route do not know their length until the closing bracket. Appending to a
// Swift array grows it several times, and in generic code each growth looks up the new buffer's
// metadata. Instead the elements gather in a block lent by the reader's pool, and the array is made
// once, at its final size. A dictionary's members gather the same way, in two buffers filled in
// pairs, and go into the dictionary once it has grown to hold them all.

/// Raw blocks lent to the ``ElementBuffer``s of one read. Single-threaded: it belongs to one
/// `JSONReader` at a time. The free blocks form a stack linked through their own first bytes (the
/// next block's address, then the block's size), so lending and taking back cost a few loads. When
/// its read is over, a pool and its blocks wait among a few spares for the next read, on any thread.
@safe
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
        while let block = unsafe head {
            unsafe head = unsafe block.load(as: UnsafeMutableRawPointer?.self)
            unsafe block.deallocate()
        }
    }

    private func freeBlocks(largerThan limit: Int) {
        var kept: UnsafeMutableRawPointer?
        while let block = unsafe head {
            unsafe head = unsafe block.load(as: UnsafeMutableRawPointer?.self)
            let size = unsafe block.load(fromByteOffset: 8, as: Int.self)
            if size > limit {
                unsafe block.deallocate()
            } else {
                unsafe block.storeBytes(of: kept, as: UnsafeMutableRawPointer?.self)
                unsafe kept = unsafe block
            }
        }
        unsafe head = unsafe kept
    }

    /// The most recently returned block when it is big enough, or a new one.
    @inline(__always)
    fileprivate func take(atLeast bytes: Int) -> (base: UnsafeMutableRawPointer, bytes: Int) {
        if let block = unsafe head {
            let size = unsafe block.load(fromByteOffset: 8, as: Int.self)
            if size >= bytes {
                unsafe head = unsafe block.load(as: UnsafeMutableRawPointer?.self)
                return unsafe (block, size)
            }
        }
        let size = Swift.max(bytes, 512)
        return (UnsafeMutableRawPointer.allocate(byteCount: size, alignment: Self.alignment), size)
    }

    /// Takes back a block that holds no element (its memory is rebound to raw words here).
    @inline(__always)
    fileprivate func giveBack(_ block: UnsafeMutableRawPointer, bytes: Int) {
        unsafe block.storeBytes(of: head, as: UnsafeMutableRawPointer?.self)
        unsafe block.storeBytes(of: bytes, toByteOffset: 8, as: Int.self)
        unsafe head = unsafe block
    }
}

/// Elements gathered for an array whose length is not known yet. Every path out of a read calls
/// ``finish(into:pool:)`` or ``discard(_:pool:)``.
///
/// The buffer is not generic, so generic code that keeps one looks up no metadata for it; its
/// methods take the element type instead. Every call on one buffer names the same `Element`: the one
/// `JSONReader.gatherElements(into:_:)` made it for, which is the type its block is bound to.
@safe
struct ElementBuffer {
    private var base: UnsafeMutableRawPointer?
    private var bytes = 0
    private var capacity = 0
    private var count = 0

    @inline(__always)
    mutating func append<Element>(_ element: consuming Element, pool: ElementPool) {
        unsafe nextSlot(Element.self, pool).initialize(to: consume element)
        count += 1
    }

    /// The uninitialised slot at `count`, the block grown first when it is full.
    @inline(__always)
    private mutating func nextSlot<Element>(_: Element.Type, _ pool: ElementPool) -> UnsafeMutablePointer<Element> {
        if count == capacity { grow(Element.self, pool) }
        // `grow` set `base`, bound to `Element` with room for `capacity` elements; `capacity` is 0
        // while it is nil. So `count` is below `capacity`, and the slot at `count` holds no element.
        return unsafe base.unsafelyUnwrapped.assumingMemoryBound(to: Element.self) + count
    }

    /// Appends a new model that `adapter` fills from the object under the cursor, made where it is
    /// kept: when lenient mode drops it, or the read throws, it is destroyed and not appended. The
    /// model is moved only into its slot, as it is made: in generic code each move of one is a call.
    /// Returns whether it was kept.
    @inline(__always)
    mutating func appendModel<Model: Mappable>(
        _ adapter: ModelAdapter<Model>, from reader: inout JSONReader, pool: ElementPool
    ) throws -> Bool {
        let slot = unsafe nextSlot(Model.self, pool)
        // The fill cannot reach this buffer (a nested array or dictionary gathers in buffers of its
        // own), so the slot stays where it is. While the fill runs, the slot holds the model beyond the
        // buffer's `count`; before this returns or throws, the model is counted or destroyed, and the
        // buffer again holds exactly `count` elements.
        unsafe slot.initialize(to: Model())
        let kept: Bool
        do {
            kept = unsafe try adapter.fillNew(&slot.pointee, from: &reader)
        } catch {
            unsafe slot.deinitialize(count: 1)
            throw error
        }
        if kept {
            count += 1
        } else {
            unsafe slot.deinitialize(count: 1)
        }
        return kept
    }

    @inline(never)
    private mutating func grow<Element>(_: Element.Type, _ pool: ElementPool) {
        let stride = MemoryLayout<Element>.stride
        let wanted = Swift.max(capacity * 2, 8) * stride
        let pooled = MemoryLayout<Element>.alignment <= ElementPool.alignment
        let block: (base: UnsafeMutableRawPointer, bytes: Int) =
            unsafe pooled
            ? pool.take(atLeast: wanted)
            : (UnsafeMutableRawPointer.allocate(byteCount: wanted, alignment: MemoryLayout<Element>.alignment), wanted)
        let newCapacity = unsafe block.bytes / stride
        let newBase = unsafe block.base.bindMemory(to: Element.self, capacity: newCapacity)
        if let base = unsafe base {
            unsafe newBase.moveInitialize(from: base.assumingMemoryBound(to: Element.self), count: count)
            unsafe giveBack(base, Element.self, pool)
        }
        unsafe base = UnsafeMutableRawPointer(newBase)
        bytes = unsafe block.bytes
        capacity = newCapacity
    }

    /// Moves the elements to the end of `array`, and gives the block back. `elementsAreObjects`
    /// says that `Element` is a class, so that each element is one strong reference.
    mutating func finish<Element>(into array: inout [Element], pool: ElementPool, elementsAreObjects: Bool) {
        guard let raw = unsafe base else { return }
        // Bound to `Element` by `grow`, with `count` elements initialised.
        let base = unsafe raw.assumingMemoryBound(to: Element.self)
        let count = self.count
        // `count == 0` rather than `isEmpty`: generic code reaches `isEmpty` through `Collection`,
        // which costs a metadata and a witness-table lookup per array; `count` is Array's own.
        if array.count == 0 && !_isPOD(Element.self) {
            if elementsAreObjects, let objects = unsafe Self.objectArray(moving: base, count: count) {
                array = objects
            } else {
                array = unsafe Array(unsafeUninitializedCapacity: count) { buffer, initialized in
                    // A capacity of at least one always has a base address.
                    guard let target = buffer.baseAddress else { return }
                    unsafe target.moveInitialize(from: base, count: count)
                    initialized = count
                }
            }
        } else {
            // Plain values (numbers, `Bool`) copy as bytes. `reserveCapacity` is specialised for
            // them and caches the buffer's metadata, where `Array(unsafeUninitializedCapacity:)`
            // looks it up each time.
            array.reserveCapacity(array.count + count)
            unsafe array.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
            unsafe base.deinitialize(count: count)
        }
        unsafe release(raw, Element.self, pool)
    }

    /// The elements of a class, moved into an array of ``ClassInstance``, or `nil` (nothing moved)
    /// where the standard library would not keep them in the same buffer class.
    ///
    /// Generic code that makes an `[Element]` looks up the metadata of the array's types for each
    /// array, a few hundred instructions. For any class, the standard library keeps an array's
    /// elements in one buffer class (`_ContiguousArrayStorage<AnyObject>`, from its
    /// `getContiguousArrayStorageType(for:)`) on every platform but Apple releases before those
    /// named here. So an array of ``ClassInstance``, made in code specialised for it (its metadata
    /// looked up once per process), that holds the same references is already an `[Element]`: same
    /// buffer class, same layout.
    private static func objectArray<Element>(moving base: UnsafeMutablePointer<Element>, count: Int) -> [Element]? {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return nil }
        // The caller says `Element` is a class: each element is one strong reference, laid out
        // as a `ClassInstance` reference is, so the block may be read as those while they move out.
        // No element is ever used as a `ClassInstance`.
        let objects = unsafe base.withMemoryRebound(to: ClassInstance.self, capacity: count) { objects in
            unsafe [ClassInstance](unsafeUninitializedCapacity: count) { buffer, initialized in
                // A capacity of at least one always has a base address.
                guard let target = buffer.baseAddress else { return }
                unsafe target.moveInitialize(from: objects, count: count)
                initialized = count
            }
        }
        // Both are one reference to the same buffer class; the elements are `Element`s.
        return unsafe unsafeBitCast(objects, to: [Element].self)
    }

    /// The element type ``objectArray(moving:count:)`` makes its arrays with: any class would do,
    /// and this one is never instantiated.
    private final class ClassInstance {}

    /// Moves the keys gathered in `keys` and the values gathered in `values` into `dictionary`, pair
    /// by pair in the order they were read, so that a later value of a repeated key replaces the
    /// earlier one, and gives both blocks back. The dictionary grows once, to room for them all:
    /// grown a member at a time, it would double several times, and every doubling rehashes every
    /// key through the generic (unspecialised) dictionary code. The caller appends to both buffers
    /// in pairs, so they hold the same count.
    static func insert<Key: Hashable, Value>(
        keys: inout ElementBuffer, values: inout ElementBuffer, into dictionary: inout [Key: Value],
        pool: ElementPool
    ) {
        // Each key is moved out with the value at its offset: a key without a value would be
        // moved out with memory that holds none.
        precondition(keys.count == values.count, "a dictionary's keys and values out of step")
        guard let keyBlock = unsafe keys.base, let valueBlock = unsafe values.base else {
            // No pair to move. A buffer may still hold a block with no element left in it (a key
            // taken back before any value was gathered): the block goes back all the same.
            if let keyBlock = unsafe keys.base { unsafe keys.release(keyBlock, Key.self, pool) }
            if let valueBlock = unsafe values.base { unsafe values.release(valueBlock, Value.self, pool) }
            return
        }
        let count = keys.count
        // Both bound by `grow`, to `Key` and `Value`, with `count` elements initialised in each.
        let keyBase = unsafe keyBlock.assumingMemoryBound(to: Key.self)
        let valueBase = unsafe valueBlock.assumingMemoryBound(to: Value.self)
        dictionary.reserveCapacity(dictionary.count + count)
        for offset in 0..<count {
            // Each pair is moved out once: after the loop both blocks hold no element.
            dictionary.updateValue(unsafe (valueBase + offset).move(), forKey: unsafe (keyBase + offset).move())
        }
        unsafe keys.release(keyBlock, Key.self, pool)
        unsafe values.release(valueBlock, Value.self, pool)
    }

    /// Destroys the last element appended.
    mutating func removeLast<Element>(_: Element.Type) {
        guard count > 0, let raw = unsafe base else { return }
        count -= 1
        // Bound to `Element` by `grow`; the element at `count` was initialised, and is no longer
        // counted once it is destroyed.
        unsafe (raw.assumingMemoryBound(to: Element.self) + count).deinitialize(count: 1)
    }

    /// Destroys the elements (a read that throws), and gives the block back.
    mutating func discard<Element>(_: Element.Type, pool: ElementPool) {
        guard let raw = unsafe base else { return }
        // Bound to `Element` by `grow`, with `count` elements initialised.
        unsafe raw.assumingMemoryBound(to: Element.self).deinitialize(count: count)
        unsafe release(raw, Element.self, pool)
    }

    /// Gives an emptied block back, or frees one that was never pooled.
    private func giveBack<Element>(_ block: UnsafeMutableRawPointer, _: Element.Type, _ pool: ElementPool) {
        if MemoryLayout<Element>.alignment <= ElementPool.alignment {
            unsafe pool.giveBack(block, bytes: bytes)
        } else {
            unsafe block.deallocate()
        }
    }

    private mutating func release<Element>(_ block: UnsafeMutableRawPointer, _: Element.Type, _ pool: ElementPool) {
        unsafe giveBack(block, Element.self, pool)
        unsafe base = nil
        capacity = 0
        count = 0
    }
}
