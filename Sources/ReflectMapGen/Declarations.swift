/// A Swift type as the generator writes it.
indirect enum SwiftType: Equatable {
    case bool, int, int64, uint64, double, string
    /// Raw JSON, for values whose type could not be inferred or that mix kinds.
    case rawJSON
    case model(String)
    case array(SwiftType)
    case dictionary(SwiftType)
    case optional(SwiftType)

    /// The spelling of raw JSON: ReflectMap's `JSONValue`, which maps and writes back exactly.
    static let rawJSONSpelling = "JSONValue"

    var spelling: String {
        switch self {
        case .bool: "Bool"
        case .int: "Int"
        case .int64: "Int64"
        case .uint64: "UInt64"
        case .double: "Double"
        case .string: "String"
        case .rawJSON: Self.rawJSONSpelling
        case .model(let name): name
        case .array(let element): "[\(element.spelling)]"
        case .dictionary(let value): "[String: \(value.spelling)]"
        case .optional(let wrapped): "\(wrapped.spelling)?"
        }
    }
}

/// One generated class or struct.
struct ModelDeclaration: Equatable {
    var name: String
    var properties: [PropertyDeclaration]
}

/// One generated property.
struct PropertyDeclaration: Equatable {
    var name: String
    /// The JSON key, when the key translator would not produce it from the name (`@JSONKey`).
    var explicitKey: String?
    var type: SwiftType
    var isOptional: Bool
    /// A remark for the reader, such as why the type is raw JSON.
    var note: String?
}
