import Foundation

/// Converts between one Swift type and JSON (GSON's `TypeAdapter`): one ``read(_:)`` over a
/// ``JSONReader``, whichever source it reads, and one ``write(_:to:)`` into a ``JSONWriter``,
/// whichever sink it fills.
///
/// Adapters are built once per type when a plan is made, then shared by every mapping run and every
/// thread; they hold no mutable state after construction. Subclasses override ``read(_:)`` and
/// ``write(_:to:)``; the two other read entry points are fast paths with correct defaults.
class TypeAdapter<Value>: @unchecked Sendable {
    /// Reads the value under the reader's cursor, consuming exactly one value. Returns `nil` when
    /// lenient mode skipped the value (the reader has reported it); the caller then keeps its default.
    func read(_ reader: inout JSONReader) throws -> Value? {
        try reader.skipValue()
        return try reader.fail(.unsupportedType(type: typeName, property: "(value)"))
    }

    /// Reads straight into a model's field, assigning only a usable value. Scalars and models
    /// override it: in generic code every `Value?` costs a runtime metadata lookup, and this path,
    /// the hot one, needs none.
    func read(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldLocation<Value>) throws {
        if let value = try read(&reader) { storage.store(value, at: field) }
    }

    /// Reads into an optional field: `null` gives `nil`, anything else a usable value. Scalars
    /// override it with code specialised for their type, which needs no `Optional` metadata lookup.
    func readOptional(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldLocation<Value?>) throws {
        if try reader.readNull() { return storage.store(nil, at: field) }
        if let value = try read(&reader) { storage.store(value, at: field) }
    }

    /// Reads an array element and appends it when it is usable; the same fast path for arrays.
    func read(_ reader: inout JSONReader, appendingTo array: inout [Value]) throws {
        if let value = try read(&reader) { array.append(value) }
    }

    /// Reads the JSON array under the cursor, appending its usable elements to `result`; `false`
    /// (consuming nothing) when the value is not an array. Models override it so that the whole
    /// loop runs in one frame: the generic metadata an element needs is then looked up once per
    /// array, not once per element.
    func readElements(_ reader: inout JSONReader, into result: inout [Value]) throws -> Bool {
        try reader.readArray(expecting: { result.reserveCapacity($0) }, { reader in
            try read(&reader, appendingTo: &result)
        })
    }

    /// Reads the JSON array under the cursor as one `[Value]` and appends it to `arrays` (an element
    /// of an array of arrays); `false`, consuming and appending nothing, when the value is not an
    /// array. Scalars override it with code specialised for their type: generic code looks up the
    /// metadata of `[Value]` each time it makes one, which on canada's coordinates is every point.
    func read(_ reader: inout JSONReader, appendingArrayTo arrays: inout [[Value]]) throws -> Bool {
        var inner: [Value] = []
        guard try readElements(&reader, into: &inner) else { return false }
        arrays.append(consume inner)
        return true
    }

    /// Writes a value.
    func write(_ value: Value, to writer: inout JSONWriter) throws {
        throw writer.error(.unsupportedType(type: typeName, property: "(value)"))
    }

    /// Writes a model's property as a member under `key`, the write-side twin of
    /// ``read(_:into:at:)``: adapters that can (the scalars) override it with code specialised for
    /// `Value`. Returns `false` when the member is left out (an absent optional).
    func writeMember(
        from storage: ModelStorage, at field: FieldLocation<Value>, key: EncodedKey, isFirst: Bool,
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
        from storage: ModelStorage, at field: FieldLocation<Value?>, key: EncodedKey, isFirst: Bool,
        to writer: inout JSONWriter
    ) throws -> Bool {
        guard let value = storage.load(field) else { return writer.writeAbsentMember(key, isFirst: isFirst) }
        writer.writeKey(key, isFirst: isFirst)
        try write(value, to: &writer)
        return true
    }

    /// Writes an array of values. Scalars override it with code specialised for their type: in
    /// generic code every array costs metadata lookups, and arrays of numbers are many and short.
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
                do { try write(item, to: &writer) } catch let error as MappingError { throw error.prefixed(by: .index(index)) }
            }
            index += 1
        }
        writer.endArray(isEmpty: values.isEmpty)
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

/// `Optional<Wrapped>`: `null` becomes `nil`, anything else goes to the wrapped type.
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

    override func read(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldLocation<Wrapped?>) throws {
        try wrapped.readOptional(&reader, into: storage, at: field)
    }

    override func write(_ value: Wrapped?, to writer: inout JSONWriter) throws {
        guard let value else { return writer.writeNull() }
        try wrapped.write(value, to: &writer)
    }

    override func writeMember(
        from storage: ModelStorage, at field: FieldLocation<Wrapped?>, key: EncodedKey, isFirst: Bool,
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
