/// One property of a plan: where it lies in the model, its JSON keys, and its adapter.
protocol FieldAccessor: AnyObject, Sendable {
    /// The keys tried when reading, primary first; the primary is used when writing.
    var keys: [String] { get }
    /// False for `let` properties: they are written to JSON but never filled from it.
    var isFillable: Bool { get }
    /// Reads the value under the reader's cursor into the property.
    func read(from reader: inout JSONReader, into storage: ModelStorage) throws
    /// No key filled the property: an error in strict mode unless it is optional, else a report entry.
    func noteMissing(_ reader: inout JSONReader) throws
    /// Writes the property as a member of the object being written. Returns `false` when it left the
    /// member out (an absent optional).
    func write(from storage: ModelStorage, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool
}

/// The accessor for a property of type `Value`.
final class Field<Value>: FieldAccessor, @unchecked Sendable {
    let keys: [String]
    let isFillable: Bool
    private let encodedKey: EncodedKey
    private let location: FieldLocation<Value>
    private let adapter: TypeAdapter<Value>

    init(keys: [String], location: FieldLocation<Value>, isFillable: Bool, adapter: TypeAdapter<Value>) {
        self.keys = keys
        self.encodedKey = EncodedKey(keys[0])
        self.location = location
        self.isFillable = isFillable
        self.adapter = adapter
    }

    @inline(__always)
    func read(from reader: inout JSONReader, into storage: ModelStorage) throws {
        try adapter.read(&reader, into: storage, at: location)
    }

    func noteMissing(_ reader: inout JSONReader) throws {
        if reader.isStrict && !adapter.isOptional {
            throw MappingError(.missingKey(expected: adapter.typeName), at: reader.components + [.key(keys[0])])
        }
        reader.noteUnfilledProperty(keys[0])
    }

    @inline(__always)
    func write(from storage: ModelStorage, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool {
        let value = storage.load(location)
        if adapter.isAbsent(value) {
            guard writer.writesNilAsNull else { return false }
            writer.writeKey(encodedKey, isFirst: isFirst)
            writer.writeNull()
            return true
        }
        writer.writeKey(encodedKey, isFirst: isFirst)
        try adapter.write(value, to: &writer)
        return true
    }
}
