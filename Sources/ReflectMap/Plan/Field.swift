/// One JSON key of a property: a literal key, or a path of keys into nested objects
/// (`@JSONKey(path:)`).
struct FieldKey: Sendable, Equatable {
    /// The key as errors and reports spell it: `user_name`, or `location.lat` for a path.
    let name: String
    /// The keys from the model's object inward; one for a literal key.
    let components: [String]

    /// A literal key, dots included.
    init(_ key: String) {
        name = key
        components = [key]
    }

    /// A dot-separated path into nested objects, read as ``JSONKeyPath`` reads one.
    init(path: String) {
        let steps = JSONKeyPath(path).steps
        name = path
        components = steps.isEmpty ? [path] : steps
    }

    /// A key given as its steps, each taken literally (dots included).
    init(components: [String]) {
        name = components.joined(separator: ".")
        self.components = components
    }

    var isPath: Bool { components.count > 1 }
}

/// One property of a plan: its JSON keys, and how to read and write it. ``Field`` is the one
/// subclass, and it overrides every method; the base class alone would be a property that is never
/// read and never written. (A class rather than a protocol: the plan calls its fields through
/// ``UnretainedField`` without retaining each one, which needs a single-reference type.)
class FieldAccessor: @unchecked Sendable {
    /// The keys tried when reading, primary first; the primary is used when writing.
    let keys: [FieldKey]
    /// False for `let` properties: they are written to JSON but never filled from it.
    let isFillable: Bool

    init(keys: [FieldKey], isFillable: Bool) {
        self.keys = keys
        self.isFillable = isFillable
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
}

/// The accessor for a property of type `Value`.
final class Field<Value>: FieldAccessor, @unchecked Sendable {
    private let encodedKey: EncodedKey
    private let location: FieldLocation<Value>
    private let adapter: InPlaceAdapter<Value>

    init(keys: [FieldKey], location: FieldLocation<Value>, isFillable: Bool, adapter: TypeAdapter<Value>) {
        self.encodedKey = EncodedKey(keys[0].components[keys[0].components.count - 1])
        self.location = location
        self.adapter = .of(adapter)
        super.init(keys: keys, isFillable: isFillable)
    }

    override func read(from reader: inout JSONReader, into storage: ModelStorage) throws {
        try adapter.read(&reader, into: storage, at: location)
    }

    override func noteMissing(_ reader: inout JSONReader) throws {
        if reader.isStrict && !adapter.isOptional {
            throw MappingError(.missingKey(expected: adapter.typeName), at: reader.components + [.key(keys[0].name)])
        }
        reader.noteUnfilledProperty(keys[0].name)
    }

    override func copy(from source: ModelStorage, to storage: ModelStorage) {
        storage.store(source.load(location), at: location)
    }

    override func isOmitted(from storage: ModelStorage, writesNilAsNull: Bool) -> Bool {
        !writesNilAsNull && adapter.isAbsent(storage.load(location))
    }

    override func write(from storage: ModelStorage, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool {
        writer.path.setTop(field: self)
        return try adapter.writeMember(from: storage, at: location, key: encodedKey, isFirst: isFirst, to: &writer)
    }
}
