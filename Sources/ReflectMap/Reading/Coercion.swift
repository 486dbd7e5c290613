import Foundation

/// Scalar conversions from a JSON value to a property type, and the strict/lenient rules.
///
/// - A JSON value of the expected kind converts when it fits exactly: `300` does not fit `Int8`,
///   `1.5` does not fit `Int`, `1e300` does not fit `Float`; those are errors, never truncations.
/// - Lenient mode also converts across kinds when nothing is lost, and reports it: a numeric string
///   to a number, a number to a string, `0`/`1` and the strings `"true"`/`"false"`, `"yes"`/`"no"`
///   and `"1"`/`"0"` (in any case) to a `Bool`, a `Bool` to `0`/`1`. The full table is in the
///   LenientAndStrictMapping article.
/// - Strict mode converts across kinds never: booleans are not numbers and strings are not numbers.
enum Coercion {
    static func integer<Value: FixedWidthInteger>(_ scalar: JSONScalar, _ context: inout JSONReader) throws -> Value? {
        switch scalar {
        case .integer(let value):
            if let result = Value(exactly: value) { return result }
        case .unsigned(let value):
            if let result = Value(exactly: value) { return result }
        case .double(let value):
            if let result = Value(exactly: value) { return result }
        case .decimal(let value):
            if let result = Value(value.description) { return result }
        case .bool(let value) where !context.isStrict:
            context.noteCoercion(of: scalar, to: typeName(Value.self))
            return value ? 1 : 0
        case .string(let text) where !context.isStrict:
            guard let result = Value(text) else { break }
            context.noteCoercion(of: scalar, to: typeName(Value.self))
            return result
        default:
            break
        }
        return try outOfRangeOrMismatch(scalar, Value.self, &context)
    }

    static func floatingPoint<Value: BinaryFloatingPoint>(
        _ scalar: JSONScalar, _ context: inout JSONReader
    ) throws -> Value? {
        switch scalar {
        case .integer, .unsigned, .double, .decimal:
            if let value = scalar.doubleValue, let result = fitting(value, Value.self) { return result }
        case .bool(let value) where !context.isStrict:
            context.noteCoercion(of: scalar, to: typeName(Value.self))
            return value ? 1 : 0
        case .string(let text) where !context.isStrict:
            guard let value = Double(text), value.isFinite, let result = fitting(value, Value.self) else { break }
            context.noteCoercion(of: scalar, to: typeName(Value.self))
            return result
        default:
            break
        }
        return try outOfRangeOrMismatch(scalar, Value.self, &context)
    }

    static func bool(_ scalar: JSONScalar, _ context: inout JSONReader) throws -> Bool? {
        switch scalar {
        case .bool(let value):
            return value
        case .integer(let value) where !context.isStrict && (value == 0 || value == 1):
            context.noteCoercion(of: scalar, to: "Bool")
            return value == 1
        case .string(let text) where !context.isStrict:
            guard let value = lenientBool(text) else { return try context.reject(scalar, expected: "Bool") }
            context.noteCoercion(of: scalar, to: "Bool")
            return value
        default:
            return try context.reject(scalar, expected: "Bool")
        }
    }

    /// The strings lenient mode takes as a `Bool`, in any case: `"true"`, `"yes"`, `"1"` and
    /// `"false"`, `"no"`, `"0"` (what KakaJSON and HandyJSON accept). No others: `"y"`, `"on"` or
    /// `" true"` are mismatches.
    static func lenientBool(_ text: String) -> Bool? {
        guard text.utf8.count <= 5 else { return nil }
        switch text.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: return nil
        }
    }

    static func string(_ scalar: JSONScalar, _ context: inout JSONReader) throws -> String? {
        switch scalar {
        case .string(let text):
            return text
        case .bool(let value) where !context.isStrict:
            context.noteCoercion(of: scalar, to: "String")
            return value ? "true" : "false"
        case .integer, .unsigned, .double, .decimal:
            guard !context.isStrict, let text = scalar.numberText else { break }
            context.noteCoercion(of: scalar, to: "String")
            return text
        default:
            break
        }
        return try context.reject(scalar, expected: "String")
    }

    static func decimal(_ scalar: JSONScalar, _ context: inout JSONReader) throws -> Decimal? {
        switch scalar {
        case .decimal(let value):
            return value
        case .integer(let value):
            return Decimal(value)
        case .unsigned(let value):
            return Decimal(value)
        case .double(let value):
            // The shortest spelling of the double, so 0.1 stays 0.1 rather than 0.1000000000000000055….
            return Decimal(string: JSONScalar.text(of: value)) ?? Decimal(value)
        case .string(let text) where !context.isStrict:
            // `Double(_:)` insists on the whole string being a number; `Decimal(string:)` would stop early.
            guard Double(text)?.isFinite == true, let value = Decimal(string: text) else { break }
            context.noteCoercion(of: scalar, to: "Decimal")
            return value
        default:
            break
        }
        return try context.reject(scalar, expected: "Decimal")
    }

    /// A value of the right JSON type that the target type rejects: a bad URL, UUID, base64 or date.
    static func parsed<Value>(
        _ scalar: JSONScalar, _ context: inout JSONReader, as typeName: String, _ parse: (String) -> Value?
    ) throws -> Value? {
        guard case .string(let text) = scalar else { return try context.reject(scalar, expected: typeName) }
        if let value = parse(text) { return value }
        return try context.fail(.invalidValue(value: scalar.summary, type: typeName), value: scalar)
    }

    /// The value as `Value`, or `nil` when it is not finite there (JSON has no infinities or NaN).
    private static func fitting<Value: BinaryFloatingPoint>(_ value: Double, _ type: Value.Type) -> Value? {
        let result = Value(value)
        return result.isFinite ? result : nil
    }

    private static func outOfRangeOrMismatch<Value>(
        _ scalar: JSONScalar, _ type: Value.Type, _ context: inout JSONReader
    ) throws -> Value? {
        if let text = scalar.numberText {
            return try context.fail(.numberOutOfRange(value: text, type: typeName(type)), value: scalar)
        }
        return try context.reject(scalar, expected: typeName(type))
    }

    private static func typeName(_ type: Any.Type) -> String {
        String(describing: type)
    }
}
