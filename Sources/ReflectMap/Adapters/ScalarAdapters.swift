import Foundation

/// A scalar type whose adapter is a pair of functions: reader → value, value → writer.
final class ScalarAdapter<Value>: TypeAdapter<Value>, @unchecked Sendable {
    typealias Reader = (inout JSONReader) throws -> Value?
    typealias Writer = (Value, inout JSONWriter) throws -> Void

    private let reader: Reader
    private let assigner: (inout JSONReader, ModelStorage, FieldSlot<Value>) throws -> Void
    private let optionalAssigner: (inout JSONReader, ModelStorage, FieldSlot<Value?>) throws -> Void
    private let elementsReader: (inout JSONReader, inout [Value]) throws -> Bool
    private let appender: (inout JSONReader, inout ElementBuffer, ElementPool) throws -> Bool
    private let nestedArrayReader: (inout JSONReader, inout [[Value]]) throws -> Bool
    private let writer: Writer
    private let elementsWriter: ([Value], inout JSONWriter) throws -> Void
    private let memberWriter: (ModelStorage, FieldSlot<Value>, EncodedKey, Bool, inout JSONWriter) throws -> Void
    private let optionalMemberWriter:
        (ModelStorage, FieldSlot<Value?>, EncodedKey, Bool, inout JSONWriter) throws -> Bool

    /// Built-in scalars only: numbers, strings, dates, URLs, UUIDs, data and JSON values.
    override var mayHoldInstances: Bool { false }

    /// Called with concrete types only, so the closures built here are specialised for `Value`.
    @inline(__always)
    init(read: @escaping Reader, write: @escaping Writer) {
        reader = read
        assigner = { reader, storage, field in
            if let value = try read(&reader) { storage.store(value, at: field) }
        }
        optionalAssigner = { reader, storage, field in
            if try reader.readNull() { return storage.store(nil, at: field) }
            if let value = try read(&reader) { storage.store(value, at: field) }
        }
        // A whole array in one specialised loop: no call through the adapter per element.
        let elementsReader: (inout JSONReader, inout [Value]) throws -> Bool = { reader, array in
            try reader.gatherElements(into: &array) { reader, elements, pool in
                if let value = try read(&reader) { elements.append(value, pool: pool) }
            }
        }
        self.elementsReader = elementsReader
        appender = { reader, buffer, pool in
            guard let value = try read(&reader) else { return false }
            buffer.append(value, pool: pool)
            return true
        }
        nestedArrayReader = { reader, arrays in
            var inner: [Value] = []
            guard try elementsReader(&reader, &inner) else { return false }
            arrays.append(inner)
            return true
        }
        writer = write
        memberWriter = { storage, field, key, isFirst, writer in
            writer.writeKey(key, isFirst: isFirst)
            try write(storage.load(field), &writer)
        }
        optionalMemberWriter = { storage, field, key, isFirst, writer in
            guard let value = storage.load(field) else { return writer.writeAbsentMember(key, isFirst: isFirst) }
            writer.writeKey(key, isFirst: isFirst)
            try write(value, &writer)
            return true
        }
        elementsWriter = { values, writer in
            try writer.beginArray()
            for (index, value) in values.enumerated() {
                writer.beginElement(index)
                try write(value, &writer)
            }
            writer.endArray(isEmpty: values.isEmpty)
        }
    }

    override func read(_ reader: inout JSONReader) throws -> Value? {
        try self.reader(&reader)
    }

    override func read(
        _ reader: inout JSONReader, appendingTo buffer: inout ElementBuffer, pool: ElementPool
    ) throws -> Bool {
        try appender(&reader, &buffer, pool)
    }

    // The one adapter of each built-in scalar type is this class's, and its `read` is the type's
    // `readBuiltin`, which the direct read calls: so a field of one of those types reads directly.
    override func scalarField(at field: FieldSlot<Value>) -> ScalarField? {
        ScalarField(at: field)
    }

    override func optionalScalarField(at field: FieldSlot<Value?>) -> ScalarField? {
        ScalarField(optionalAt: field)
    }

    override func read(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldSlot<Value>) throws {
        try assigner(&reader, storage, field)
    }

    override func readOptional(
        _ reader: inout JSONReader, into storage: ModelStorage, at field: FieldSlot<Value?>
    ) throws {
        try optionalAssigner(&reader, storage, field)
    }

    override func readElements(_ reader: inout JSONReader, into result: inout [Value]) throws -> Bool {
        try elementsReader(&reader, &result)
    }

    override func read(_ reader: inout JSONReader, appendingArrayTo arrays: inout [[Value]]) throws -> Bool {
        try nestedArrayReader(&reader, &arrays)
    }

    override func write(_ value: Value, to writer: inout JSONWriter) throws {
        try self.writer(value, &writer)
    }

    override func writeElements(_ values: [Value], to writer: inout JSONWriter) throws {
        try elementsWriter(values, &writer)
    }

