import Foundation

/// A JSON value: one of the six kinds JSON has.
///
/// Parse bytes with ``init(parsing:maxDepth:)``, which follows RFC 8259 exactly (see
/// <doc:JSONConformance> for the implementation-defined cases). Use `JSONValue` as the type of a
/// property that holds free-form JSON; it maps and writes back like any other property.
///
/// ```swift
/// let value = try JSONValue(parsing: data)
/// if case .string(let name)? = value["user"]?["name"] { … }
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept exactly as far as Swift's number types allow.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object. When a key appears twice, the last value wins.
    case object([String: JSONValue])

    /// How deeply a value parsed on its own may nest by default, as `init(parsing:maxDepth:)` spells it:
    /// a `JSONValue` is a tree with no model code around it, so it takes more levels than a mapper's
    /// models do. Writing a value on its own (not through a mapper) takes the same limit, so whatever
    /// parses can be written.
    static let defaultMaxDepth = 512

    /// Parses one JSON value from UTF-8 bytes, nothing but whitespace around it.
    ///
    /// - Parameters:
    ///   - data: UTF-8 JSON.
    ///   - maxDepth: How deeply arrays and objects may nest; 512 by default.
    /// - Throws: ``MappingError`` of kind ``MappingError/Kind/malformedJSON(_:)``, with the
    ///   ``MappingError/byteOffset`` of the problem, or ``MappingError/Kind/nestingTooDeep(limit:)``.
    public init(parsing data: Data, maxDepth: Int = 512) throws {
        self = try data.reading { bytes in
            var reader = JSONReader(
                scanner: JSONScanner(bytes: bytes), settings: ReadSettings(maxDepth: maxDepth), reporting: false)
            let value = try reader.readJSONValue() ?? .null
            try reader.finish()
            return value
        }
    }

    /// The member for `key` when this is an object.
    /// - Parameter key: A member's key.
    /// - Returns: The member, or `nil` when this is not an object or has no such member.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The element at `index` when this is an array and the index is in range.
    /// - Parameter index: An element's index.
    /// - Returns: The element, or `nil` when this is not an array or the index is out of range.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The value in `JSONSerialization`'s spelling: `[String: Any]`, `[Any]`, `String`, `NSNumber`
    /// (booleans included) and `NSNull`. An integer beyond 64 bits becomes an `NSDecimalNumber`, which
    /// keeps 38 significant digits, or a `Double` beyond `Decimal`'s range, as with `JSONSerialization`
    /// (``JSONMapper/data(from:)`` writes a `JSONValue` property exactly).
    public var jsonObject: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return NSNumber(value: value)
        case .number(let number): return number.jsonObject
        case .string(let value): return value
        case .array(let elements): return elements.map(\.jsonObject)
        case .object(let members): return members.mapValues(\.jsonObject)
        }
    }
}

/// A JSON number, kept exactly as far as Swift's number types allow.
public enum JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// An integer that fits in `Int64`.
    case integer(Int64)
    /// An integer above `Int64.max` that fits in `UInt64`.
    case unsigned(UInt64)
    /// A number written with a fraction or an exponent, correctly rounded.
    case double(Double)
    /// A number as it was written, because no Swift number type holds it exactly: an integer too
    /// large for 64 bits, or a fraction of more than 17 significant digits (as `JSONSerialization`
    /// keeps them in an `NSDecimalNumber`).
    case large(String)

    /// The nearest `Double`.
    public var doubleValue: Double {
        switch self {
        case .integer(let value): return Double(value)
        case .unsigned(let value): return Double(value)
        case .double(let value): return value
        case .large(let text): return Double(text) ?? .nan
        }
    }

    /// The number as JSON text.
    public var description: String {
        switch self {
        case .integer(let value): return String(value)
        case .unsigned(let value): return String(value)
        case .double(let value): return JSONScalar.text(of: value)
        case .large(let text): return text
        }
    }

    var jsonObject: Any {
        switch self {
        case .integer(let value): return NSNumber(value: value)
        case .unsigned(let value): return NSNumber(value: value)
        case .double(let value): return NSNumber(value: value)
        case .large(let text):
            // As `JSONSerialization` gives it: the nearest `Double` for a fraction of up to 17
            // significant digits, an `NSDecimalNumber` for a longer one or a large integer while
            // `Decimal` can hold it, else the nearest `Double`.
            let isFraction = text.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
            if isFraction, JSONNumber.significantDigits(text) <= 17, let value = Double(text) {
                return NSNumber(value: value)
            }
            if let value = Decimal(string: text) { return NSDecimalNumber(decimal: value) }
            return NSNumber(value: Double(text) ?? .infinity)
        }
    }
}

