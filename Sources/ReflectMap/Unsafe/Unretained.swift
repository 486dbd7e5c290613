// The plan's unretained field calls, one of the few files with unsafe code. An `UnretainedBoundField`, an
// `UnretainedBoundFields` block and an unretained key table are made only by `TypePlan`, from objects its
// own properties retain, and the plan drops them all together (`tearDown`, or its deinit), which its
// owner does only once no mapping can use the plan. So every object reached through them outlives
// every call made through them.

/// A plan's field, called without a retain and a release around each call: the
/// plan's fill and write loops call one per member.
@safe
struct UnretainedBoundField {
    private let accessor: Unmanaged<AnyBoundField>
    /// The field's direct read and write, when it is a built-in scalar with its built-in adapter.
    private let scalar: ScalarField?

    init(_ accessor: AnyBoundField) {
        unsafe self.accessor = unsafe .passUnretained(accessor)
        scalar = accessor.scalarField
    }

    @inline(__always)
    func read(from reader: inout JSONReader, into storage: ModelStorage) throws {
        if let scalar {
            try scalar.read(&reader, into: storage)
        } else {
            unsafe try accessor._withUnsafeGuaranteedRef { try $0.read(from: &reader, into: storage) }
        }
    }

    @inline(__always)
    func write(from storage: ModelStorage, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool {
        guard let scalar else {
            return unsafe try accessor._withUnsafeGuaranteedRef {
                try $0.write(from: storage, to: &writer, isFirst: isFirst)
            }
        }
        return unsafe try accessor._withUnsafeGuaranteedRef {
            try $0.write(scalar, from: storage, to: &writer, isFirst: isFirst)
        }
    }
}

/// A plan's fields as its fill and write loops call them, in a block the plan allocates once, when its
/// fields are installed, and frees when it drops them. A plan's `var` of this type is read with no
/// reference counting, where an array would be retained and released for every object.
@safe
struct UnretainedBoundFields {
    // Invariant: `base` points to `count` initialised fields, from `init` until `deallocate()`, which
    // the plan calls only when no mapping can use it (see above). `base` is `nil` only when `count` is 0.
    private let base: UnsafeMutablePointer<UnretainedBoundField>?
    let count: Int

    /// No fields, and no block.
    static var none: UnretainedBoundFields { unsafe UnretainedBoundFields(base: nil, count: 0) }

    private init(base: UnsafeMutablePointer<UnretainedBoundField>?, count: Int) {
        unsafe self.base = unsafe base
        self.count = count
    }

    init(_ accessors: [AnyBoundField]) {
        count = accessors.count
        guard count > 0 else {
            unsafe base = nil
            return
        }
        let block = UnsafeMutablePointer<UnretainedBoundField>.allocate(capacity: count)
        // Initialises all `count` fields of the new block, which the invariant needs.
        unsafe block.initialize(from: accessors.map(UnretainedBoundField.init), count: count)
        unsafe base = unsafe block
    }

    /// Frees the block. `UnretainedBoundField` holds no reference, so nothing is deinitialised.
    func deallocate() {
        unsafe base?.deallocate()
    }

    /// The field at `index`. Out of range is a programming error, and traps as an array does.
    @inline(__always)
    subscript(index: Int) -> UnretainedBoundField {
        // One unsigned comparison covers a negative index too; with it the load stays within the
        // `count` initialised fields of the invariant.
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "field index out of range")
        return unsafe base.unsafelyUnwrapped[index]
    }
}

/// A plan's key table, read by the fill loop without a retain and a release per object.
@safe
struct UnretainedKeyTable {
    private let table: Unmanaged<KeyTable>

    init(_ table: KeyTable) {
        unsafe self.table = unsafe .passUnretained(table)
    }

    /// Calls `body` with the table, borrowed for the length of the call.
    @inline(__always)
    func with<Result>(_ body: (KeyTable) throws -> Result) rethrows -> Result {
        unsafe try table._withUnsafeGuaranteedRef { try body($0) }
    }
}
