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

extension JSONKey {
    /// Creates the wrapper for an optional property declared without a default: `@JSONKey("n") var n: Int?`.
    public init<Wrapped>(_ key: String, alternates: String...) where Value == Wrapped? {
        self.wrappedValue = nil
        self.key = key
        self.alternates = alternates
    }
}

extension JSONKey: Sendable where Value: Sendable {}

/// Two wrapped properties are equal when their values are; the keys belong to the declaration.
extension JSONKey: Equatable where Value: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension JSONKey: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

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

extension JSONIgnored {
    /// Creates the wrapper for an optional property declared without a default: `@JSONIgnored var x: Int?`.
    public init<Wrapped>() where Value == Wrapped? {
        self.wrappedValue = nil
    }
}

extension JSONIgnored: Sendable where Value: Sendable {}

extension JSONIgnored: Equatable where Value: Equatable {}
extension JSONIgnored: Hashable where Value: Hashable {}
