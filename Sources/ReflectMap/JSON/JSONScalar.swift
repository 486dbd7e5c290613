import Foundation

/// The JSON kind of a value, and the payload of a scalar.
///
/// JSON values reach the mapper in two spellings: `JSONSerialization`'s boxes (`NSNumber`, its boolean
/// subclass, `NSDecimalNumber`, `NSNull`) and plain Swift values that callers put into a dictionary.
/// This is the one place that tells them apart. It checks the dynamic type before any `as?` cast,
/// because `NSNumber(1) as? Bool` and `NSNumber(true) as? Int` both succeed on Linux.
enum JSONScalar {
    case null
    case bool(Bool)
    case integer(Int64)
    /// An integer above `Int64.max`.
    case unsigned(UInt64)
    case double(Double)
    case decimal(Decimal)
    case string(String)
    case array
    case object
    case other(String)

    init(_ json: Any) {
        let dynamicType = type(of: json)
        if dynamicType == String.self, let string = json as? String {
            self = .string(string)
        } else if dynamicType is NSNumber.Type, let number = json as? NSNumber {
            self = JSONScalar(number: number, type: dynamicType)
        } else if dynamicType == NSNull.self {
            self = .null
        } else if let value = json as? any BinaryInteger, dynamicType != Bool.self {
            self = JSONScalar(integer: value)
        } else {
            self = JSONScalar(other: json, type: dynamicType)
        }
    }

    /// A number read from JSON bytes, in the same cases as `JSONSerialization`'s boxes give.
    init(_ number: JSONNumber) {
        switch number {
        case .integer(let value): self = .integer(value)
        case .unsigned(let value): self = .unsigned(value)
        case .double(let value): self = .double(value)
        // Exactly as the dictionary route sees it (`NSDecimalNumber`, or a `Double` beyond `Decimal`).
        case .large: self = JSONScalar(number.jsonObject)
        }
    }

    private init(number: NSNumber, type: Any.Type) {
        if ObjectIdentifier(type) == JSONScalar.booleanClass {
            self = .bool(number.boolValue)
        } else if type is NSDecimalNumber.Type {
            self = .decimal(number.decimalValue)
        } else {
            switch number.typeEncoding {
            case UInt8(ascii: "d"), UInt8(ascii: "f"):
                self = .double(number.doubleValue)
            case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"):
                let value = number.uint64Value
                self = value > UInt64(Int64.max) ? .unsigned(value) : .integer(Int64(value))
            default:
                self = .integer(number.int64Value)
            }
        }
    }

    private init(integer: some BinaryInteger) {
        if let value = Int64(exactly: integer) {
            self = .integer(value)
        } else if let value = UInt64(exactly: integer) {
            self = .unsigned(value)
        } else {
            self = .other(String(describing: integer))
        }
    }

    private init(other json: Any, type dynamicType: Any.Type) {
        switch json {
        case let value as Bool: self = .bool(value)
        case let value as Double: self = .double(value)
        case let value as Float: self = .double(Double(value))
        case let value as Decimal: self = .decimal(value)
        case let value as String: self = .string(value)
        case is [String: Any]: self = .object
        case is [Any]: self = .array
        default: self = .other(String(describing: dynamicType))
        }
    }

    /// The class `JSONSerialization` uses for `true` and `false`.
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// The scalar as a ``JSONValue``; `nil` for containers and non-JSON values.
    var jsonValue: JSONValue? {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .integer(let value): return .number(.integer(value))
        case .unsigned(let value): return .number(.unsigned(value))
        case .double(let value): return .number(.double(value))
        case .decimal(let value): return JSONNumber(value).map(JSONValue.number)
        case .string(let value): return .string(value)
        case .array, .object, .other: return nil
        }
    }

    /// The numeric value as a `Double`, for numbers only.
    var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .unsigned(let value): return Double(value)
        case .double(let value): return value
        case .decimal(let value):
            // An integer beyond 64 bits is parsed from its digits, correctly rounded. A fraction,
            // which `JSONSerialization` boxes as `NSDecimalNumber` when it has many digits, gets
            // `doubleValue`, as hand-written code and `JSONDecoder` do: a few ulps off at worst, and
            // ten times faster than going through the text. Read from bytes, a `Double` or `Float`
            // property never comes here: its adapter takes the scanner's correctly rounded value.
            if value.exponent >= 0, let double = Double(value.description) { return double }
            return NSDecimalNumber(decimal: value).doubleValue
        default: return nil
        }
    }

    /// The number spelled as in JSON, for numbers only.
    var numberText: String? {
        switch self {
        case .integer(let value): return String(value)
        case .unsigned(let value): return String(value)
        case .double(let value): return JSONScalar.text(of: value)
        case .decimal(let value): return value.description
        default: return nil
        }
    }

    /// A `Double` without a trailing `.0` when it is integral and small enough to print exactly.
    static func text(of value: Double) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }

    /// How an error message names the value: `a string "abc"`, `the number 1.5`, `true`, `an object`.
    var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .string(let value):
            let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
            return "a string \"\(shown)\""
        case .array: return "an array"
        case .object: return "an object"
        case .other(let typeName): return "a value of type \(typeName)"
        case .integer, .unsigned, .double, .decimal: return "the number \(numberText ?? "")"
        }
    }
}
