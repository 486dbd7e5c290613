/// A raw-value enum that stays open to values added after the app shipped: `Open<Status>` holds a
/// case the app knows, or the raw value of one it does not.
///
/// ```swift
/// enum Status: String { case active, suspended }
///
/// struct Account: Mappable {
///     var status: Open<Status> = .known(.active)
/// }
///
/// // {"status": "frozen"} — a value from a newer backend
/// switch account.status {
/// case .known(.active): showActive()
/// case .known(.suspended): showSuspended()
/// case .unknown(let raw): showGeneric(raw)   // "frozen", kept
/// }
/// ```
///
/// An unknown raw value is kept, in both modes, and ``MappingReport/unknownValues`` notes it. Writing
/// gives back exactly the raw value that was read, so a cache, a sync or a PATCH does not lose it. A
/// value that is not a raw value at all (an object for a `String` enum) is unusable, as for a plain
/// enum. Arrays and dictionaries of them work like any other element type.
public enum Open<Known: RawRepresentable> {
    /// A case the app knows.
    case known(Known)
    /// A raw value no case has.
    case unknown(Known.RawValue)

    /// The case with this raw value, or ``unknown(_:)`` when there is none.
    ///
    /// - Parameter rawValue: A raw value.
    public init(rawValue: Known.RawValue) {
        self = Known(rawValue: rawValue).map(Open.known) ?? .unknown(rawValue)
    }

    /// A known case.
    ///
    /// - Parameter known: The case.
    public init(_ known: Known) {
        self = .known(known)
    }

    /// The raw value, known or not: what the JSON holds.
    public var rawValue: Known.RawValue {
        switch self {
        case .known(let known): known.rawValue
        case .unknown(let raw): raw
        }
    }

    /// The known case, or `nil` for a value the app does not know.
    public var known: Known? {
        if case .known(let known) = self { return known }
        return nil
    }

    /// Whether the value is one of the app's cases.
    public var isKnown: Bool { known != nil }
}

extension Open: Equatable where Known.RawValue: Equatable {
    /// Two values are equal when their raw values are.
    ///
    /// - Parameters:
    ///   - lhs: A value.
    ///   - rhs: Another.
    /// - Returns: Whether the raw values are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Whether the value is that known case: `account.status == .active`.
    ///
    /// - Parameters:
    ///   - lhs: A value.
    ///   - rhs: A known case.
    /// - Returns: Whether `lhs` is `rhs`.
    public static func == (lhs: Self, rhs: Known) -> Bool { lhs.rawValue == rhs.rawValue }
}

extension Open: Hashable where Known.RawValue: Hashable {
    /// Hashes the raw value.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

extension Open: Sendable where Known: Sendable, Known.RawValue: Sendable {}

extension Open: CustomStringConvertible {
    /// The case, or `unknown(raw)`.
    public var description: String {
        switch self {
        case .known(let known): "\(known)"
        case .unknown(let raw): "unknown(\(raw))"
        }
    }
}

extension Open: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        OpenAdapter<Known>(raw: try builder.adapter(for: Known.RawValue.self, property: property))
    }
}

/// ``Open``: the raw value through its own adapter, then the known case, or the raw value kept.
final class OpenAdapter<Known: RawRepresentable>: TypeAdapter<Open<Known>>, @unchecked Sendable {
    let raw: TypeAdapter<Known.RawValue>

    init(raw: TypeAdapter<Known.RawValue>) {
        self.raw = raw
    }

    override func read(_ reader: inout JSONReader) throws -> Open<Known>? {
        let mark = reader.mark()
        guard let rawValue = try raw.read(&reader) else { return nil }
        if let known = Known(rawValue: rawValue) { return .known(known) }
        if reader.isReporting {
            reader.noteUnknownValue(try reader.scalar(at: mark).jsonValue, "an unknown raw value of \(Known.self)")
        }
        return .unknown(rawValue)
    }

    override func write(_ value: Open<Known>, to writer: inout JSONWriter) throws {
        try raw.write(value.rawValue, to: &writer)
    }
}
