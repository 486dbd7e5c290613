/// Everything the mapper needs to know about one model type, worked out once: its fields, their
/// JSON keys and their writers.
///
/// Two sources of JSON drive a plan: the byte scanner (``fill(_:from:_:)`` with a ``JSONScanner``)
/// and the walk over a `JSONSerialization` dictionary. The field writers do not care which.
///
/// Thread safety: `PlanBuilder` creates a plan, registers it (so recursive types can refer to it), and
/// installs its fields before the build returns and the plan is published through ``PlanCache``
/// under its lock. After that a plan is never mutated, so sharing it between threads is safe, until
/// its owner tears it down: a recursive model's plan refers to itself through its field writers, so
/// the cache that owns it breaks that cycle when it goes away.
final class TypePlan: @unchecked Sendable {
    let typeName: String
    let isClass: Bool
    /// Properties filled from JSON.
    private(set) var fillable: [any FieldAccessor] = []
    /// Properties written to JSON (the fillable ones and `let` properties).
    private(set) var writable: [any FieldAccessor] = []
    /// Every key a fillable property reads, for the report's unmapped keys.
    private(set) var knownKeys: Set<String> = []
    /// The fillable properties' keys, pre-encoded for the byte route.
    private(set) var keyTable = KeyTable(fields: [])

    init(typeName: String, isClass: Bool) {
        self.typeName = typeName
        self.isClass = isClass
    }

    /// Called once by `PlanBuilder`, before the plan is published.
    func install(_ fields: [any FieldAccessor]) {
        writable = fields
        fillable = fields.filter(\.isFillable)
        knownKeys = Set(fillable.flatMap(\.keys))
        keyTable = KeyTable(fields: fillable)
    }

    /// Drops the field writers, breaking reference cycles. Called by the plan's owner when no mapping
    /// can use the plan any more.
    func tearDown() {
        fillable = []
        writable = []
    }

    /// Fills a model's storage from the JSON object under the scanner's cursor, member by member
    /// in the order of the bytes. A member no property wants is validated and skipped.
    func fill(_ base: UnsafeMutableRawPointer, from scanner: inout JSONScanner, _ context: inout ReadContext) throws {
        try scanner.enterContainer()
        var filled = FilledFields(fieldCount: fillable.count, hasAlternates: keyTable.hasAlternates)
        var unmappedKeys: Set<String> = []
        var hint = 0
        var first = true
        while let span = try scanner.nextKey(first: first) {
            first = false
            let entry: KeyTable.Entry?
            if span.hasEscapes {
                let key = scanner.unescaped(span)
                entry = keyTable.match(key, 0, key.count, hint: &hint)
            } else {
                entry = keyTable.match(scanner.bytes, span.start, span.end, hint: &hint)
            }
            guard let entry else {
                if context.isReporting { unmappedKeys.insert(scanner.string(span)) }
                try scanner.skipValue()
                continue
            }
            if filled.contains(entry.field) {
                // A key the property prefers has filled it already: the dictionary route ignores
                // this one too. Otherwise the property would get a second value.
                guard filled.accepts(entry.field, priority: entry.priority) else {
                    try scanner.skipValue()
                    continue
                }
                throw RepeatedPropertyValue()
            }
            try fillable[entry.field].read(from: &scanner, key: entry.key, into: base, &context)
            filled.mark(entry.field, priority: entry.priority)
        }
        if filled.count < fillable.count {
            for (index, field) in fillable.enumerated() where !filled.contains(index) {
                try field.noteMissing(&context)
            }
        }
        for key in unmappedKeys.sorted() {
            context.noteUnmappedKey(key)
        }
    }

    /// Fills a model's storage from a `JSONSerialization` object.
    func fill(_ base: UnsafeMutableRawPointer, from object: [String: Any], _ context: inout ReadContext) throws {
        for field in fillable {
            try field.read(from: object, into: base, &context)
        }
        if context.isReporting {
            for key in object.keys.sorted() where !knownKeys.contains(key) {
                context.noteUnmappedKey(key)
            }
        }
    }

    /// Writes a model's storage as a JSON object.
    func write(_ base: UnsafeRawPointer, _ context: inout WriteContext) throws -> [String: Any] {
        var object: [String: Any] = [:]
        object.reserveCapacity(writable.count)
        for field in writable {
            try field.write(from: base, into: &object, &context)
        }
        return object
    }
}

/// Thrown by the byte route when one JSON object gives a property a second value: a repeated key, or
/// a key the property prefers after one of its alternates. `JSONMapper` then reads the document
/// through the dictionary route, where the last value of a repeated key wins and the preferred key
/// is taken whatever its position, so that both routes agree.
struct RepeatedPropertyValue: Error {}
