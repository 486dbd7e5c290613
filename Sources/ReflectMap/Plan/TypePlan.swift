/// Everything the mapper needs to know about one model type, worked out once: its fields, their
/// JSON keys and their adapters.
///
/// A plan fills a model from a ``JSONReader`` and writes it to a ``JSONWriter``; it never sees which
/// source or sink is behind them.
///
/// Thread safety: `PlanBuilder` creates a plan, registers it (so recursive types can refer to it), and
/// installs its fields before the build returns and the plan is published through ``PlanCache``
/// under its lock. After that a plan is never mutated, so sharing it between threads is safe, until
/// its owner tears it down: a recursive model's plan refers to itself through its fields, so the
/// cache that owns it breaks that cycle when it goes away.
final class TypePlan: @unchecked Sendable {
    /// The model type, named in errors.
    let modelType: Any.Type
    let isClass: Bool
    /// Whether the model is an `@Observable` class, whose observers only hear changes made through its
    /// properties' setters: the mapper fills new instances only (see ``ModelAdapter/update(_:from:)``).
    private(set) var isObservable = false
    /// Properties filled from JSON.
    private(set) var fillable: [FieldAccessor] = []
    /// Properties written to JSON (the fillable ones and `let` properties), in declaration order.
    private(set) var writable: [FieldAccessor] = []
    /// The same, sorted by key once, for sorted output.
    private(set) var writableSorted: [FieldAccessor] = []
    /// The members as written when some keys are paths (gathered into nested objects) or a
    /// discriminator goes among them, in declaration order and sorted.
    private(set) var nodes: [WriteNode] = []
    private(set) var nodesSorted: [WriteNode] = []
    private(set) var hasPaths = false
    /// `fillable`, `writable` and `writableSorted` as the fill and write loops call them.
    private(set) var fillLoop = UnretainedFields.none
    private var writeLoop = UnretainedFields.none
    private var writeLoopSorted = UnretainedFields.none
    /// The fillable properties' keys, pre-encoded for the byte route and hashed for trees.
    private(set) var keyTable = KeyTable(keys: []) {
        didSet { unretainedKeyTable = UnretainedKeyTable(keyTable) }
    }
    /// `keyTable` as the fill loop reads it.
    private(set) var unretainedKeyTable: UnretainedKeyTable

    init(modelType: Any.Type, isClass: Bool) {
        self.modelType = modelType
        self.isClass = isClass
        unretainedKeyTable = UnretainedKeyTable(keyTable)
    }

    deinit {
        dropLoops()
    }

    /// Frees the loops' blocks (see `UnretainedFields`).
    private func dropLoops() {
        fillLoop.deallocate()
        writeLoop.deallocate()
        writeLoopSorted.deallocate()
        fillLoop = .none
        writeLoop = .none
        writeLoopSorted = .none
    }

    /// The model type's name, spelled out only when an error needs it (see ``PropertyName``).
    var typeName: String { String(describing: modelType) }

    /// Called once by `PlanBuilder`, before the plan is published.
    func install(_ fields: [FieldAccessor], isObservable: Bool) {
        self.isObservable = isObservable
        writable = fields
        writableSorted = fields.sorted { $0.keys[0].name < $1.keys[0].name }
        hasPaths = fields.contains { $0.keys[0].isPath }
        nodes = WriteNode.tree(of: fields)
        // Without paths every node is one field, so the sorted nodes are the sorted fields.
        nodesSorted = hasPaths ? WriteNode.sorted(nodes) : writableSorted.map { .field($0 as any FieldNode) }
        fillable = fields.filter(\.isFillable)
        keyTable = KeyTable(keys: fillable.map(\.keys))
        dropLoops()
        fillLoop = UnretainedFields(fillable)
        writeLoop = UnretainedFields(writable)
        writeLoopSorted = UnretainedFields(writableSorted)
    }

    /// Drops the fields, breaking reference cycles. Called by the plan's owner when no mapping can
    /// use the plan any more.
    func tearDown() {
        dropLoops()
        fillable = []
        writable = []
        writableSorted = []
        nodes = []
        nodesSorted = []
    }

