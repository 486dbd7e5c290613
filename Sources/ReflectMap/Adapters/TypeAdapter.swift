import Foundation

/// Converts between one Swift type and JSON values (GSON's `TypeAdapter`).
///
/// Adapters are built once per type when a plan is made, then shared by every mapping run and every
/// thread; they hold no mutable state after construction (see ``TypePlan`` for the one exception
/// during building). Subclasses override ``read(_:_:)`` and ``write(_:_:)``.
class TypeAdapter<Value>: @unchecked Sendable {
    /// Reads a JSON value. Returns `nil` when lenient mode skipped the value (it is already reported);
    /// the caller then keeps its default.
    func read(_ json: Any, _ context: inout ReadContext) throws -> Value? {
        try context.fail(.unsupportedType(type: typeName, property: "(value)"))
    }

    /// Reads a JSON value straight into a field, assigning only when the value is usable.
    ///
    /// The default goes through ``read(_:_:)``. Scalars and models override it: in generic code every
    /// `Value?` costs a runtime metadata lookup, and this path, the hot one, needs none.
    func read(_ json: Any, assigningTo field: UnsafeMutableRawPointer, _ context: inout ReadContext) throws {
        if let value = try read(json, &context) {
            FieldStorage.store(value, in: field, at: 0)
        }
    }

    /// Reads a JSON array element and appends it when it is usable; the same fast path for arrays.
    func read(_ json: Any, appendingTo array: inout [Value], _ context: inout ReadContext) throws {
        if let value = try read(json, &context) {
            array.append(value)
        }
    }

    // The byte route: the same three entry points, reading the value under a scanner's cursor. Each
    // consumes exactly one value, also when it returns `nil`.

    /// Reads the value under the scanner's cursor. The default materialises it the way
    /// `JSONSerialization` would and reads that: right for raw-JSON (`Any`) properties, and a correct
    /// fallback for any adapter.
    func read(_ scanner: inout JSONScanner, _ context: inout ReadContext) throws -> Value? {
        try read(scanner.value().jsonObject, &context)
    }

    /// Reads the value under the scanner's cursor straight into a field.
    func read(_ scanner: inout JSONScanner, assigningTo field: UnsafeMutableRawPointer, _ context: inout ReadContext) throws {
        if let value = try read(&scanner, &context) {
            FieldStorage.store(value, in: field, at: 0)
        }
    }

    /// Reads the array element under the scanner's cursor and appends it when it is usable.
    func read(_ scanner: inout JSONScanner, appendingTo array: inout [Value], _ context: inout ReadContext) throws {
        if let value = try read(&scanner, &context) {
            array.append(value)
        }
    }

    /// Writes a value as a `JSONSerialization`-ready value, or `nil` for an absent optional.
    func write(_ value: Value, _ context: inout WriteContext) throws -> Any? {
        throw MappingError(.unsupportedType(type: typeName, property: "(value)"))
    }

    /// Whether the type accepts a missing key and `null`: true for optionals.
    var isOptional: Bool { false }

    /// How errors name the type.
    var typeName: String { String(describing: Value.self) }
}

/// Passes raw JSON through untouched: `Any`, `[String: Any]` and `[Any]` properties.
final class PassThroughAdapter<Value>: TypeAdapter<Value>, @unchecked Sendable {
    override func read(_ json: Any, _ context: inout ReadContext) throws -> Value? {
        if let value = json as? Value { return value }
        return try context.reject(JSONScalar(json), expected: typeName)
    }

    override func write(_ value: Value, _ context: inout WriteContext) throws -> Any? {
        value
    }
}

/// `Optional<Wrapped>`: `null` becomes `nil`, anything else goes to the wrapped type.
final class OptionalAdapter<Wrapped>: TypeAdapter<Wrapped?>, @unchecked Sendable {
    let wrapped: TypeAdapter<Wrapped>

    init(wrapped: TypeAdapter<Wrapped>) {
        self.wrapped = wrapped
    }

    override func read(_ json: Any, _ context: inout ReadContext) throws -> Wrapped?? {
        // Compare the type itself: `json is NSNull` would first bridge a Swift dictionary to NSDictionary.
        if type(of: json) == NSNull.self { return .some(nil) }
        guard let value = try wrapped.read(json, &context) else { return nil }
        return .some(value)
    }

    override func read(_ scanner: inout JSONScanner, _ context: inout ReadContext) throws -> Wrapped?? {
        if try scanner.skipNull() { return .some(nil) }
        guard let value = try wrapped.read(&scanner, &context) else { return nil }
        return .some(value)
    }

    override func write(_ value: Wrapped?, _ context: inout WriteContext) throws -> Any? {
        guard let value else { return nil }
        return try wrapped.write(value, &context)
    }

    override var isOptional: Bool { true }
}

/// Any `RawRepresentable` type, such as an enum with `String` or `Int` raw values.
final class RawValueAdapter<Value: RawRepresentable>: TypeAdapter<Value>, @unchecked Sendable {
    let raw: TypeAdapter<Value.RawValue>

    init(raw: TypeAdapter<Value.RawValue>) {
        self.raw = raw
    }

    override func read(_ json: Any, _ context: inout ReadContext) throws -> Value? {
        guard let rawValue = try raw.read(json, &context) else { return nil }
        if let value = Value(rawValue: rawValue) { return value }
        let scalar = JSONScalar(json)
        return try context.fail(.invalidValue(value: scalar.summary, type: typeName), value: scalar)
    }

    override func read(_ scanner: inout JSONScanner, _ context: inout ReadContext) throws -> Value? {
        var original = scanner
        guard let rawValue = try raw.read(&scanner, &context) else { return nil }
        if let value = Value(rawValue: rawValue) { return value }
        // Name the value as the JSON spelled it, as the dictionary route does.
        let scalar = try original.scalar()
        return try context.fail(.invalidValue(value: scalar.summary, type: typeName), value: scalar)
    }

    override func write(_ value: Value, _ context: inout WriteContext) throws -> Any? {
        try raw.write(value.rawValue, &context)
    }
}