extension JSONValue {
    /// The value at a key path, by the rules of ``JSONKeyPath``; `nil` when a step is missing.
    package func value(atKeyPath keyPath: String) -> JSONValue? {
        var cursor = Cursor(value: self)
        return JSONKeyPath(keyPath).follow(&cursor) ? cursor.value : nil
    }

    /// The value that `keyPath`'s steps from `first` on lead to, by the rules of ``JSONKeyPath``.
    func value(following keyPath: JSONKeyPath, from first: Int) -> JSONValue? {
        var cursor = Cursor(value: self)
        return keyPath.follow(&cursor, from: first) ? cursor.value : nil
    }

    /// A ``KeyPathCursor`` over a value: an object's members are a dictionary already, so a repeated
    /// key's last member is the one there.
    private struct Cursor: KeyPathCursor {
        typealias Failure = Never
        var value: JSONValue

        func container() -> JSONContainer? {
            switch value {
            case .object: return .object
            case .array: return .array
            default: return nil
            }
        }

        mutating func enterMember(_ key: String) -> Bool {
            guard let member = value[key] else { return false }
            value = member
            return true
        }

        mutating func enterElement(_ index: Int) -> Bool {
            guard let element = value[index] else { return false }
            value = element
            return true
        }
    }

    /// A scalar as text: a string as it is, a number or Bool as JSON spells it; `nil` for `null`, an
    /// array or an object.
    package var scalarText: String? {
        switch self {
        case .string(let text): text
        case .number(let number): number.description
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }
}

extension JSONValue {
    /// A value from `JSONSerialization` output, or from Swift values such as `Int` and `[String: Any]`;
    /// `nil` when `json` holds something JSON cannot, or nests deeper than a value parsed on its own may
    /// (512 levels).
    /// - Parameter json: What `JSONSerialization` returned, or Swift values of the same shapes.
    public init?(jsonObject json: Any) {
        guard
            let value = try? JSONValue.converting(json, depthBudget: Self.defaultMaxDepth, limit: Self.defaultMaxDepth)
        else { return nil }
        self = value
    }

    /// The value a tree holds, with at most `depthBudget` levels of containers: a tree built in code can
    /// nest without end, and each level is a frame of this conversion. `nil` when the tree holds
    /// something JSON cannot.
    /// - Throws: `nestingTooDeep(limit:)` past the budget.
    static func converting(_ json: Any, depthBudget: Int, limit: Int) throws -> JSONValue? {
        let scalar = JSONScalar(json)
        switch scalar {
        case .array:
            guard let elements = json as? [Any] else { return nil }
            guard depthBudget > 0 else { throw MappingError(.nestingTooDeep(limit: limit)) }
            var values: [JSONValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let value = try converting(element, depthBudget: depthBudget - 1, limit: limit) else {
                    return nil
                }
                values.append(value)
            }
            return .array(values)
        case .object:
            guard let members = json as? [String: Any] else { return nil }
            guard depthBudget > 0 else { throw MappingError(.nestingTooDeep(limit: limit)) }
            var values: [String: JSONValue] = [:]
            values.reserveCapacity(members.count)
            for (key, member) in members {
                guard let value = try converting(member, depthBudget: depthBudget - 1, limit: limit) else { return nil }
                values[key] = value
            }
            return .object(values)
        default:
            // A scalar, or `.other` (not JSON), which has no value.
            return scalar.jsonValue
        }
    }
}

extension JSONNumber {
    /// The number an `NSDecimalNumber` holds: JSONSerialization uses one for integers beyond 64 bits
    /// and for long fractions. `nil` for NaN.
    init?(_ value: Decimal) {
        guard !value.isNaN else { return nil }
        let text = value.description
        if let integer = Int64(text) {
            self = .integer(integer)
        } else if !text.contains("."), !text.contains("e") {
            self = .large(text)
        } else {
            self = JSONNumber(text: text, double: NSDecimalNumber(decimal: value).doubleValue)
        }
    }

