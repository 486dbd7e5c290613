// A model's plan as a read crosses it: the plan and its fields, the loop that fills a model from a
// JSON object, and the adapter that runs it for a `Mappable` type, in this order:
// `ModelAdapter.read` → `TypePlan.fill` → `BoundField.read` → the field's own adapter. They share a file
// so that a warm read of a model runs code in one file of the plan; writing is in TypePlan+Writing.swift.

// MARK: - The plan

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
    private(set) var fillable: [AnyBoundField] = []
    /// Properties written to JSON (the fillable ones and `let` properties), in declaration order.
    private(set) var writable: [AnyBoundField] = []
    /// The same, sorted by key once, for sorted output.
    private(set) var writableSorted: [AnyBoundField] = []
    /// The members as written when some keys are paths (gathered into nested objects) or a
    /// discriminator goes among them, in declaration order and sorted.
    private(set) var nodes: [WriteNode] = []
    private(set) var nodesSorted: [WriteNode] = []
    private(set) var hasPaths = false
    /// Whether writing an instance of this class must track it to catch a reference cycle: some
    /// field may hold model instances. An instance whose fields hold none cannot lead back to
    /// itself, nor to any instance on the path above it, so a cycle never passes through it.
    private(set) var tracksInstances = true
    /// `fillable`, `writable` and `writableSorted` as the fill and write loops call them.
    private(set) var fillLoop = UnretainedBoundFields.none
    private(set) var writeLoop = UnretainedBoundFields.none
    private(set) var writeLoopSorted = UnretainedBoundFields.none
    /// The fillable properties' keys, pre-encoded for the byte route and hashed for trees.
    private(set) var keyTable = KeyTable.empty {
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

    /// Frees the loops' blocks (see `UnretainedBoundFields`).
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
    func install(_ fields: [AnyBoundField], isObservable: Bool) {
        self.isObservable = isObservable
        writable = fields
        writableSorted = fields.sorted { $0.keys[0].name < $1.keys[0].name }
        hasPaths = fields.contains { $0.keys[0].isPath }
        tracksInstances = isClass && fields.contains { $0.mayHoldInstances }
        nodes = WriteNode.tree(of: fields)
        // Without paths every node is one field, so the sorted nodes are the sorted fields.
        nodesSorted = hasPaths ? WriteNode.sorted(nodes) : writableSorted.map { .field($0 as any WritableField) }
        fillable = fields.filter(\.isFillable)
        keyTable = KeyTable(keys: fillable.map(\.keys))
        dropLoops()
        fillLoop = UnretainedBoundFields(fillable)
        writeLoop = UnretainedBoundFields(writable)
        writeLoopSorted = UnretainedBoundFields(writableSorted)
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
}

// MARK: - Filling a model

/// Filling a model from one JSON object: the one place where the object rules are decided, for bytes
/// and trees alike, as the members arrive.
///
/// - **Repeated keys**: the last value wins. An earlier value is read (and validated), then replaced:
///   the property goes back to its default before the later value is read, so an unusable later
///   value leaves the default, and what the report said of the earlier value is dropped.
/// - **Alternate keys**: the preferred key wins wherever it comes. A lesser key after it is skipped;
///   a lesser key before it is replaced as a repeated key is.
/// - **Path keys** (`@JSONKey(path:)`) follow the input's nesting through the key table's groups. A
///   step of decimal digits also indexes an array there. A repeated group replaces every property it
///   filled.
/// - **Strict mode**: a member that fails does not end the object. Once every member is read, the
///   object throws the error of its first property, in declaration order, that failed or has no key.
///   Malformed JSON throws at once, wherever it is.
/// - **Missing keys** are noted (or, in strict mode, thrown) in declaration order, after the members.
extension TypePlan {
    /// Fills a model's storage from the JSON object under the reader's cursor (the caller has
    /// checked that it is one). `storage` is `nil` only for a struct with no stored properties.
    /// `updating` fills only the properties whose keys are present, and notes no missing ones.
    /// `reset` puts a property back to its default (for an update, its value before the update) before
    /// a repeated key's later value is read into it.
    @inline(__always)
    func fill(
        _ storage: ModelStorage?, from reader: inout JSONReader, updating: Bool,
        reset: (AnyBoundField, ModelStorage) -> Void
    ) throws {
        let fields = fillLoop
        try unretainedKeyTable.with { table in
            var state = FillState(
                filled: FilledFields(fieldCount: fields.count, hasAlternates: table.hasAlternates),
                depth: reader.path.count
            )
            let context = FillContext(fields: fields, storage: storage)
            if reader.isTree {
                try readMembers(TreeMembers.self, TreeMembers.self, of: table, context, &state, &reader, reset)
            } else {
                try readMembers(ByteMembers.self, ByteMembers.self, of: table, context, &state, &reader, reset)
            }
            if state.filled.count < fields.count || state.errors != nil {
                try settle(state, &reader, updating: updating)
            }
        }
    }

    /// The object's members, one by one, each into the property (or the group of path keys) its
    /// key names: the one loop that fills a model, as GSON's reflective adapter's does, written once
    /// for bytes and trees (``ObjectMembers``).
    ///
    /// `Container` is what the members come from: the object (`Members` itself), or the array whose
    /// elements a group's index keys name (``IndexedElements``). Objects further in are read as
    /// `Members`.
    @inline(__always)
    @discardableResult
    private func readMembers<Container: ObjectMembers, Members: ObjectMembers>(
        _ container: Container.Type, _ source: Members.Type, of table: KeyTable, _ context: FillContext,
        _ state: inout FillState, _ reader: inout JSONReader, _ reset: (AnyBoundField, ModelStorage) -> Void
    ) throws -> Bool {
        guard var members = try Container(&reader) else { return false }
        while let entry = try members.next(&reader, of: table) {
            if let group = entry.group {
                try readGroup(group, of: table, Members.self, context, &state, &reader, reset)
            } else {
                try readField(entry, context, &state, &reader, reset)
            }
        }
        members.end(&reader, of: table)
        return true
    }

    /// Reads one member into the property its key names.
    @inline(__always)
    private func readField(
        _ entry: KeyTable.Entry, _ context: FillContext, _ state: inout FillState, _ reader: inout JSONReader,
        _ reset: (AnyBoundField, ModelStorage) -> Void
    ) throws {
        let field = entry.field
        if state.filled.contains(field) {
            // A key the property prefers has filled it already: this value is not taken.
            guard state.filled.accepts(field, priority: entry.priority) else { return try reader.skipValue() }
            replace(field, context, &state, &reader, reset)
        }
        state.filled.mark(field, priority: entry.priority)
        guard let storage = context.storage else { return try reader.skipValue() }
        if reader.isStrict {
            if let failure = try reader.readOnPast({ reader in
                try context.fields[field].read(from: &reader, into: storage)
            }) {
                state.fail(field, failure, fieldCount: context.fields.count)
            }
        } else {
            try context.fields[field].read(from: &reader, into: storage)
        }
    }

    /// A member whose key is the first step of path keys: its object's members fill those properties,
    /// and so do an array's elements that numeric steps name (`coordinates.0`), as ``JSONKeyPath``
    /// follows a step wherever a key path is accepted.
    private func readGroup<Members: ObjectMembers>(
        _ index: Int, of table: KeyTable, _ source: Members.Type, _ context: FillContext, _ state: inout FillState,
        _ reader: inout JSONReader, _ reset: (AnyBoundField, ModelStorage) -> Void
    ) throws {
        let group = table.groups[index]
        if state.markGroup(group.ordinal) {
            // A repeated group: only the last one's members count, and only what they report.
            reader.dropReportUnderMember()
            // The properties the earlier one filled: through one of its keys, not an alternate elsewhere.
            for (field, priority) in group.keys
            where state.filled.contains(field) && state.filled.priority(of: field) == priority {
                replace(field, context, &state, &reader, reset)
                state.filled.unmark(field)
            }
        }
        if let plain = group.plain {
            // A property whose own key this is takes the whole value too: read it, then read again.
            let mark = reader.valueMark()
            try readField(plain, context, &state, &reader, reset)
            reader.rewind(to: mark)
        }
        if try reader.isObjectNext() {
            try readMembers(Members.self, Members.self, of: group.table, context, &state, &reader, reset)
            return
        }
        if !group.table.indexed.isEmpty,
            try readMembers(IndexedElements.self, Members.self, of: group.table, context, &state, &reader, reset)
        {
            return
        }
        // Neither an object nor an array that a numeric step indexes: the group's keys are missing.
        try reader.skipValue()
    }

    /// Undoes what an earlier value did to a property that a later member fills again.
    @inline(never)
    private func replace(
        _ field: Int, _ context: FillContext, _ state: inout FillState, _ reader: inout JSONReader,
        _ reset: (AnyBoundField, ModelStorage) -> Void
    ) {
        if state.errors != nil { state.errors?[field] = nil }
        if reader.isReporting {
            let earlier = fillable[field].keys[state.filled.priority(of: field)]
            reader.dropReport(depth: state.depth, steps: earlier.components)
        }
        if let storage = context.storage { reset(fillable[field], storage) }
    }

    /// The end of the object: the first property in declaration order that failed or has no key
    /// decides, as the object rules say.
    @inline(never)
    private func settle(_ state: FillState, _ reader: inout JSONReader, updating: Bool) throws {
        do {
            for index in fillable.indices {
                if let failure = state.errors?[index] ?? nil { throw failure }
                if !updating && !state.filled.contains(index) { try fillable[index].noteMissing(&reader) }
            }
        } catch var error as MappingError {
            error.valueIsRead = true
            throw error
        }
    }
}

/// What one fill reads into, unchanged while it reads.
private struct FillContext {
    /// The plan's fields, taken out of the plan once per object: a class's `var` costs an
    /// exclusivity check on every read.
    let fields: UnretainedBoundFields
    let storage: ModelStorage?
}

/// What one object has done so far to its model.
private struct FillState {
    var filled: FilledFields
    /// Strict mode's failures by field; `nil` until the first (no array is made per object).
    var errors: [MappingError?]?
    /// The groups met so far, as bits by ordinal (the first 64: more is not a model).
    private var groupsSeen: UInt64 = 0
    /// The path depth of the model's object.
    let depth: Int
    init(filled: FilledFields, depth: Int) {
        self.filled = filled
        self.depth = depth
    }

    mutating func fail(_ field: Int, _ error: MappingError, fieldCount: Int) {
        if errors == nil { errors = Array(repeating: nil, count: fieldCount) }
        errors?[field] = error
    }

    /// Notes that a group's member was met; `true` when it had been met before in this object.
    mutating func markGroup(_ ordinal: Int) -> Bool {
        guard ordinal < 64 else { return false }
        let bit: UInt64 = 1 << UInt64(ordinal)
        defer { groupsSeen |= bit }
        return groupsSeen & bit != 0
    }
}

/// Which of a plan's fields one JSON object has filled so far, and through which key.
///
/// Most models have at most 64 fields and no alternate keys; they get by with one machine word, and
/// no array is made (or reference counted) per object. Others keep each field's best key priority in
/// an array.
struct FilledFields {
    private var bits: UInt64 = 0
    private var priorities: [Int]?
    private(set) var count = 0

    init(fieldCount: Int, hasAlternates: Bool) {
        if fieldCount > 64 || hasAlternates { priorities = Array(repeating: .max, count: fieldCount) }
    }

    /// Whether a value under a key of this priority may fill the field: no key of higher priority
    /// (a lower number) has filled it already.
    @inline(__always)
    func accepts(_ field: Int, priority: Int) -> Bool {
        guard let priorities else { return true }
        return priority <= priorities[field]
    }

    /// The priority of the key that filled the field (0 when the plan has no alternates).
    func priority(of field: Int) -> Int {
        priorities?[field] ?? 0
    }

    @inline(__always)
    mutating func mark(_ field: Int, priority: Int) {
        if !contains(field) { count += 1 }
        if priorities == nil {
            bits |= 1 << field
        } else {
            priorities?[field] = priority
        }
    }

    mutating func unmark(_ field: Int) {
        guard contains(field) else { return }
        count -= 1
        if priorities == nil {
            bits &= ~(1 << field)
        } else {
            priorities?[field] = .max
        }
    }

    @inline(__always)
    func contains(_ field: Int) -> Bool {
        guard let priorities else { return bits & (1 << field) != 0 }
        return priorities[field] != .max
    }
}

// MARK: - Fields

/// One property of a plan, whatever its type: its JSON keys, and how to read and write it. ``BoundField`` is the one
/// subclass, and it overrides every method; the base class alone would be a property that is never
/// read and never written. (A class rather than a protocol: the plan calls its fields through
/// ``UnretainedBoundField`` without retaining each one, which needs a single-reference type.)
class AnyBoundField: @unchecked Sendable {
    /// The keys tried when reading, primary first; the primary is used when writing.
    let keys: [PropertyKey]
    /// False for `let` properties: they are written to JSON but never filled from it.
    let isFillable: Bool
    /// The key the property is written under, encoded once.
    let encodedKey: EncodedKey

    init(keys: [PropertyKey], isFillable: Bool) {
        self.keys = keys
        self.isFillable = isFillable
        self.encodedKey = EncodedKey(keys[0].components[keys[0].components.count - 1])
    }

    /// The key the property is written under: the last component of its primary key.
    var writtenKey: String { keys[0].components.last ?? keys[0].name }

    /// Reads the value under the reader's cursor into the property.
    func read(from reader: inout JSONReader, into storage: ModelStorage) throws {
        try reader.skipValue()
    }

    /// No key filled the property: an error in strict mode unless it is optional, else a report entry.
    func noteMissing(_ reader: inout JSONReader) throws {}

    /// Copies the property's value from one instance of the model to another.
    func copy(from source: ModelStorage, to storage: ModelStorage) {}

    /// Whether writing leaves the property out (an absent optional, unless `nil` is written as `null`).
    func isOmitted(from storage: ModelStorage, writesNilAsNull: Bool) -> Bool {
        true
    }

    /// Writes the property as a member of the object being written, under the last component of
    /// its primary key. Returns `false` when it left the member out (an absent optional).
    func write(from storage: ModelStorage, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool {
        false
    }

    /// Whether the property's values may hold model instances (see ``TypeAdapter/mayHoldInstances``).
    var mayHoldInstances: Bool { true }

    /// How the fill and write loops read and write the property with no call through the field and
    /// its adapter: `nil` but for a built-in scalar whose adapter is its built-in one.
    var scalarField: ScalarField? { nil }

    /// Writes the property through its ``scalarField``, as ``write(from:to:isFirst:)`` would: errors
    /// name the member. Final, and its key passed from the field itself, so that the
    /// call copies nothing.
    final func write(
        _ scalar: ScalarField, from storage: ModelStorage, to writer: inout JSONWriter, isFirst: Bool
    ) throws -> Bool {
        writer.path.setTop(field: self)
        return try scalar.write(from: storage, key: encodedKey, isFirst: isFirst, to: &writer)
    }

    /// Writes the property's value alone, as an array element: an absent optional is `null`, which
    /// keeps the later elements at their indices.
    func writeValue(from storage: ModelStorage, to writer: inout JSONWriter) throws {
        writer.writeNull()
    }
}

/// A property of type `Value`: ``AnyBoundField`` with its adapter and typed slot.
final class BoundField<Value>: AnyBoundField, @unchecked Sendable {
    private let slot: FieldSlot<Value>
    private let adapter: TypeAdapter<Value>

    init(keys: [PropertyKey], slot: FieldSlot<Value>, isFillable: Bool, adapter: TypeAdapter<Value>) {
        self.slot = slot
        self.adapter = adapter
        super.init(keys: keys, isFillable: isFillable)
    }

    override func read(from reader: inout JSONReader, into storage: ModelStorage) throws {
        try adapter.read(&reader, into: storage, at: slot)
    }

    override var scalarField: ScalarField? { adapter.scalarField(at: slot) }

    override func noteMissing(_ reader: inout JSONReader) throws {
        if reader.isStrict && !adapter.isOptional {
            throw MappingError(.missingKey(expected: adapter.typeName), at: reader.components + [.key(keys[0].name)])
        }
        reader.noteUnfilledProperty(keys[0].name)
    }

    override func copy(from source: ModelStorage, to storage: ModelStorage) {
        storage.store(source.load(slot), at: slot)
    }

    override func isOmitted(from storage: ModelStorage, writesNilAsNull: Bool) -> Bool {
        !writesNilAsNull && adapter.isAbsent(storage.load(slot))
    }

    override func write(from storage: ModelStorage, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool {
        writer.path.setTop(field: self)
        return try adapter.writeMember(from: storage, at: slot, key: encodedKey, isFirst: isFirst, to: &writer)
    }

    override func writeValue(from storage: ModelStorage, to writer: inout JSONWriter) throws {
        try adapter.write(storage.load(slot), to: &writer)
    }

    override var mayHoldInstances: Bool { adapter.mayHoldInstances }
}

// MARK: - The model adapter

/// A `Mappable` model: a JSON object whose members fill the model's properties through its plan.
/// Before filling, the model's ``Mappable/willStartMapping()`` runs; after, its
/// ``Mappable/didFinishMapping()`` runs on it before it is stored; a model it rejects is an unusable
/// value.
final class ModelAdapter<Model: Mappable>: TypeAdapter<Model>, @unchecked Sendable {
    let plan: TypePlan

    init(plan: TypePlan) {
        self.plan = plan
    }

    // The in-place entry points hand the model on rather than returning `Model?` through `read`,
    // which keeps generic `Optional` metadata off the hot path.

    override func read(_ reader: inout JSONReader) throws -> Model? {
        guard try reader.isObjectNext() else { return try reader.rejectValue(expected: "an object (\(typeName))") }
        var accepted = false
        let model = try makeModel(from: &reader, accepted: &accepted)
        return accepted ? model : nil
    }

    override func read(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldSlot<Model>) throws {
        guard try reader.isObjectNext() else { return try rejectNonObject(&reader) }
        var accepted = false
        let model = try makeModel(from: &reader, accepted: &accepted)
        if accepted { storage.store(model, at: field) }
    }

    override func readOptional(
        _ reader: inout JSONReader, into storage: ModelStorage, at field: FieldSlot<Model?>
    ) throws {
        if try reader.readNull() { return storage.store(nil, at: field) }
        guard try reader.isObjectNext() else { return try rejectNonObject(&reader) }
        var accepted = false
        let model = try makeModel(from: &reader, accepted: &accepted)
        if accepted { storage.store(model, at: field) }
    }

    override func read(
        _ reader: inout JSONReader, appendingTo buffer: inout ElementBuffer, pool: ElementPool
    ) throws -> Bool {
        guard try reader.isObjectNext() else {
            try rejectNonObject(&reader)
            return false
        }
        return try buffer.appendModel(self, from: &reader, pool: pool)
    }

    override func readElements(_ reader: inout JSONReader, into result: inout [Model]) throws -> Bool {
        try reader.gatherElements(into: &result, elementsAreObjects: plan.isClass) { reader, elements, pool in
            _ = try read(&reader, appendingTo: &elements, pool: pool)
        }
    }

    /// Reports or throws for a value that is not an object. Kept out of line: the `Model?` it
    /// needs would otherwise cost its callers a metadata lookup on every call, failing or not.
    @inline(never)
    private func rejectNonObject(_ reader: inout JSONReader) throws {
        let _: Model? = try reader.rejectValue(expected: "an object (\(typeName))")
    }

    /// A new model filled from the object under the cursor. `accepted` is false when its hook
    /// rejected it in lenient mode. (An `inout` flag rather than `Model?`: in generic code every
    /// `Optional` costs a runtime metadata lookup.)
    @inline(__always)
    private func makeModel(from reader: inout JSONReader, accepted: inout Bool) throws -> Model {
        var model = Model()
        accepted = try fillNew(&model, from: &reader)
        return model
    }

    /// Fills a new model from the object under the cursor and runs its hooks; `false` when lenient
    /// mode dropped the model its hook rejected.
    @inline(__always)
    func fillNew(_ model: inout Model, from reader: inout JSONReader) throws -> Bool {
        model.willStartMapping()
        let isClass = plan.isClass
        try fill(&model, from: &reader, updating: false) { field, storage in
            var fresh = Model()
            StoredFields.withStorage(of: &fresh, isClass: isClass) { field.copy(from: $0, to: storage) }
        }
        return try finish(&model, &reader)
    }

    /// Runs a filled model's ``Mappable/didFinishMapping()`` on the model itself, before it is stored.
    /// Returns `false` when lenient mode dropped the model it rejected; strict mode and the top level
    /// throw.
    @inline(__always)
    private func finish(_ model: inout Model, _ reader: inout JSONReader) throws -> Bool {
        do {
            try model.didFinishMapping()
            return true
        } catch {
            let _: Bool? = try reader.fail(rejecting: error, as: typeName, value: nil)
            return false
        }
    }

    /// Fills an existing model from the object under the cursor: only the keys present change.
    /// Then its hook runs; a rejection throws.
    ///
    /// An `@Observable` class is refused before anything is read. The mapper writes a field's storage,
    /// not its property's setter, and the macro notifies observers only from the setter: an update would
    /// change the instance behind every observer's back, and a SwiftUI view that reads it would stay stale.
    /// No key path of the macro's properties can be made at run time to notify them instead.
    func update(_ model: inout Model, from reader: inout JSONReader) throws {
        if plan.isObservable {
            throw MappingError(
                .rejected(
                    type: typeName,
                    reason: "it is an @Observable class, and updating it in place would change its properties without "
                        + "notifying its observers; map a new instance, or update a struct model held in an @Observable property"
                ))
        }
        guard try reader.isObjectNext() else {
            throw reader.error(
                .typeMismatch(expected: "an object (\(typeName))", found: try reader.readScalar().summary))
        }
        // A repeated key's property goes back to its value before the update: a struct's copy keeps
        // it, and a class instance's fields are copied into a new instance first.
        let isClass = plan.isClass
        let original = isClass ? copyOfFields(model) : model
        model.willStartMapping()
        try fill(&model, from: &reader, updating: true) { field, storage in
            var source = original
            StoredFields.withStorage(of: &source, isClass: isClass) { field.copy(from: $0, to: storage) }
        }
        _ = try finish(&model, &reader)
    }

    /// A new instance holding a class model's fillable fields, as they are now.
    private func copyOfFields(_ model: Model) -> Model {
        var copy = Model()
        var source = model
        StoredFields.withStorage(of: &source, isClass: true) { from in
            StoredFields.withStorage(of: &copy, isClass: true) { to in
                for field in plan.fillable { field.copy(from: from, to: to) }
            }
        }
        return copy
    }

    /// Fills the model. `reset` puts a property back to its default when a repeated key fills it again.
    @inline(__always)
    private func fill(
        _ model: inout Model, from reader: inout JSONReader, updating: Bool,
        reset: (AnyBoundField, ModelStorage) -> Void
    ) throws {
        var filled = false
        try StoredFields.withStorage(of: &model, isClass: plan.isClass) { storage in
            filled = true
            try plan.fill(storage, from: &reader, updating: updating, reset: reset)
        }
        // A struct with no stored properties has no storage; its object is still read and checked.
        if !filled { try plan.fill(nil, from: &reader, updating: updating, reset: reset) }
    }

    override func write(_ model: Model, to writer: inout JSONWriter) throws {
        try write(model, to: &writer, discriminator: nil)
    }

    /// Writes the model with the plan of its runtime type: a subclass held in a base-class property
    /// writes its own fields too, as GSON does.
    func write(_ model: Model, to writer: inout JSONWriter, discriminator: (key: String, value: String)?) throws {
        let written: Void? = try StoredFields.withStorage(reading: model, isClass: plan.isClass) { storage in
            try write(storage, to: &writer, discriminator: discriminator)
        }
        if written == nil {
            // A struct with no stored properties.
            try writer.beginObject()
            writer.endObject(isEmpty: true)
        }
    }

    // A model property and an array of models are written from their storage in place: copying a
    // struct out costs a retain per reference it holds, and a class instance a retain.

    override func writeMember(
        from storage: ModelStorage, at field: FieldSlot<Model>, key: EncodedKey, isFirst: Bool,
        to writer: inout JSONWriter
    ) throws -> Bool {
        guard MemoryLayout<Model>.size > 0 else {
            return try super.writeMember(from: storage, at: field, key: key, isFirst: isFirst, to: &writer)
        }
        writer.writeKey(key, isFirst: isFirst)
        try write(storage.storage(ofModelAt: field, isClass: plan.isClass), to: &writer, discriminator: nil)
        return true
    }

    override func writeElements(_ models: [Model], to writer: inout JSONWriter) throws {
        guard MemoryLayout<Model>.size > 0 else { return try super.writeElements(models, to: &writer) }
        try writer.beginArray()
        try StoredFields.forEachStorage(reading: models, isClass: plan.isClass) { index, storage in
            writer.beginElement(index)
            try write(storage, to: &writer, discriminator: nil)
        }
        writer.endArray(isEmpty: models.count == 0)
    }

    /// Writes the model in `storage`. A class instance is written with the plan of its runtime class,
    /// and is on the writer's path of active instances meanwhile, so that a reference cycle throws
    /// rather than recursing forever.
    @inline(__always)
    private func write(
        _ storage: ModelStorage, to writer: inout JSONWriter, discriminator: (key: String, value: String)?
    ) throws {
        // A struct is written with its own plan, taken straight from this adapter.
        guard plan.isClass else {
            if let discriminator { return try plan.write(storage, to: &writer, discriminator: discriminator) }
            return try plan.write(storage, to: &writer)
        }
        let runtimeClass: AnyClass = storage.instanceClass
        if ObjectIdentifier(runtimeClass) != ObjectIdentifier(Model.self), let subclass = runtimeClass as? Model.Type {
            return try writeInstance(
                storage, with: writer.plan(for: subclass), to: &writer, discriminator: discriminator)
        }
        // The adapter's own plan, borrowed: the usual case costs no retain of it.
        try writeInstance(storage, with: plan, to: &writer, discriminator: discriminator)
    }

    /// Writes a class instance with the plan of its runtime class, tracking it on the path when a
    /// cycle could pass through it (``TypePlan/tracksInstances``).
    @inline(__always)
    private func writeInstance(
        _ storage: ModelStorage, with plan: TypePlan, to writer: inout JSONWriter,
        discriminator: (key: String, value: String)?
    ) throws {
        // The untracked case, most instances, on a path of its own: a conditional `defer` shared by both
        // cases would cost every instance, tracked or not.
        guard plan.tracksInstances else {
            if let discriminator { return try plan.write(storage, to: &writer, discriminator: discriminator) }
            return try plan.write(storage, to: &writer)
        }
        guard writer.activeInstances.enter(storage.instanceIdentity) else {
            throw writer.error(.referenceCycle(type: typeName))
        }
        defer { writer.activeInstances.leave() }
        if let discriminator {
            try plan.write(storage, to: &writer, discriminator: discriminator)
        } else {
            try plan.write(storage, to: &writer)
        }
    }
}
