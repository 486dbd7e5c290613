import Foundation

/// A scalar type whose adapter is a pair of functions: JSON scalar → value, value → JSON.
final class ScalarAdapter<Value>: TypeAdapter<Value>, @unchecked Sendable {
    typealias Reader = (JSONScalar, Any, inout ReadContext) throws -> Value?
    typealias Writer = (Value, inout WriteContext) throws -> Any

    private let reader: Reader
    private let assigner: (JSONScalar, Any, inout ReadContext, UnsafeMutableRawPointer) throws -> Void
    private let appender: (JSONScalar, Any, inout ReadContext, inout [Value]) throws -> Void
    private let writer: Writer
    /// Whether `read` looks at the raw JSON value, not just the scalar (custom date strategies do).
    private let needsJSONObject: Bool

    /// Called with concrete types only, so the closures built here are specialised for `Value`.
    @inline(__always)
    init(read: @escaping Reader, write: @escaping Writer, needsJSONObject: Bool = false) {
        self.needsJSONObject = needsJSONObject
        reader = read
        assigner = { scalar, json, context, field in
            if let value = try read(scalar, json, &context) {
                FieldStorage.store(value, in: field, at: 0)
            }
        }
        appender = { scalar, json, context, array in
            if let value = try read(scalar, json, &context) { array.append(value) }
        }
        writer = write
    }

    override func read(_ json: Any, _ context: inout ReadContext) throws -> Value? {
        try reader(JSONScalar(json), json, &context)
    }

    override func read(_ json: Any, assigningTo field: UnsafeMutableRawPointer, _ context: inout ReadContext) throws {
        try assigner(JSONScalar(json), json, &context, field)
    }

    override func read(_ json: Any, appendingTo array: inout [Value], _ context: inout ReadContext) throws {
        try appender(JSONScalar(json), json, &context, &array)
    }

    override func read(_ scanner: inout JSONScanner, _ context: inout ReadContext) throws -> Value? {
        let (scalar, json) = try scan(&scanner)
        return try reader(scalar, json, &context)
    }

    override func read(_ scanner: inout JSONScanner, assigningTo field: UnsafeMutableRawPointer, _ context: inout ReadContext) throws {
        let (scalar, json) = try scan(&scanner)
        try assigner(scalar, json, &context, field)
    }

    override func read(_ scanner: inout JSONScanner, appendingTo array: inout [Value], _ context: inout ReadContext) throws {
        let (scalar, json) = try scan(&scanner)
        try appender(scalar, json, &context, &array)
    }

    /// The scalar under the cursor, and the raw JSON value only when `read` wants it.
    @inline(__always)
    private func scan(_ scanner: inout JSONScanner) throws -> (JSONScalar, Any) {
        guard needsJSONObject else { return (try scanner.scalar(), ()) }
        let json = try scanner.value().jsonObject
        return (JSONScalar(json), json)
    }

    override func write(_ value: Value, _ context: inout WriteContext) throws -> Any? {
        try writer(value, &context)
    }
}

/// Types with an adapter of their own: the scalars, `Optional`, `Array` and `Dictionary`.
/// Resolving a property's type goes through these conformances, never through type names.
protocol BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: String) throws -> AnyObject
}

protocol IntegerAdapterProviding: FixedWidthInteger, BuiltinAdapterProviding {}

extension IntegerAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: String) throws -> AnyObject {
        ScalarAdapter<Self>(
            read: { scalar, _, context in try Coercion.integer(scalar, &context) },
            write: { value, _ in
                if let small = Int(exactly: value) { return small }
                return UInt64(truncatingIfNeeded: value)
            }
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
    static func makeAdapter(_ builder: PlanBuilder, property: String) throws -> AnyObject {
        ScalarAdapter<Double>(
            read: { scalar, _, context in try Coercion.floatingPoint(scalar, &context) },
            write: { value, _ in try finite(value, value) }
        )
    }
}

extension Float: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: String) throws -> AnyObject {
        ScalarAdapter<Float>(
            read: { scalar, _, context in try Coercion.floatingPoint(scalar, &context) },
            write: { value, _ in try finite(Double(value), value) }
        )
    }
}