    /// Writes a model's storage as a JSON object. `discriminator` is a polymorphic model's type
    /// member, written among the others unless a property of the model writes that key itself.
    func write(_ storage: ModelStorage, to writer: inout JSONWriter, discriminator: (key: String, value: String)?) throws {
        guard hasPaths || discriminator != nil else { return try write(storage, to: &writer) }
        try writer.beginObject()
        let nodes = writer.sortsKeys ? nodesSorted : self.nodes
        var isFirst = true
        var pending = discriminator.flatMap { member in nodes.contains { $0.key == member.key } ? nil : member }
        for node in nodes {
            if let member = pending, !writer.sortsKeys || member.key < node.key {
                writer.writeKey(member.key, isFirst: isFirst)
                writer.writeString(member.value)
                isFirst = false
                pending = nil
            }
            if try node.write(from: storage, to: &writer, isFirst: isFirst) { isFirst = false }
        }
        if let member = pending {
            writer.writeKey(member.key, isFirst: isFirst)
            writer.writeString(member.value)
            isFirst = false
        }
        writer.endObject(isEmpty: isFirst)
    }
}

extension TypePlan {
    /// Writes a model's storage as a JSON object: the common case, with no paths and no discriminator.
    @inline(__always)
    func write(_ storage: ModelStorage, to writer: inout JSONWriter) throws {
        if hasPaths { return try write(storage, to: &writer, discriminator: nil) }
        try writer.beginObject()
        var isFirst = true
        let fields = writer.sortsKeys ? writeLoopSorted : writeLoop
        var index = 0
        while index < fields.count {
            if try fields[index].write(from: storage, to: &writer, isFirst: isFirst) { isFirst = false }
            index += 1
        }
        writer.endObject(isEmpty: isFirst)
    }
}

/// A member a plan writes: a property, or a nested object that gathers the properties whose
/// primary keys are paths through it (`location.lat` and `location.lng` share `location`).
enum WriteNode: Sendable {
    /// An existential rather than the class itself: with a plain `FieldAccessor` payload, code built
    /// by Swift 6.3 leaks the `group` boxes that `sorted` makes (LeakSanitizer found it, and valgrind
    /// shows it on a debug build; the existential layout does not leak).
    case field(any FieldNode)
    indirect case group(EncodedKey, [WriteNode])

    /// The member's key in the object it is written into.
    var key: String {
        switch self {
        case .field(let field):
            let components = field.keys[0].components
            return components[components.count - 1]
        case .group(let key, _): return key.string
        }
    }

    /// The fields in declaration order, each path's fields gathered under the first field's group.
    static func tree(of fields: [FieldAccessor]) -> [WriteNode] {
        var nodes: [WriteNode] = []
        for field in fields {
            insert(field, steps: field.keys[0].components.dropLast(), into: &nodes)
        }
        return nodes
    }

    private static func insert(_ field: FieldAccessor, steps: ArraySlice<String>, into nodes: inout [WriteNode]) {
        guard let step = steps.first else { return nodes.append(.field(field as any FieldNode)) }
        for index in nodes.indices {
            if case .group(let key, var members) = nodes[index], key.string == step {
                insert(field, steps: steps.dropFirst(), into: &members)
                nodes[index] = .group(key, members)
                return
            }
        }
        var members: [WriteNode] = []
        insert(field, steps: steps.dropFirst(), into: &members)
        nodes.append(.group(EncodedKey(step), members))
    }

    /// The same members sorted by key at every level.
    static func sorted(_ nodes: [WriteNode]) -> [WriteNode] {
        nodes.map { node in
            if case .group(let key, let members) = node { return .group(key, sorted(members)) }
            return node
        }.sorted { $0.key < $1.key }
    }

    /// Whether writing leaves the member out: an absent optional, or a group of them.
    func isOmitted(from storage: ModelStorage, writesNilAsNull: Bool) -> Bool {
        switch self {
        case .field(let field): return field.isOmitted(from: storage, writesNilAsNull: writesNilAsNull)
        case .group(_, let members): return members.allSatisfy { $0.isOmitted(from: storage, writesNilAsNull: writesNilAsNull) }
        }
    }

    /// Writes the member; `false` when it was left out.
    @inline(__always)
    func write(from storage: ModelStorage, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool {
        switch self {
        case .field(let field):
            return try field.write(from: storage, to: &writer, isFirst: isFirst)
        case .group(let key, let members):
            if isOmitted(from: storage, writesNilAsNull: writer.writesNilAsNull) { return false }
            writer.writeKey(key, isFirst: isFirst)
            writer.path.setKey(key.string)
            try writer.beginObject()
            var isFirstMember = true
            for member in members where try member.write(from: storage, to: &writer, isFirst: isFirstMember) {
                isFirstMember = false
            }
            writer.endObject(isEmpty: isFirstMember)
            return true
        }
    }
}

/// What a ``WriteNode`` needs of its field.
protocol FieldNode: AnyObject, Sendable {
    var keys: [FieldKey] { get }
    func isOmitted(from storage: ModelStorage, writesNilAsNull: Bool) -> Bool
    func write(from storage: ModelStorage, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool
}

extension FieldAccessor: FieldNode {}
