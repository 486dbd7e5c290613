import Foundation

/// How a dictionary's keys become JSON object keys and back.
protocol DictionaryKeyCoding {
    associatedtype Key: Hashable
    /// The key for a JSON object key, or `nil` when it does not convert.
    func decode(_ text: String) -> Key?
    /// The JSON object key for a key.
    func encode(_ key: Key) -> String
    /// How errors name the key type.
    var typeName: String { get }
    /// Whether every JSON key is its own key (so two spellings never give one key).
    var isIdentity: Bool { get }
    /// Appends the key for a JSON object key to `buffer`: `false`, appending nothing, when it does
    /// not convert. (A `Bool` rather than `Key?`: in generic code every `Optional` costs a metadata
    /// lookup, once per key.)
    func decode(_ text: String, appendingTo buffer: inout ElementBuffer, pool: ElementPool) -> Bool
}

/// `String` keys, as they are: the common case, with no conversion at all.
struct StringKeys: DictionaryKeyCoding {
    func decode(_ text: String) -> String? { text }
    func decode(_ text: String, appendingTo buffer: inout ElementBuffer, pool: ElementPool) -> Bool {
        buffer.append(text, pool: pool)
        return true
    }
    func encode(_ key: String) -> String { key }
    var typeName: String { "String" }
    var isIdentity: Bool { true }
}

extension DictionaryKeyCodec: DictionaryKeyCoding where Key: Hashable {}

/// How other keys become JSON object keys and back, as `JSONEncoder` writes `[Int: V]`: any integer
/// type in decimal; `UUID` in its canonical form; a `RawRepresentable` whose raw value is a string
/// or an integer, through its raw value; and any `CodingKeyRepresentable` type through its coding
/// key's string.
struct DictionaryKeyCodec<Key> {
    let decoder: (String) -> Key?
    let encoder: (Key) -> String

    init(decode: @escaping (String) -> Key?, encode: @escaping (Key) -> String) {
        decoder = decode
        encoder = encode
    }

    func decode(_ text: String) -> Key? { decoder(text) }
    func decode(_ text: String, appendingTo buffer: inout ElementBuffer, pool: ElementPool) -> Bool {
        guard let key = decoder(text) else { return false }
        buffer.append(key, pool: pool)
        return true
    }
    var isIdentity: Bool { false }
    func encode(_ key: Key) -> String { encoder(key) }
    /// How errors name the key type.
    var typeName: String { String(describing: Key.self) }

    /// The codec for `Key`, or `nil` when keys of that type cannot be JSON object keys.
    static func make() -> DictionaryKeyCodec<Key>? {
        if Key.self == String.self {
            return DictionaryKeyCodec(decode: { $0 as? Key }, encode: { $0 as? String ?? "" })
        }
        if Key.self == UUID.self {
            return DictionaryKeyCodec(
                decode: { UUID(uuidString: $0) as? Key },
                encode: { ($0 as? UUID)?.uuidString ?? "" }
            )
        }
        if let integer = Key.self as? any FixedWidthInteger.Type {
            return integerCodec(integer)
        }
        if let raw = Key.self as? any RawRepresentable.Type, let codec = rawValueCodec(raw) {
            return codec
        }
        if let representable = Key.self as? any CodingKeyRepresentable.Type {
            return codingKeyCodec(representable)
        }
        return nil
    }

    private static func integerCodec<Integer: FixedWidthInteger>(_ type: Integer.Type) -> DictionaryKeyCodec<Key> {
        DictionaryKeyCodec(
            decode: { text in Integer(text).flatMap { $0 as? Key } },
            encode: { key in (key as? Integer).map { String($0) } ?? "" }
        )
    }

    private static func rawValueCodec<Raw: RawRepresentable>(_ type: Raw.Type) -> DictionaryKeyCodec<Key>? {
        guard let raw = DictionaryKeyCodec<Raw.RawValue>.makeForRawValue() else { return nil }
        return DictionaryKeyCodec(
            decode: { text in raw.decode(text).flatMap(Raw.init(rawValue:)).flatMap { $0 as? Key } },
            encode: { key in (key as? Raw).map { raw.encode($0.rawValue) } ?? "" }
        )
    }

    private static func codingKeyCodec<Representable: CodingKeyRepresentable>(
        _ type: Representable.Type
    ) -> DictionaryKeyCodec<Key> {
        DictionaryKeyCodec(
            decode: { text in Representable(codingKey: TextCodingKey(text)).flatMap { $0 as? Key } },
            encode: { key in (key as? Representable)?.codingKey.stringValue ?? "" }
        )
    }
}

extension DictionaryKeyCodec {
    /// A raw value's codec: only strings and integers make keys.
    fileprivate static func makeForRawValue() -> DictionaryKeyCodec<Key>? {
        guard Key.self == String.self || Key.self is any FixedWidthInteger.Type else { return nil }
        return make()
    }
}

/// A coding key with only a string, for `CodingKeyRepresentable`.
struct TextCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { Int(stringValue) }

    init(_ text: String) {
        stringValue = text
    }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        stringValue = String(intValue)
    }
}
