/// Names the JSON key of one property, overriding the mapper's ``KeyTranslator``
/// (GSON's `@SerializedName`).
///
/// When reading, the primary key is tried first, then each alternate in order. When writing, the
/// primary key is used.
///
/// ```swift
/// @JSONKey("user_name", alternates: "name", "login") var name = ""
/// ```
@propertyWrapper
public struct JSONKey<Value> {
    /// The property's value.
    public var wrappedValue: Value
    /// The key used for reading first and for writing.
    public let key: String
    /// Keys tried, in order, when the primary key is absent.
    public let alternates: [String]

    /// Creates the wrapper with the property's default value and its JSON keys.
    public init(wrappedValue: Value, _ key: String, alternates: String...) {
        self.wrappedValue = wrappedValue
        self.key = key
        self.alternates = alternates
    }
}

extension JSONKey: Sendable where Value: Sendable {}

/// Marks a property that is never read from or written to JSON, even when the key is present.
///
/// Use it for server-controlled or local-only state, so a crafted payload cannot set it
/// (mass-assignment safety), and for properties whose type the mapper cannot handle, such as closures.
///
/// ```swift
/// @JSONIgnored var isAdmin = false
/// ```
@propertyWrapper
public struct JSONIgnored<Value> {
    /// The property's value.
    public var wrappedValue: Value

    /// Creates the wrapper with the property's default value.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension JSONIgnored: Sendable where Value: Sendable {}