/// JSON has no NaN or infinity.
private func finite(_ value: Double, _ original: Any) throws -> Any {
    guard value.isFinite else { throw MappingError(.notRepresentable(value: "\(original)")) }
    return original
}

extension Bool: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: String) throws -> AnyObject {
        ScalarAdapter<Bool>(read: { scalar, _, context in try Coercion.bool(scalar, &context) }, write: { value, _ in value })
    }
}

extension String: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: String) throws -> AnyObject {
        ScalarAdapter<String>(read: { scalar, _, context in try Coercion.string(scalar, &context) }, write: { value, _ in value })
    }
}

extension Decimal: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: String) throws -> AnyObject {
        ScalarAdapter<Decimal>(
            read: { scalar, _, context in try Coercion.decimal(scalar, &context) },
            write: { value, _ in
                guard !value.isNaN else { throw MappingError(.notRepresentable(value: "NaN")) }
                return NSDecimalNumber(decimal: value)
            }
        )
    }
}

extension URL: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: String) throws -> AnyObject {
        ScalarAdapter<URL>(
            read: { scalar, _, context in try Coercion.parsed(scalar, &context, as: "URL") { URL(string: $0) } },
            write: { value, _ in value.absoluteString }
        )
    }
}

extension UUID: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: String) throws -> AnyObject {
        ScalarAdapter<UUID>(
            read: { scalar, _, context in try Coercion.parsed(scalar, &context, as: "UUID") { UUID(uuidString: $0) } },
            write: { value, _ in value.uuidString }
        )
    }
}

extension Data: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: String) throws -> AnyObject {
        ScalarAdapter<Data>(
            read: { scalar, _, context in
                try Coercion.parsed(scalar, &context, as: "base64 Data") { Data(base64Encoded: $0) }
            },
            write: { value, _ in value.base64EncodedString() }
        )
    }
}

extension Date: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: String) throws -> AnyObject {
        ScalarAdapter<Date>(
            read: { scalar, json, context in
                if let date = try context.dateStrategy.date(from: scalar, json: json) { return date }
                if case .string = scalar { return try context.fail(.invalidValue(value: scalar.summary, type: "Date"), value: scalar) }
                return try context.reject(scalar, expected: "Date")
            },
            write: { value, context in try context.dateStrategy.jsonValue(for: value) },
            needsJSONObject: true
        )
    }
}

extension JSONValue: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: String) throws -> AnyObject {
        JSONValueAdapter()
    }
}

/// Free-form JSON in a ``JSONValue`` property; `null` is ``JSONValue/null``.
final class JSONValueAdapter: TypeAdapter<JSONValue>, @unchecked Sendable {
    override func read(_ json: Any, _ context: inout ReadContext) throws -> JSONValue? {
        if let value = JSONValue(jsonObject: json) { return value }
        return try context.reject(JSONScalar(json), expected: "a JSON value")
    }

    override func read(_ scanner: inout JSONScanner, _ context: inout ReadContext) throws -> JSONValue? {
        try scanner.value()
    }

    override func write(_ value: JSONValue, _ context: inout WriteContext) throws -> Any? {
        context.forSerializer ? value : value.jsonObject
    }
}

extension Optional: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: String) throws -> AnyObject {
        OptionalAdapter<Wrapped>(wrapped: try builder.adapter(for: Wrapped.self, property: property))
    }
}

extension Array: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: String) throws -> AnyObject {
        if Element.self == Any.self { return PassThroughAdapter<[Element]>() }
        return ArrayAdapter<Element>(element: try builder.adapter(for: Element.self, property: property))
    }
}

extension Dictionary: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: String) throws -> AnyObject {
        guard Key.self == String.self else {
            throw MappingError(.unsupportedType(type: String(describing: Self.self), property: property))
        }
        if Value.self == Any.self { return PassThroughAdapter<[String: Value]>() }
        return DictionaryAdapter<Value>(value: try builder.adapter(for: Value.self, property: property))
    }
}
