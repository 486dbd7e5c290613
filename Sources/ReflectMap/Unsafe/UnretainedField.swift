// The plan's unretained field calls, one of the few files with unsafe code. An `UnretainedField` is
// made only by `TypePlan`, from an accessor its own arrays retain, and the plan drops both together
// (`tearDown`), which its owner does only once no mapping can use the plan. So the accessor outlives
// every call made through it.

/// A plan's field, called without a retain and a release around each call: the
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
