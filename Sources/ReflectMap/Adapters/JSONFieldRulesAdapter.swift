/// A property read under the whole-model rules of ``JSONFieldRules`` (``JSONFieldRules/skipsNull``,
/// ``JSONFieldRules/takesTypedValues``), around the adapter its type has anyway. Only the fields of
/// models that give those rules are read through it, so native fields pay nothing for them.
final class JSONFieldRulesAdapter<Value>: TypeAdapter<Value>, @unchecked Sendable {
    private let base: TypeAdapter<Value>
    private let skipsNull: Bool
    private let takesTypedValues: Bool

    init(_ base: TypeAdapter<Value>, skipsNull: Bool, takesTypedValues: Bool) {
        self.base = base
        self.skipsNull = skipsNull
        self.takesTypedValues = takesTypedValues
    }

    override func read(_ reader: inout JSONReader) throws -> Value? {
        if takesTypedValues, let value = reader.pendingValue(of: Value.self) { return value }
        return try base.read(&reader)
    }

    override func read(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldSlot<Value>) throws {
        // `null` leaves the property as a missing key would.
        if skipsNull, try reader.readNull() { return }
        if takesTypedValues, let value = reader.pendingValue(of: Value.self) { return storage.store(value, at: field) }
        try base.read(&reader, into: storage, at: field)
    }

    override func write(_ value: Value, to writer: inout JSONWriter) throws {
        try base.write(value, to: &writer)
    }

    override func writeMember(
        from storage: ModelStorage, at field: FieldSlot<Value>, key: EncodedKey, isFirst: Bool,
        to writer: inout JSONWriter
    ) throws -> Bool {
        try base.writeMember(from: storage, at: field, key: key, isFirst: isFirst, to: &writer)
    }

    override func isAbsent(_ value: Value) -> Bool { base.isAbsent(value) }

    override var isOptional: Bool { base.isOptional }

    override var typeName: String { base.typeName }
}
