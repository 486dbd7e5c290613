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
    let typeName: String
    let isClass: Bool
    /// Properties filled from JSON.
    private(set) var fillable: [any FieldAccessor] = []
    /// Properties written to JSON (the fillable ones and `let` properties), in declaration order.
    private(set) var writable: [any FieldAccessor] = []
    /// The same, sorted by key once, for sorted output.
    private(set) var writableSorted: [any FieldAccessor] = []
    /// The fillable properties' keys, pre-encoded for the byte route.
    private(set) var keyTable = KeyTable(keys: [])

    init(typeName: String, isClass: Bool) {
        self.typeName = typeName
        self.isClass = isClass
    }

    /// Called once by `PlanBuilder`, before the plan is published.
    func install(_ fields: [any FieldAccessor]) {
        writable = fields
        writableSorted = fields.sorted { $0.keys[0] < $1.keys[0] }
        fillable = fields.filter(\.isFillable)
        keyTable = KeyTable(keys: fillable.map(\.keys))
    }

    /// Drops the fields, breaking reference cycles. Called by the plan's owner when no mapping can
    /// use the plan any more.
    func tearDown() {
        fillable = []
        writable = []
        writableSorted = []
    }

    /// Fills a model's storage from the JSON object under the reader's cursor (the caller has
    /// checked that it is one). `storage` is `nil` only for a struct with no stored properties.
    func fill(_ storage: ModelStorage?, from reader: inout JSONReader) throws {
        let fields = fillable
        var filled = FilledFields(fieldCount: fields.count, hasAlternates: keyTable.hasAlternates)
        var missingNoted = false
        _ = try reader.readMembers(of: keyTable, { entry, reader in
            if filled.contains(entry.field) {
                // A key the property prefers has filled it already: a tree would ignore this one
                // too. Otherwise the property would get a second value.
                guard filled.accepts(entry.field, priority: entry.priority) else { return try reader.skipValue() }
                throw RepeatedPropertyValue()
            }
            guard let storage else { return try reader.skipValue() }
            try fields[entry.field].read(from: &reader, into: storage)
            filled.mark(entry.field, priority: entry.priority)
        }, missing: { field, reader in
            // A tree reports its missing fields in declaration order, among the others.
            missingNoted = true
            try fields[field].noteMissing(&reader)
        })
        if filled.count < fields.count && !missingNoted {
            for (index, field) in fields.enumerated() where !filled.contains(index) {
                try field.noteMissing(&reader)
            }
        }
    }

    /// Writes a model's storage as a JSON object.
    func write(_ storage: ModelStorage, to writer: inout JSONWriter) throws {
        try writer.beginObject()
        var isFirst = true
        for field in writer.sortsKeys ? writableSorted : writable {
            if try field.write(from: storage, to: &writer, isFirst: isFirst) { isFirst = false }
        }
        writer.endObject(isEmpty: isFirst)
    }
}

/// Thrown by the byte route when one JSON object gives a property a second value: a repeated key, or
/// a key the property prefers after one of its alternates. `JSONMapper` then reads the document
/// through a tree, where the last value of a repeated key wins and the preferred key is taken
/// whatever its position, so that both routes agree.
struct RepeatedPropertyValue: Error {}