    override func writeMember(
        from storage: ModelStorage, at field: FieldSlot<Value>, key: EncodedKey, isFirst: Bool,
        to writer: inout JSONWriter
    ) throws -> Bool {
        try memberWriter(storage, field, key, isFirst, &writer)
        return true
    }

    override func writeOptionalMember(
        from storage: ModelStorage, at field: FieldSlot<Value?>, key: EncodedKey, isFirst: Bool,
        to writer: inout JSONWriter
    ) throws -> Bool {
        try optionalMemberWriter(storage, field, key, isFirst, &writer)
    }
}

/// Types with an adapter of their own: the scalars, `Optional`, `Array`, `Set` and `Dictionary`, and
/// ``JSONNullable`` and ``Open``.
/// Resolving a property's type goes through these conformances, never through type names.
protocol BuiltinAdapterProviding: SendableMetatype {
    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject
}

/// The built-in scalars, and their arrays and optionals (`[String]`, `Int?`, `[Double]?`), by type
/// identity, so that the builder finds them without asking the runtime about any conformance: the
/// first question about each type scans every conformance record of every loaded image, and nearly
/// every model has properties of these types.
let builtinTypes: [ObjectIdentifier: any BuiltinAdapterProviding.Type] = {
    let scalars: [any BuiltinAdapterProviding.Type] = [
        Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
        UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
        Double.self, Float.self, Bool.self, String.self,
        Decimal.self, URL.self, UUID.self, Data.self, Date.self, JSONValue.self,
    ]
    // `Array` and `Optional` adopt the protocol with no condition, so these need no runtime question.
    func containers<Scalar: BuiltinAdapterProviding>(of scalar: Scalar.Type) -> [any BuiltinAdapterProviding.Type] {
        [[Scalar].self, Scalar?.self, [Scalar]?.self]
    }
    var table: [ObjectIdentifier: any BuiltinAdapterProviding.Type] = [:]
    for scalar in scalars {
        for type in [scalar] + containers(of: scalar) { table[ObjectIdentifier(type)] = type }
    }
    return table
}()

protocol IntegerAdapterProviding: FixedWidthInteger, BuiltinAdapterProviding {}

extension IntegerAdapterProviding {
    /// The value under the cursor as this integer type: the adapter's read, and the fill loop's for
    /// `Int` and `Int64` fields.
    @inline(__always)
    static func readBuiltin(_ reader: inout JSONReader) throws -> Self? {
        if !reader.isTree {
            if let value = try reader.readPlainInteger() {
                if let result = Self(exactly: value) { return result }
                return try Coercion.integer(JSONScalar(JSONNumber.integer(value)), &reader)
            }
            if let number = try reader.readPlainNumber() {
                if case .integer(let value) = number, let result = Self(exactly: value) { return result }
                return try Coercion.integer(JSONScalar(number), &reader)
            }
        }
        return try Coercion.integer(reader.readScalar(), &reader)
    }

    /// Writes a value: the adapter's write, and the write loop's for `Int` and `Int64` fields.
    @inline(__always)
    static func writeBuiltin(_ value: Self, to writer: inout JSONWriter) {
        writer.writeInteger(value)
    }

    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        ScalarAdapter<Self>(
            read: { reader in try Self.readBuiltin(&reader) },
            write: { value, writer in Self.writeBuiltin(value, to: &writer) }
        )
    }
}

extension Int: IntegerAdapterProviding {}
extension Int8: IntegerAdapterProviding {}
extension Int16: IntegerAdapterProviding {}
extension Int32: IntegerAdapterProviding {}
extension Int64: IntegerAdapterProviding {}
extension UInt: IntegerAdapterProviding {}
extension UInt8: IntegerAdapterProviding {}
extension UInt16: IntegerAdapterProviding {}
extension UInt32: IntegerAdapterProviding {}
extension UInt64: IntegerAdapterProviding {}

extension Double: BuiltinAdapterProviding {
    /// The value under the cursor as a `Double`: the adapter's read, and the fill loop's.
    @inline(__always)
    static func readBuiltin(_ reader: inout JSONReader) throws -> Double? {
        if !reader.isTree, let number = try reader.readPlainNumber(keepingLongFractions: true) {
            if case .double(let value) = number { return value }
            return try Coercion.floatingPoint(JSONScalar(number), &reader)
        }
        return try Coercion.floatingPoint(reader.readScalar(), &reader)
    }

    /// Writes a value: the adapter's write, and the write loop's.
    @inline(__always)
    static func writeBuiltin(_ value: Double, to writer: inout JSONWriter) throws {
        try writer.writeDouble(value)
    }

    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        ScalarAdapter<Double>(
            // `Double.`, not `Self.`: a closure that names `Self` captures it.
            read: { reader in try Double.readBuiltin(&reader) },
            write: { value, writer in try Double.writeBuiltin(value, to: &writer) }
        )
    }
}

