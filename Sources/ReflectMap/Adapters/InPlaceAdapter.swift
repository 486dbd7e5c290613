/// Reads into a model's fields and arrays, and writes from them, built on a ``TypeAdapter``'s
/// ``TypeAdapter/read(_:)`` and ``TypeAdapter/write(_:to:)``: what a plan's fields, arrays and
/// optionals call.
///
/// Every method here has a default built on `read` and `write`, correct for any type. Adapters whose
/// values are read most often override some of them with code specialised for their type (scalars,
/// models and optionals): generic code looks up runtime metadata for every `Value?` and `[Value]` it
/// makes, so the defaults would pay a lookup per field and per array. ``of(_:)`` gives an adapter
/// that is not an `InPlaceAdapter` the defaults, once, when the plan is made.
class InPlaceAdapter<Value>: TypeAdapter<Value>, @unchecked Sendable {
    /// `adapter` itself when it has in-place paths of its own, or the defaults around it.
    static func of(_ adapter: TypeAdapter<Value>) -> InPlaceAdapter<Value> {
        adapter as? InPlaceAdapter<Value> ?? ReadAndWrite(adapter)
    }

    /// Reads straight into a model's field, assigning only a usable value.
    func read(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldSlot<Value>) throws {
        if let value = try read(&reader) { storage.store(value, at: field) }
    }

    /// Reads into an optional field: `null` gives `nil`, anything else a usable value.
    func readOptional(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldSlot<Value?>) throws {
        if try reader.readNull() { return storage.store(nil, at: field) }
        if let value = try read(&reader) { storage.store(value, at: field) }
    }

    /// Reads the JSON array under the cursor, appending its usable elements to `result`; `false`
    /// (consuming nothing) when the value is not an array. The array is made once, at its size.
    func readElements(_ reader: inout JSONReader, into result: inout [Value]) throws -> Bool {
        try reader.gatherElements(into: &result) { reader, elements, pool in
            if let value = try read(&reader) { elements.append(value, pool: pool) }
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

/// The in-place defaults around an adapter that has only `read` and `write`.
private final class ReadAndWrite<Value>: InPlaceAdapter<Value>, @unchecked Sendable {
    private let base: TypeAdapter<Value>

    init(_ base: TypeAdapter<Value>) {
        self.base = base
    }

    override func read(_ reader: inout JSONReader) throws -> Value? {
        try base.read(&reader)
    }

    override func write(_ value: Value, to writer: inout JSONWriter) throws {
        try base.write(value, to: &writer)
    }

    override func isAbsent(_ value: Value) -> Bool { base.isAbsent(value) }

    override var isOptional: Bool { base.isOptional }

    override var typeName: String { base.typeName }
}