    /// A fraction read as `double` from `text`: the `Double` when the text has at most 17 significant
    /// digits and the `Double` holds its value exactly (its shortest form spells the same number), else
    /// the text.
    ///
    /// Every number of up to 15 significant digits survives text → `Double` → shortest text, so only
    /// longer ones are compared: `0.1234567890123456` survives, `0.12345678901234567` does not. A text
    /// of more than 17 significant digits (trailing zeros counted) is always kept, as `JSONSerialization`
    /// keeps it in an `NSDecimalNumber` and the byte route reads it as a `Decimal`, so both routes
    /// describe it alike. This is what keeps a `Decimal` exact through a merge patch, `Open` or a
    /// polymorphic fallback, whatever its digits.
    init(text: String, double: Double) {
        let digits = text.utf8.count > 15 ? JSONNumber.significantDigits(text) : 0
        if digits > 17 || (digits > 15 && !JSONNumber.sameValue(text, String(describing: double))) {
            self = .large(text)
        } else {
            self = .double(double)
        }
    }

    /// Whether two decimal texts (`-1.50e3`, `1500.0`) name the same number.
    static func sameValue(_ left: String, _ right: String) -> Bool {
        guard let a = normalised(left), let b = normalised(right) else { return false }
        return a.negative == b.negative && a.digits == b.digits && (a.digits.isEmpty || a.exponent == b.exponent)
    }

    /// A decimal text as sign, significant digits with no leading or trailing zero, and the power of
    /// ten of the first digit's place; `nil` when it is not a decimal number.
    private static func normalised(_ text: String) -> (negative: Bool, digits: [UInt8], exponent: Int)? {
        var bytes = Substring(text).utf8[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var exponent = 0
        if let marker = bytes.firstIndex(where: { $0 | 0x20 == UInt8(ascii: "e") }) {
            guard let value = Int(String(Substring(bytes[bytes.index(after: marker)...]))) else { return nil }
            exponent = value
            bytes = bytes[..<marker]
        }
        var digits: [UInt8] = []
        var beforePoint = 0
        var seenPoint = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            if digits.isEmpty && byte == UInt8(ascii: "0") {
                // A leading zero: it moves the first digit's place only after the point.
                if seenPoint { beforePoint -= 1 }
                continue
            }
            digits.append(byte)
            if !seenPoint { beforePoint += 1 }
        }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        return (negative, digits, beforePoint + exponent)
    }

    /// How many significant digits a number's text has, exponent aside.
    static func significantDigits(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { continue }
            if count > 0 || byte != UInt8(ascii: "0") { count += 1 }
        }
        return count
    }
}

/// A `JSONValue` decodes whatever JSON-shaped value a decoder is on, and encodes as that value, so
/// it can be a property of a Codable type, or carry Codable data into the mapper.
extension JSONValue: Codable {
    /// Decodes the value the decoder is on.
    ///
    /// - Parameter decoder: Any decoder.
    /// - Throws: `DecodingError` when the value is none of JSON's kinds.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: TextCodingKey.self) {
            var members: [String: JSONValue] = [:]
            for key in container.allKeys {
                members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
            self = .object(members)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            if let count = container.count { elements.reserveCapacity(count) }
            while !container.isAtEnd {
                elements.append(try container.decode(JSONValue.self))
            }
            self = .array(elements)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .number(.integer(value))
        } else if let value = try? container.decode(UInt64.self) {
            self = .number(.unsigned(value))
        } else if let value = try? container.decode(Double.self) {
            self = .number(.double(value))
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    /// Encodes the value as the JSON it holds.
    ///
    /// - Parameter encoder: Any encoder.
    /// - Throws: What the encoder throws (a non-finite number, say).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: TextCodingKey.self)
            for (key, value) in members {
                try container.encode(value, forKey: TextCodingKey(key))
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements {
                try container.encode(element)
            }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(.integer(let value)):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(.unsigned(let value)):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if case .large(let text) = number, let decimal = Decimal(string: text) {
                try container.encode(decimal)
            } else {
                try container.encode(number.doubleValue)
            }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
}
