import Foundation

/// Converts between one Swift type and JSON (GSON's `TypeAdapter`): one ``read(_:)`` over a
/// ``JSONReader``, whichever source it reads, and one ``write(_:to:)`` into a ``JSONWriter``,
/// whichever sink it fills. Those two are all an adapter has to give; reading into a model's fields
/// and arrays, and writing from them, is built on them by ``InPlaceAdapter``.
///
/// Adapters are built once per type when a plan is made, then shared by every mapping run and every
/// thread; they hold no mutable state after construction.
class TypeAdapter<Value>: @unchecked Sendable {
    /// Reads the value under the reader's cursor, consuming exactly one value. Returns `nil` when
    /// lenient mode skipped the value (the reader has reported it); the caller then keeps its default.
    func read(_ reader: inout JSONReader) throws -> Value? {
        try reader.skipValue()
        return try reader.fail(.unsupportedType(type: typeName, property: "(value)"))
    }

    /// Writes a value.
    func write(_ value: Value, to writer: inout JSONWriter) throws {
        throw writer.error(.unsupportedType(type: typeName, property: "(value)"))
    }

    /// Whether the value is an absent optional, whose key a model leaves out (unless it writes `nil`
    /// as `null`).
    func isAbsent(_ value: Value) -> Bool { false }

    /// Whether the type accepts a missing key and `null`: true for optionals.
    var isOptional: Bool { false }

    /// How errors name the type.
    var typeName: String { String(describing: Value.self) }
}

/// Passes raw JSON through untouched: `Any`, `[String: Any]` and `[Any]` properties.
final class PassThroughAdapter<Value>: TypeAdapter<Value>, @unchecked Sendable {
    override func read(_ reader: inout JSONReader) throws -> Value? {
        let json = try reader.readFoundationObject()
        if let value = json as? Value { return value }
        return try reader.reject(JSONScalar(json), expected: typeName)
    }

    override func write(_ value: Value, to writer: inout JSONWriter) throws {
        try writer.writeFoundationObject(value)
    }
}

/// `Optional<Wrapped>`: `null` becomes `nil`, anything else goes to the wrapped type. A field of the
/// optional type is read and written through the wrapped type's optional paths, which scalars and
/// models give in code specialised for their type.
final class OptionalAdapter<Wrapped>: InPlaceAdapter<Wrapped?>, @unchecked Sendable {
    let wrapped: InPlaceAdapter<Wrapped>

    init(wrapped: TypeAdapter<Wrapped>) {
        self.wrapped = .of(wrapped)
    }

    override func read(_ reader: inout JSONReader) throws -> Wrapped?? {
        if try reader.readNull() { return .some(nil) }
        guard let value = try wrapped.read(&reader) else { return nil }
        return .some(value)
    }

    override func read(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldSlot<Wrapped?>) throws {
        try wrapped.readOptional(&reader, into: storage, at: field)
    }

    override func write(_ value: Wrapped?, to writer: inout JSONWriter) throws {
        guard let value else { return writer.writeNull() }
        try wrapped.write(value, to: &writer)
    }

    override func writeMember(
        from storage: ModelStorage, at field: FieldSlot<Wrapped?>, key: EncodedKey, isFirst: Bool,
        to writer: inout JSONWriter
    ) throws -> Bool {
        try wrapped.writeOptionalMember(from: storage, at: field, key: key, isFirst: isFirst, to: &writer)
    }

    override func isAbsent(_ value: Wrapped?) -> Bool { value == nil }

    override var isOptional: Bool { true }
}

/// Any `RawRepresentable` type, such as an enum with `String` or `Int` raw values.
final class RawValueAdapter<Value: RawRepresentable>: TypeAdapter<Value>, @unchecked Sendable {
    let raw: TypeAdapter<Value.RawValue>

    init(raw: TypeAdapter<Value.RawValue>) {
        self.raw = raw
    }

    override func read(_ reader: inout JSONReader) throws -> Value? {
        let mark = reader.mark()
        guard let rawValue = try raw.read(&reader) else { return nil }
        if let value = Value(rawValue: rawValue) { return value }
        // Name the value as the JSON spelled it.
        let scalar = try reader.scalar(at: mark)
        return try reader.fail(.invalidValue(value: scalar.summary, type: typeName), value: scalar)
    }

    override func write(_ value: Value, to writer: inout JSONWriter) throws {
        try raw.write(value.rawValue, to: &writer)
    }
}
