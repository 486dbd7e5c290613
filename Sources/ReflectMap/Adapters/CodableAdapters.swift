import Foundation

// Codable interop, both ways:
// - a property whose type is `Decodable` or `Encodable` but not `Mappable` (another library's
//   struct, an enum with associated values, a Foundation type) goes through `JSONDecoder` and
//   `JSONEncoder`;
// - a `MappableCodable` model goes through `JSONDecoder` and `JSONEncoder` with ReflectMap's rules.

/// A `Decodable`/`Encodable` property type: its JSON is handed to `JSONDecoder` and taken from
/// `JSONEncoder`, configured as ``CodableAdapter/decoder(for:)`` says.
final class CodableAdapter<Value>: TypeAdapter<Value>, @unchecked Sendable {
    private let decode: ((Data, JSONDecoder) throws -> Value)?
    private let encode: ((Value, JSONEncoder) throws -> Data)?

    private init(decode: ((Data, JSONDecoder) throws -> Value)?, encode: ((Value, JSONEncoder) throws -> Data)?) {
        self.decode = decode
        self.encode = encode
    }

    /// The adapter, or `nil` when `Value` is neither `Decodable` nor `Encodable`.
    static func make() -> CodableAdapter<Value>? {
        let decodable = Value.self as? any Decodable.Type
        let encodable = Value.self as? any Encodable.Type
        if decodable == nil && encodable == nil { return nil }
        var decode: ((Data, JSONDecoder) throws -> Value)?
        var encode: ((Value, JSONEncoder) throws -> Data)?
        if let decodable { decode = decoding(decodable) }
        if let encodable { encode = encoding(encodable) }
        return CodableAdapter(decode: decode, encode: encode)
    }

    private static func decoding<T: Decodable>(_ type: T.Type) -> (Data, JSONDecoder) throws -> Value {
        { data, decoder in
            guard let value = try decoder.decode(T.self, from: data) as? Value else {
                throw MappingError(.unsupportedType(type: String(describing: Value.self), property: "(value)"))
            }
            return value
        }
    }

    private static func encoding<T: Encodable>(_ type: T.Type) -> (Value, JSONEncoder) throws -> Data {
        { value, encoder in
            guard let typed = value as? T else {
                throw MappingError(.unsupportedType(type: String(describing: Value.self), property: "(value)"))
            }
            return try encoder.encode(typed)
        }
    }

    /// A decoder whose dates follow the mapper's ``DateStrategy``: each date's JSON goes through the
    /// mapper's own date rules. Keys are the type's own `CodingKeys` (the key translator does not
    /// apply), `Data` is base64, and non-finite numbers are refused, as the mapper does.
    static func decoder(for strategy: DateStrategy) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let json = try JSONValue(from: decoder)
            let scalar = JSONScalar(json.jsonObject)
            guard let date = try strategy.date(from: scalar, json: json.jsonObject) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath, debugDescription: "\(scalar.summary) is not a date"
                    ))
            }
            return date
        }
        return decoder
    }

    /// An encoder whose dates follow the mapper's ``DateStrategy``.
    static func encoder(for strategy: DateStrategy) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            let json = JSONValue(jsonObject: try strategy.jsonValue(for: date)) ?? .null
            try json.encode(to: encoder)
        }
        return encoder
    }

    override func read(_ reader: inout JSONReader) throws -> Value? {
        guard let decode else {
            try reader.skipValue()
            return try reader.fail(.unsupportedType(type: typeName, property: "(a type that is only Encodable)"))
        }
        guard let json = try reader.readJSONValue() else { return try reader.rejectValue(expected: "JSON") }
        do {
            var writer = JSONWriter(settings: WriteSettings(), toTree: false)
            try writer.writeJSONValue(json)
            return try decode(writer.output.data(), Self.decoder(for: reader.dateStrategy))
        } catch {
            return try reader.fail(rejecting: error, as: typeName, value: json)
        }
    }

    override func write(_ value: Value, to writer: inout JSONWriter) throws {
        guard let encode else {
            throw writer.error(.unsupportedType(type: typeName, property: "(a type that is only Decodable)"))
        }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: encode(value, Self.encoder(for: writer.dateStrategy)))
        } catch {
            throw writer.error(.rejected(type: typeName, reason: MappingError.reason(of: error)))
        }
        try writer.writeJSONValue(json)
    }
}

/// Opts a final class or a struct into Codable with ReflectMap's rules, so `JSONDecoder`,
/// `JSONEncoder` and frameworks built on Codable accept it, with no `CodingKeys` and no
/// `init(from:)` to write.
///
/// ```swift
/// struct User: MappableCodable {
///     var id = 0
///     @JSONKey("user_name") var name = ""
/// }
/// let user = try JSONDecoder().decode(User.self, from: data)
/// ```
///
/// Decoding reads the JSON value the decoder is on and maps it with a ``JSONMapper``: key
/// translation, `@JSONKey`, defaults for missing keys and lenient handling all apply. Encoding writes
/// what the mapper writes. The mapper is the one in the coder's `userInfo` under
/// `CodingUserInfoKey.jsonMapper`, or a default `JSONMapper()`. Mapping errors reach
/// Codable as `DecodingError.dataCorrupted` and `EncodingError.invalidValue`, with the
/// ``MappingError`` as the underlying error. The JSON coder's own key and date strategies do not
/// apply: the mapper's do.
public protocol MappableCodable: Mappable, Codable {}

extension MappableCodable {
    /// Decodes the model by mapping the JSON value the decoder is on.
    ///
    /// - Parameter decoder: Any decoder whose values are JSON-shaped.
    /// - Throws: `DecodingError.dataCorrupted` wrapping the ``MappingError``.
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        let mapper = decoder.userInfo[.jsonMapper] as? JSONMapper ?? JSONMapper()
        do {
            self = try mapper.value(Self.self, from: json)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: String(describing: error), underlyingError: error
                ))
        }
    }

    /// Encodes what the mapper writes for the model.
    ///
    /// - Parameter encoder: Any encoder.
    /// - Throws: `EncodingError.invalidValue` wrapping the ``MappingError``.
    public func encode(to encoder: any Encoder) throws {
        let mapper = encoder.userInfo[.jsonMapper] as? JSONMapper ?? JSONMapper()
        let json: JSONValue
        do {
            json = try mapper.jsonValue(from: self)
        } catch {
            throw EncodingError.invalidValue(
                self,
                .init(
                    codingPath: encoder.codingPath, debugDescription: String(describing: error), underlyingError: error
                ))
        }
        try json.encode(to: encoder)
    }
}

extension CodingUserInfoKey {
    /// The ``JSONMapper`` that ``MappableCodable`` models use in a decoder's or encoder's `userInfo`:
    /// `decoder.userInfo[.jsonMapper] = JSONMapper(keyTranslator: .snakeCase)`.
    public static let jsonMapper: CodingUserInfoKey = {
        // `init(rawValue:)` is failable in signature only: it accepts every string.
        guard let key = CodingUserInfoKey(rawValue: "ReflectMap.JSONMapper") else {
            preconditionFailure("CodingUserInfoKey refused a plain string")
        }
        return key
    }()
}
