import Foundation

/// Converts between one Swift type and JSON (GSON's `TypeAdapter`): one ``read(_:)`` over a
/// ``JSONReader``, whichever source it reads, and one ``write(_:to:)`` into a ``JSONWriter``,
/// whichever sink it fills. Those two are all an adapter has to give.
///
/// Reading into a model's fields and arrays, and writing from them, is built on those two by the
/// methods after them, which a plan's fields, arrays and optionals call. Each has a default correct
/// for any type. Adapters whose values are read most often override some of them with code
/// specialised for their type (scalars, models and optionals): generic code looks up runtime
/// metadata for every `Value?` and `[Value]` it makes, so the defaults would pay a lookup per field
/// and per array.
///
/// One class rather than a base and a subclass for the in-place methods: the runtime builds the
/// metadata of a generic class and of each of its generic superclasses the first time a type uses
/// them, so every model type's adapter and its array's adapter would pay for one more level.
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

    /// Whether a value may hold class instances of models, which writing tracks to catch reference
    /// cycles: a model, or a collection or wrapper that may hold one. True unless the adapter knows
    /// better (scalars, raw values, and collections and optionals of them), since a false answer
    /// would let a cycle write forever.
    var mayHoldInstances: Bool { true }

    /// How errors name the type.
    var typeName: String { String(describing: Value.self) }

    /// Reads straight into a model's field, assigning only a usable value.
    func read(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldSlot<Value>) throws {
        if let value = try read(&reader) { storage.store(value, at: field) }
    }

    /// Reads into an optional field: `null` gives `nil`, anything else a usable value.
    func readOptional(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldSlot<Value?>) throws {
        if try reader.readNull() { return storage.store(nil, at: field) }
        if let value = try read(&reader) { storage.store(value, at: field) }
    }

    /// How the fill and write loops read and write a field of this type at `field` with no call
    /// through the adapter: `nil` (through the adapter) but for the built-in scalars' adapters.
    func scalarField(at field: FieldSlot<Value>) -> ScalarField? { nil }

    /// ``scalarField(at:)`` for an optional field of this type, whose adapter is an ``OptionalAdapter``
    /// around this one.
    func optionalScalarField(at field: FieldSlot<Value?>) -> ScalarField? { nil }

    /// Reads the value under the cursor and appends it to `buffer`, as a dictionary gathers its
    /// values: `false`, appending nothing, when lenient mode skipped the value. (A `Bool` rather
    /// than `Value?`: in generic code every `Optional` costs a metadata lookup, once per value.)
    func read(_ reader: inout JSONReader, appendingTo buffer: inout ElementBuffer, pool: ElementPool) throws -> Bool {
        guard let value = try read(&reader) else { return false }
        buffer.append(value, pool: pool)
        return true
    }

    /// Reads the JSON array under the cursor, appending its usable elements to `result`; `false`
    /// (consuming nothing) when the value is not an array. The array is made once, at its size.
    func readElements(_ reader: inout JSONReader, into result: inout [Value]) throws -> Bool {
        try reader.gatherElements(into: &result) { reader, elements, pool in
            _ = try read(&reader, appendingTo: &elements, pool: pool)
        }
    }

    /// Reads the JSON array under the cursor as one `[Value]` and appends it to `arrays` (an element
    /// of an array of arrays); `false`, consuming and appending nothing, when the value is not an
    /// array.
    func read(_ reader: inout JSONReader, appendingArrayTo arrays: inout [[Value]]) throws -> Bool {
        var inner: [Value] = []
        guard try readElements(&reader, into: &inner) else { return false }
        arrays.append(consume inner)
        return true
    }

    /// Writes a model's property as a member under `key`, the write-side twin of
    /// ``read(_:into:at:)``. Returns `false` when the member is left out (an absent optional).
    func writeMember(
        from storage: ModelStorage, at field: FieldSlot<Value>, key: EncodedKey, isFirst: Bool,
        to writer: inout JSONWriter
    ) throws -> Bool {
        let value = storage.load(field)
        if isAbsent(value) { return writer.writeAbsentMember(key, isFirst: isFirst) }
        writer.writeKey(key, isFirst: isFirst)
        try write(value, to: &writer)
        return true
    }

    /// ``writeMember(from:at:key:isFirst:to:)`` for a property of type `Value?`, the twin of
    /// ``readOptional(_:into:at:)``.
    func writeOptionalMember(
        from storage: ModelStorage, at field: FieldSlot<Value?>, key: EncodedKey, isFirst: Bool,
        to writer: inout JSONWriter
    ) throws -> Bool {
        guard let value = storage.load(field) else { return writer.writeAbsentMember(key, isFirst: isFirst) }
        writer.writeKey(key, isFirst: isFirst)
        try write(value, to: &writer)
        return true
    }

    /// Writes an array of values.
    func writeElements(_ values: [Value], to writer: inout JSONWriter) throws {
        try writer.beginArray()
        // An index loop: `enumerated()` and iterators cost generic metadata lookups per array.
        var index = 0
        while index < values.count {
            writer.beginElement(index)
            let item = values[index]
            if isAbsent(item) {
                writer.writeNull()
            } else {
                try write(item, to: &writer)
            }
            index += 1
        }
        writer.endArray(isEmpty: values.count == 0)
    }
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
final class OptionalAdapter<Wrapped>: TypeAdapter<Wrapped?>, @unchecked Sendable {
    let wrapped: TypeAdapter<Wrapped>

    init(wrapped: TypeAdapter<Wrapped>) {
        self.wrapped = wrapped
    }

    override func read(_ reader: inout JSONReader) throws -> Wrapped?? {
        if try reader.readNull() { return .some(nil) }
        guard let value = try wrapped.read(&reader) else { return nil }
        return .some(value)
    }

    override func read(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldSlot<Wrapped?>) throws {
        try wrapped.readOptional(&reader, into: storage, at: field)
    }

    override func scalarField(at field: FieldSlot<Wrapped?>) -> ScalarField? {
        wrapped.optionalScalarField(at: field)
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

    override var mayHoldInstances: Bool { wrapped.mayHoldInstances }
}

/// Any `RawRepresentable` type, such as an enum with `String` or `Int` raw values.
final class RawValueAdapter<Value: RawRepresentable>: TypeAdapter<Value>, @unchecked Sendable {
    let raw: TypeAdapter<Value.RawValue>

    init(raw: TypeAdapter<Value.RawValue>) {
        self.raw = raw
    }

    /// A raw value is a literal: a string or a number.
    override var mayHoldInstances: Bool { false }

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
