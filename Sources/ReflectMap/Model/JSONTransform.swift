/// Reads and writes one property through a ``JSONAdapter`` (ObjectMapper's
/// `<- (map["d"], DateTransform())`), whatever the mapper does with the property's type elsewhere.
///
/// ```swift
/// @JSONTransform(SecondsSince1970()) var createdAt = Date()
/// @JSONTransform(MoneyAdapter(), key: "price_text") var price = Money()
/// ```
///
/// `key` names the property's JSON key, overriding the mapper's ``KeyTranslator``; without it the
/// translator names it as usual. Errors the adapter throws get the property's JSON path.
@propertyWrapper
public struct JSONTransform<Adapter: JSONAdapter> {
    /// The property's value.
    public var wrappedValue: Adapter.Value
    /// The adapter that converts the value.
    public let adapter: Adapter
    /// The JSON key, or `nil` for the key translator's.
    public let key: String?

    /// Creates the wrapper with the property's default value, its adapter and, optionally, its key.
    ///
    /// - Parameters:
    ///   - wrappedValue: The default value, kept when the JSON has no usable value.
    ///   - adapter: Converts the value to and from JSON.
    ///   - key: The JSON key; `nil` (the default) lets the mapper's key translator name it.
    public init(wrappedValue: Adapter.Value, _ adapter: Adapter, key: String? = nil) {
        self.wrappedValue = wrappedValue
        self.adapter = adapter
        self.key = key
    }
}

extension JSONTransform {
    /// Creates the wrapper for an optional property whose non-null values the adapter converts:
    /// `@JSONTransform(SecondsSince1970()) var deletedAt: Date?`. `null` and a missing key give `nil`,
    /// and `nil` is left out when writing, as for any optional property.
    ///
    /// - Parameters:
    ///   - wrappedValue: The default value; `nil` unless given.
    ///   - adapter: Converts non-null values to and from JSON.
    ///   - key: The JSON key; `nil` (the default) lets the mapper's key translator name it.
    public init<Base: JSONAdapter>(wrappedValue: Base.Value? = nil, _ adapter: Base, key: String? = nil)
    where Adapter == Nullable<Base> {
        self.wrappedValue = wrappedValue
        self.adapter = Nullable(adapter)
        self.key = key
    }
}

/// An adapter for `Base.Value?`: `null` is `nil`, anything else goes to `Base`. ``JSONTransform``
/// uses it for optional properties; a registered adapter serves optionals without it.
public struct Nullable<Base: JSONAdapter>: JSONAdapter, BuilderBackedAdapter {
    /// The adapter for non-null values.
    public let base: Base

    /// Wraps an adapter.
    ///
    /// - Parameter base: The adapter for non-null values.
    public init(_ base: Base) {
        self.base = base
    }

    /// `nil` for `null`, else what `base` reads.
    ///
    /// - Parameter json: The JSON value.
    /// - Returns: The value, or `nil`.
    /// - Throws: What `base` throws.
    public func read(_ json: JSONValue) throws -> Base.Value? {
        if case .null = json { return nil }
        return try base.read(json)
    }

    /// `null` for `nil`, else what `base` writes.
    ///
    /// - Parameter value: The value.
    /// - Returns: Its JSON.
    /// - Throws: What `base` throws.
    public func write(_ value: Base.Value?) throws -> JSONValue {
        guard let value else { return .null }
        return try base.write(value)
    }

    func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        OptionalAdapter(wrapped: try base.makeTypeAdapter(builder, property: property))
    }
}

extension JSONTransform: Sendable where Adapter.Value: Sendable {}

/// Two wrapped properties are equal when their values are; the adapter belongs to the declaration.
extension JSONTransform: Equatable where Adapter.Value: Equatable {
    /// Whether two wrapped properties hold equal values.
    ///
    /// - Parameters:
    ///   - lhs: A wrapped property.
    ///   - rhs: Another.
    /// - Returns: `true` when the wrapped values are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension JSONTransform: Hashable where Adapter.Value: Hashable {
    /// Hashes the wrapped value.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}
