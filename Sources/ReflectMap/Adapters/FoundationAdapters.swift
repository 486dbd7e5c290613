import Foundation

// Foundation's reference types as property types, for models written for Objective-C interop
// (HandyJSON lists them as supported): `NSNumber`, `NSDecimalNumber`, `NSString`, `NSArray`,
// `NSDictionary`, `NSDate` and `NSURL`, optional or not. Each reads with its Swift counterpart's
// coercions and reports and is written the way that counterpart is written:
//
// | type              | read and written as                                              |
// |-------------------|------------------------------------------------------------------|
// | `NSNumber`        | the JSON number or boolean itself, exactly (see below)           |
// | `NSDecimalNumber` | `Decimal`: every digit of the JSON number                        |
// | `NSString`        | `String`                                                         |
// | `NSArray`         | `[Any]`, raw JSON                                                |
// | `NSDictionary`    | `[String: Any]`, raw JSON                                        |
// | `NSDate`          | `Date`, with the mapper's date strategy                          |
// | `NSURL`           | `URL`                                                            |
//
// `NSNumber` keeps exactness: an integer is boxed as `Int64` (or `UInt64` above `Int64.max`), so a
// 64-bit id stays exact; a longer integer or a fraction longer than a `Double` holds is an
// `NSDecimalNumber`; `true` and `false` are `NSNumber`'s booleans, and are written back as booleans.

enum FoundationAdapters {
    /// The adapter for one of Foundation's reference types, or `nil` when `Value` is none of them
    /// (a subclass of one included, which may carry state the mapper does not know).
    static func make<Value>(_ type: Value.Type, builder: PlanBuilder, property: PropertyName) throws -> AnyObject? {
        switch ObjectIdentifier(Value.self) {
        case ObjectIdentifier(NSNumber.self):
            return NumberAdapter()
        case ObjectIdentifier(NSDecimalNumber.self):
            return BridgedAdapter<NSDecimalNumber, Decimal>(
                try builder.adapter(for: Decimal.self, property: property),
                toReference: { NSDecimalNumber(decimal: $0) }, toValue: { $0.decimalValue }
            )
        case ObjectIdentifier(NSString.self):
            return BridgedAdapter<NSString, String>(
                try builder.adapter(for: String.self, property: property),
                toReference: { NSString(string: $0) }, toValue: { $0 as String }
            )
        case ObjectIdentifier(NSArray.self):
            return BridgedAdapter<NSArray, [Any]>(
                try builder.adapter(for: [Any].self, property: property),
                toReference: { NSArray(array: $0) }, toValue: { Array($0) }
            )
        case ObjectIdentifier(NSDictionary.self):
            return BridgedAdapter<NSDictionary, [String: Any]>(
                try builder.adapter(for: [String: Any].self, property: property),
                toReference: { NSDictionary(dictionary: $0) }, toValue: plainDictionary
            )
        case ObjectIdentifier(NSDate.self):
            return BridgedAdapter<NSDate, Date>(
                try builder.adapter(for: Date.self, property: property),
                toReference: { NSDate(timeIntervalSinceReferenceDate: $0.timeIntervalSinceReferenceDate) },
                toValue: { $0 as Date }
            )
        case ObjectIdentifier(NSURL.self):
            return BridgedAdapter<NSURL, URL>(
                try builder.adapter(for: URL.self, property: property),
                toReference: { $0 as NSURL }, toValue: { $0 as URL }
            )
        default:
            return nil
        }
    }

    /// An `NSDictionary` as `[String: Any]`, for writing. JSON keys are strings; a key of another type
    /// is written as its description, as `NSDictionary`'s own `description` would show it.
    private static func plainDictionary(_ dictionary: NSDictionary) -> [String: Any] {
        var plain: [String: Any] = [:]
        for (key, value) in dictionary {
            plain[key as? String ?? String(describing: key)] = value
        }
        return plain
    }
}

/// A Foundation reference type read and written through its Swift counterpart's adapter.
final class BridgedAdapter<Reference, Value>: TypeAdapter<Reference>, @unchecked Sendable {
    private let value: TypeAdapter<Value>
    private let toReference: (Value) -> Reference
    private let toValue: (Reference) -> Value

    init(
        _ value: TypeAdapter<Value>, toReference: @escaping (Value) -> Reference,
        toValue: @escaping (Reference) -> Value
    ) {
        self.value = value
        self.toReference = toReference
        self.toValue = toValue
    }

    override func read(_ reader: inout JSONReader) throws -> Reference? {
        try value.read(&reader).map(toReference)
    }

    override func write(_ reference: Reference, to writer: inout JSONWriter) throws {
        try value.write(toValue(reference), to: &writer)
    }
}

/// `NSNumber`: any JSON number or boolean, boxed exactly. Lenient mode also takes a numeric string,
/// as the numeric types do, and reports it.
final class NumberAdapter: TypeAdapter<NSNumber>, @unchecked Sendable {
    override func read(_ reader: inout JSONReader) throws -> NSNumber? {
        let scalar = try reader.readScalar()
        if let number = Self.number(scalar) { return number }
        if case .string(let text) = scalar, !reader.isStrict, let number = Self.number(parsing: text) {
            reader.noteCoercion(of: scalar, to: typeName)
            return number
        }
        if let text = scalar.numberText {
            // A number no box holds: beyond `Decimal` (1e400).
            return try reader.fail(.numberOutOfRange(value: text, type: typeName), value: scalar)
        }
        return try reader.reject(scalar, expected: typeName)
    }

    override func write(_ value: NSNumber, to writer: inout JSONWriter) throws {
        try writer.writeFoundationObject(value)
    }

    private static func number(_ scalar: JSONScalar) -> NSNumber? {
        switch scalar {
        case .bool(let value): return NSNumber(value: value)
        case .integer(let value): return NSNumber(value: value)
        case .unsigned(let value): return NSNumber(value: value)
        case .double(let value): return NSNumber(value: value)
        case .decimal(let value) where !value.isNaN: return NSDecimalNumber(decimal: value)
        default: return nil
        }
    }

    /// A numeric string as the number JSON would have spelled.
    private static func number(parsing text: String) -> NSNumber? {
        if let value = Int64(text) { return NSNumber(value: value) }
        if let value = UInt64(text) { return NSNumber(value: value) }
        guard let value = Double(text), value.isFinite else { return nil }
        return NSNumber(value: value)
    }
}