extension Float: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        ScalarAdapter<Float>(
            read: { reader in
                if !reader.isTree, let number = try reader.readPlainNumber(keepingLongFractions: true) {
                    return try Coercion.floatingPoint(JSONScalar(number), &reader)
                }
                return try Coercion.floatingPoint(reader.readScalar(), &reader)
            },
            write: { value, writer in try writer.writeFloat(value) }
        )
    }
}

extension Bool: BuiltinAdapterProviding {
    /// The value under the cursor as a `Bool`: the adapter's read, and the fill loop's.
    @inline(__always)
    static func readBuiltin(_ reader: inout JSONReader) throws -> Bool? {
        try Coercion.bool(reader.readScalar(), &reader)
    }

    /// Writes a value: the adapter's write, and the write loop's.
    @inline(__always)
    static func writeBuiltin(_ value: Bool, to writer: inout JSONWriter) {
        writer.writeBool(value)
    }

    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        ScalarAdapter<Bool>(
            // `Bool.`, not `Self.`: a closure that names `Self` captures it.
            read: { reader in try Bool.readBuiltin(&reader) },
            write: { value, writer in Bool.writeBuiltin(value, to: &writer) }
        )
    }
}

extension String: BuiltinAdapterProviding {
    /// The value under the cursor as a `String`: the adapter's read, and the fill loop's.
    @inline(__always)
    static func readBuiltin(_ reader: inout JSONReader) throws -> String? {
        if !reader.isTree, let text = try reader.readPlainString() { return text }
        return try Coercion.string(reader.readScalar(), &reader)
    }

    /// Writes a value: the adapter's write, and the write loop's.
    @inline(__always)
    static func writeBuiltin(_ value: String, to writer: inout JSONWriter) {
        writer.writeString(value)
    }

    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        ScalarAdapter<String>(
            // `String.`, not `Self.`: a closure that names `Self` captures it.
            read: { reader in try String.readBuiltin(&reader) },
            write: { value, writer in String.writeBuiltin(value, to: &writer) }
        )
    }
}

extension Decimal: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        ScalarAdapter<Decimal>(
            read: { reader in
                // Exactly as written: a `Double` on the way would round `1.123456789123456789`.
                let (scalar, exact) = try reader.readDecimal()
                if let exact, !exact.isNaN { return exact }
                return try Coercion.decimal(scalar, &reader)
            },
            write: { value, writer in try writer.writeDecimal(value) }
        )
    }
}

extension URL: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        ScalarAdapter<URL>(
            read: { reader in try Coercion.parsed(reader.readScalar(), &reader, as: "URL") { URLText.url($0) } },
            write: { value, writer in writer.writeString(value.absoluteString) }
        )
    }
}

extension UUID: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        ScalarAdapter<UUID>(
            read: { reader in try Coercion.parsed(reader.readScalar(), &reader, as: "UUID") { UUID(uuidString: $0) } },
            write: { value, writer in writer.writeString(value.uuidString) }
        )
    }
}

extension Data: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        ScalarAdapter<Data>(
            read: { reader in
                try Coercion.parsed(reader.readScalar(), &reader, as: "base64 Data") { Data(base64Encoded: $0) }
            },
            write: { value, writer in writer.writeString(value.base64EncodedString()) }
        )
    }
}

extension Date: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        ScalarAdapter<Date>(
            read: { reader in
                let json: Any
                let scalar: JSONScalar
                if case .custom = reader.dateStrategy {
                    // A custom strategy is handed the JSON value itself.
                    json = try reader.readFoundationObject()
                    scalar = JSONScalar(json)
                } else {
                    scalar = try reader.readScalar()
                    json = ()
                }
                if let date = try reader.dateStrategy.date(from: scalar, json: json) { return date }
                // A count since 1970 in a string: a number in a string, by the mapper's rule for those
                // (lenient mode only, reported as a coercion).
                if case .string(let text) = scalar, !reader.isStrict, let units = reader.dateStrategy.unitsPerSecond,
                    let count = DateConversion.number(in: text)
                {
                    reader.noteCoercion(of: scalar, to: "Date")
                    return DateConversion.date(since1970: count, unitsPerSecond: units)
                }
                if case .string = scalar {
                    return try reader.fail(.invalidValue(value: scalar.summary, type: "Date"), value: scalar)
                }
                return try reader.reject(scalar, expected: "Date")
            },
            write: { value, writer in try writer.writeFoundationObject(writer.dateStrategy.jsonValue(for: value)) }
        )
    }
}

extension JSONValue: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        ScalarAdapter<JSONValue>(
            read: { reader in
                if let value = try reader.readJSONValue() { return value }
                return try reader.rejectValue(expected: "a JSON value")
            },
            write: { value, writer in try writer.writeJSONValue(value) }
        )
    }
}

extension Optional: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        OptionalAdapter<Wrapped>(wrapped: try builder.adapter(for: Wrapped.self, property: property))
    }
}
