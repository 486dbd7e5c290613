/// A property with three states, for PATCH bodies and partial updates: the key is absent, the key is
/// `null`, or the key has a value. A plain optional has only two (`nil` is both "absent" and "null"),
/// so an update could not clear a field on purpose.
///
/// ```swift
/// struct ProfilePatch: Mappable {
///     var nickname: JSONNullable<String> = .absent   // left out: unchanged on the server
///     var bio: JSONNullable<String> = .absent
/// }
/// var patch = ProfilePatch()
/// patch.nickname = .null            // {"nickname": null}: clear it
/// patch.bio = .value("Hello")       // {"bio": "Hello"}
/// ```
///
/// Reading, a missing key leaves ``absent`` (or the property's default), `null` gives ``null``, and
/// a value gives ``value(_:)``. Writing, ``absent`` leaves the key out and ``null`` writes `null`,
/// whether or not the mapper writes `nil` as `null`.
public enum JSONNullable<Wrapped> {
    /// The key is absent.
    case absent
    /// The key is present, with `null`.
    case null
    /// The key is present, with a value.
    case value(Wrapped)

    /// The value, or `nil` when the key is absent or `null`.
    public var value: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// Whether the key is present, `null` or not.
    public var isPresent: Bool {
        if case .absent = self { return false }
        return true
    }

    /// ``null`` for `nil`, else ``value(_:)``: how a plain optional's value is sent explicitly.
    ///
    /// - Parameter optional: The value, or `nil`.
    public init(_ optional: Wrapped?) {
        self = optional.map(JSONNullable.value) ?? .null
    }
}

extension JSONNullable: Equatable where Wrapped: Equatable {}
extension JSONNullable: Hashable where Wrapped: Hashable {}
extension JSONNullable: Sendable where Wrapped: Sendable {}

extension JSONNullable: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        NullableFieldAdapter<Wrapped>(wrapped: try builder.adapter(for: Wrapped.self, property: property))
    }
}

/// ``JSONNullable``: `null` and a value read as such; ``JSONNullable/absent`` is left out when writing.
final class NullableFieldAdapter<Wrapped>: TypeAdapter<JSONNullable<Wrapped>>, @unchecked Sendable {
    let wrapped: TypeAdapter<Wrapped>

    init(wrapped: TypeAdapter<Wrapped>) {
        self.wrapped = wrapped
    }

    override func read(_ reader: inout JSONReader) throws -> JSONNullable<Wrapped>? {
        if try reader.readNull() { return .null }
        guard let value = try wrapped.read(&reader) else { return nil }
        return .value(value)
    }

    override func write(_ value: JSONNullable<Wrapped>, to writer: inout JSONWriter) throws {
        guard case .value(let wrappedValue) = value else { return writer.writeNull() }
        try wrapped.write(wrappedValue, to: &writer)
    }

    override func writeMember(
        from storage: ModelStorage, at field: FieldSlot<JSONNullable<Wrapped>>, key: EncodedKey, isFirst: Bool,
        to writer: inout JSONWriter
    ) throws -> Bool {
        let value = storage.load(field)
        // Absent is left out whatever the mapper does with `nil`: it is not a null.
        if case .absent = value { return false }
        writer.writeKey(key, isFirst: isFirst)
        try write(value, to: &writer)
        return true
    }

    override func isAbsent(_ value: JSONNullable<Wrapped>) -> Bool {
        if case .absent = value { return true }
        return false
    }

    override var isOptional: Bool { true }
}
