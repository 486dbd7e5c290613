/// A Swift type as the generator writes it.
indirect enum SwiftType: Equatable {
    case bool, int, int64, uint64, double, string
    /// Foundation types for strings that the mapper reads and writes back unchanged; see ``RicherTypes``.
    case date, url, uuid
    /// A `String`-backed enum declared in the output (`--enums`); see ``EnumRule``.
    case enumeration(String)
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
        case .date: "Date"
        case .url: "URL"
        case .uuid: "UUID"
        case .enumeration(let name): name
        case .rawJSON: Self.rawJSONSpelling
        case .model(let name): name
        case .array(let element): "[\(element.spelling)]"
        case .dictionary(let value): "[String: \(value.spelling)]"
        case .optional(let wrapped): "\(wrapped.spelling)?"
        }
    }

    /// Whether the type has no value that stands for "empty" the way `""` and `0` do, so that a
    /// property of the type is declared optional (`var createdAt: Date?`) rather than given an
    /// invented default. An enum's unknown raw value then leaves the property `nil`.
    var hasNoEmptyValue: Bool {
        switch self {
        case .date, .url, .uuid, .enumeration: true
        default: false
        }
    }

    /// Whether the spelling needs Foundation (`import Foundation` in the output).
    var needsFoundation: Bool {
        switch self {
        case .date, .url, .uuid: true
        case .array(let inner), .dictionary(let inner), .optional(let inner): inner.needsFoundation
        default: false
        }
    }
}

/// One generated declaration, in output order.
enum Declaration: Equatable {
    case model(ModelDeclaration)
    case enumeration(EnumDeclaration)
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

/// One generated `String`-backed enum.
struct EnumDeclaration: Equatable {
    var name: String
    var cases: [EnumCase]
}

/// One case of a generated enum: `case inProgress = "in_progress"`, or `case open` where the name is
/// the raw value.
struct EnumCase: Equatable {
    var name: String
    var rawValue: String
}
