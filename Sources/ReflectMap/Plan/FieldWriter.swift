/// Reads one property from a JSON object into a model's storage, and writes it back out.
protocol FieldAccessor: AnyObject, Sendable {
    /// The keys tried when reading, primary first; the primary is used when writing.
    var keys: [String] { get }
    /// False for `let` properties: they are written to JSON but never filled from it.
    var isFillable: Bool { get }
    func read(from object: [String: Any], into base: UnsafeMutableRawPointer, _ context: inout ReadContext) throws
    /// Reads the value under the scanner's cursor, found under `key`.
    func read(from scanner: inout JSONScanner, key: String, into base: UnsafeMutableRawPointer, _ context: inout ReadContext) throws
    /// No key filled the property: an error in strict mode unless it is optional, else a report entry.
    func noteMissing(_ context: inout ReadContext) throws
    func write(from base: UnsafeRawPointer, into object: inout [String: Any], _ context: inout WriteContext) throws
}

/// The field writer for a property of type `Value` at a fixed offset in the model.
final class FieldWriter<Value>: FieldAccessor, @unchecked Sendable {
    let keys: [String]
    let isFillable: Bool
    private let offset: Int
    private let adapter: TypeAdapter<Value>

    init(keys: [String], offset: Int, isFillable: Bool, adapter: TypeAdapter<Value>) {
        self.keys = keys
        self.offset = offset
        self.isFillable = isFillable
        self.adapter = adapter
    }

    func read(from object: [String: Any], into base: UnsafeMutableRawPointer, _ context: inout ReadContext) throws {
        guard let (key, json) = lookUp(in: object) else { return try noteMissing(&context) }
        context.push(.key(key))
        do {
            try adapter.read(json, assigningTo: base + offset, &context)
        } catch let error as MappingError {
            throw error.prefixed(by: .key(key))
        }
        context.pop()
    }

    func read(from scanner: inout JSONScanner, key: String, into base: UnsafeMutableRawPointer, _ context: inout ReadContext) throws {
        context.push(.key(key))
        do {
            try adapter.read(&scanner, assigningTo: base + offset, &context)
        } catch let error as MappingError {
            throw error.prefixed(by: .key(key))
        }
        context.pop()
    }

    func noteMissing(_ context: inout ReadContext) throws {
        if context.isStrict && !adapter.isOptional {
            throw MappingError(.missingKey(expected: adapter.typeName), at: [.key(keys[0])])
        }
        context.noteUnfilledProperty(keys[0])
    }

    func write(from base: UnsafeRawPointer, into object: inout [String: Any], _ context: inout WriteContext) throws {
        let value = FieldStorage.load(Value.self, from: base, at: offset)
        do {
            if let json = try adapter.write(value, &context) {
                object[keys[0]] = json
            } else if context.writesNilAsNull {
                object[keys[0]] = context.null
            }
        } catch let error as MappingError {
            throw error.prefixed(by: .key(keys[0]))
        }
    }

    /// The first key present, primary first, then the alternates in order.
    @inline(__always)
    private func lookUp(in object: [String: Any]) -> (String, Any)? {
        for key in keys {
            if let json = object[key] { return (key, json) }
        }
        return nil
    }
}
