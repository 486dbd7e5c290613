import Foundation

/// How `Date` properties are read from and written to JSON.
///
/// The mapper's default is ``iso8601``, the form most web APIs use.
public enum DateStrategy: Sendable {
    /// A number of seconds since 1 January 1970 UTC; fractions allowed. A whole second is written
    /// as an integer. In lenient mode a string holding a number (`"1700000000"`) is read too, and
    /// reported as a coercion.
    case secondsSince1970
    /// A number of milliseconds since 1 January 1970 UTC, written as an integer. In lenient mode a
    /// string holding a number is read too, and reported as a coercion.
    case millisecondsSince1970
    /// An ISO 8601 string such as `2024-05-01T12:30:00Z`. Fractional seconds are accepted when
    /// reading; they are written only when the date has them, rounded to the nearest microsecond:
    /// three digits for a whole millisecond, six otherwise. A millisecond or microsecond timestamp
    /// read and written back gives the same instant, and for a `Z` timestamp the same text, on every OS.
    case iso8601
    /// A string in the formatter's format. Configure the formatter fully before handing it over and
    /// do not change it afterwards. The mapper uses it under a lock of its own, so one mapper may map
    /// on many threads at once; code of yours that uses the same formatter meanwhile is not covered.
    case formatted(DateFormatter)
    /// Your own conversion. `read` receives the JSON value (`String`, `NSNumber`, …) and returns
    /// `nil` when it does not hold a date; `write` returns a JSON value.
    case custom(read: @Sendable (Any) throws -> Date?, write: @Sendable (Date) throws -> Any)
}

extension DateStrategy {
    /// For a count since 1970, the units in a second: 1 for seconds, 1,000 for milliseconds.
    var unitsPerSecond: Double? {
        switch self {
        case .secondsSince1970: return 1
        case .millisecondsSince1970: return 1000
        default: return nil
        }
    }

    /// Reads a date from a JSON scalar, or returns `nil` if the scalar does not hold one.
    func date(from scalar: JSONScalar, json: Any) throws -> Date? {
        switch self {
        case .secondsSince1970, .millisecondsSince1970:
            guard let units = unitsPerSecond, let count = scalar.doubleValue else { return nil }
            return DateConversion.date(since1970: count, unitsPerSecond: units)
        case .iso8601:
            guard case .string(let text) = scalar else { return nil }
            return ISO8601Timestamp.date(from: text)
        case .formatted(let formatter):
            guard case .string(let text) = scalar else { return nil }
            return DateConversion.date(from: text, formatter: formatter)
        case .custom(let read, _):
            return try read(json)
        }
    }

    /// The JSON value for a date.
    func jsonValue(for date: Date) throws -> Any {
        switch self {
        case .secondsSince1970, .millisecondsSince1970:
            // An integer or a double: what the transforms write too.
            let count = DateConversion.count(since1970: date, unitsPerSecond: unitsPerSecond ?? 1)
            if case .integer(let whole) = count { return whole }
            return count.doubleValue
        case .iso8601:
            return ISO8601Timestamp.string(from: date)
        case .formatted(let formatter):
            return DateConversion.string(from: date, formatter: formatter)
        case .custom(_, let write):
            return try write(date)
        }
    }
}
