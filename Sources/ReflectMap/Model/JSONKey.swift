/// Names the JSON key of one property, overriding the mapper's ``KeyTranslator``
/// (GSON's `@SerializedName`).
///
/// When reading, the primary key is tried first, then each alternate in order. When writing, the
/// primary key is used.
///
/// ```swift
/// @JSONKey("user_name", alternates: "name", "login") var name = ""
/// ```
///
/// A key is one literal key, dots included: `@JSONKey("location.lat")` reads the member named
/// `location.lat`. To reach into nested objects (ObjectMapper's `map["location.lat"]`), say `path:`;
/// then the primary key and every alternate are dot-separated paths:
///
/// ```swift
/// @JSONKey(path: "location.lat") var latitude = 0.0
/// @JSONKey(path: "meta.address.city", alternates: "city") var city = ""
/// ```
///
/// A path reads through the nested objects, so a missing step counts as a missing key; writing
/// creates the nested objects, merging properties that share a prefix. A key that itself holds a
/// dot is one step when its dots are escaped: `@JSONKey(path: #"labels.org\.example\.source"#)`.
@propertyWrapper
public struct JSONKey<Value> {
    /// The property's value.
    public var wrappedValue: Value
    /// The key used for reading first and for writing.
    public let key: String
    /// Keys tried, in order, when the primary key is absent.
    public let alternates: [String]
    /// Whether the keys are dot-separated paths into nested objects (`path:`), rather than literal keys.
    public let isPath: Bool

    /// Creates the wrapper with the property's default value and its JSON keys.
    ///
    /// - Parameters:
    ///   - wrappedValue: The default value.
    ///   - key: The key used for reading first and for writing, taken literally.
    ///   - alternates: Keys tried in order when `key` is absent.
    public init(wrappedValue: Value, _ key: String, alternates: String...) {
        self.wrappedValue = wrappedValue
        self.key = key
        self.alternates = alternates
        self.isPath = false
    }

    /// Creates the wrapper with the property's default value and a path into nested objects.
    ///
    /// - Parameters:
    ///   - wrappedValue: The default value.
    ///   - path: Dot-separated keys, such as `"location.lat"`, used for reading first and for writing;
    ///     `\.` is a dot inside a key, and `\\` a backslash.
    ///   - alternates: Paths (or plain keys) tried in order when `path` leads nowhere.
    public init(wrappedValue: Value, path: String, alternates: String...) {
        self.wrappedValue = wrappedValue
        self.key = path
        self.alternates = alternates
        self.isPath = true
    }
}

extension JSONKey {
    /// Creates the wrapper for an optional property declared without a default: `@JSONKey("n") var n: Int?`.
    /// - Parameters:
    ///   - key: The key used for reading first and for writing, taken literally.
    ///   - alternates: Keys tried in order when `key` is absent.
    public init<Wrapped>(_ key: String, alternates: String...) where Value == Wrapped? {
        self.wrappedValue = nil
        self.key = key
        self.alternates = alternates
        self.isPath = false
    }

    /// Creates the wrapper for an optional property declared without a default, with a path into
    /// nested objects: `@JSONKey(path: "meta.next") var next: URL?`.
    ///
    /// - Parameters:
    ///   - path: Dot-separated keys, used for reading first and for writing.
    ///   - alternates: Paths (or plain keys) tried in order when `path` leads nowhere.
    public init<Wrapped>(path: String, alternates: String...) where Value == Wrapped? {
        self.wrappedValue = nil
        self.key = path
        self.alternates = alternates
        self.isPath = true
    }
}

extension JSONKey: Sendable where Value: Sendable {}

/// Two wrapped properties are equal when their values are; the keys belong to the declaration.
extension JSONKey: Equatable where Value: Equatable {
    /// Whether two wrapped properties hold equal values.
    ///
    /// - Parameters:
    ///   - lhs: A wrapped property.
    ///   - rhs: Another.
    /// - Returns: `true` when the wrapped values are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension JSONKey: Hashable where Value: Hashable {
    /// Hashes the wrapped value.
    ///
    /// - Parameter hasher: The hasher to feed.
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
    /// - Parameter wrappedValue: The property's value, which the mapper never changes.
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
