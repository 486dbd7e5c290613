/// Everything the mapper needs to know about one model type, worked out once: its fields, their
/// JSON keys and their writers.
///
/// A source of JSON drives a plan: today the dictionary walk in ``fill(_:from:_:)``; the field
/// writers do not care where the JSON came from.
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

    init(typeName: String, isClass: Bool) {
        self.typeName = typeName
        self.isClass = isClass
    }

    /// Called once by `PlanBuilder`, before the plan is published.
    func install(_ fields: [any FieldAccessor]) {
        writable = fields
        fillable = fields.filter(\.isFillable)
        knownKeys = Set(fillable.flatMap(\.keys))
    }

    /// Drops the field writers, breaking reference cycles. Called by the plan's owner when no mapping
    /// can use the plan any more.
    func tearDown() {
        fillable = []
        writable = []
    }

    /// Fills a model's storage from a JSON object.
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
