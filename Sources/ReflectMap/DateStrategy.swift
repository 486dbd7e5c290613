import Foundation

/// How `Date` properties are read from and written to JSON.
///
/// The mapper's default is ``iso8601``, the form most web APIs use.
public enum DateStrategy: Sendable {
    /// A number of seconds since 1 January 1970 UTC; fractions allowed. A whole second is written
    /// as an integer.
    case secondsSince1970
    /// A number of milliseconds since 1 January 1970 UTC, written as an integer.
    case millisecondsSince1970
    /// An ISO 8601 string such as `2024-05-01T12:30:00Z`. Fractional seconds are accepted when
    /// reading; they are written only when the date has them, rounded to the nearest microsecond:
    /// three digits for a whole millisecond, six otherwise. A millisecond or microsecond timestamp
    /// read and written back gives the same instant, and for a `Z` timestamp the same text, on every OS.
    case iso8601
    /// A string in the formatter's format. Configure the formatter fully before handing it over and
    /// do not change it afterwards.
    case formatted(DateFormatter)
    /// Your own conversion. `read` receives the JSON value (`String`, `NSNumber`, …) and returns
    /// `nil` when it does not hold a date; `write` returns a JSON value.
    case custom(read: @Sendable (Any) throws -> Date?, write: @Sendable (Date) throws -> Any)
}

extension DateStrategy {
    /// Reads a date from a JSON scalar, or returns `nil` if the scalar does not hold one.
    func date(from scalar: JSONScalar, json: Any) throws -> Date? {
        switch self {
        case .secondsSince1970:
            return scalar.doubleValue.map { Date(timeIntervalSince1970: $0) }
        case .millisecondsSince1970:
            return scalar.doubleValue.map { Date(timeIntervalSince1970: $0 / 1000) }
        case .iso8601:
            guard case .string(let text) = scalar else { return nil }
            return ISO8601Timestamp.date(from: text)
        case .formatted(let formatter):
            guard case .string(let text) = scalar else { return nil }
            return formatter.date(from: text)
        case .custom(let read, _):
            return try read(json)
        }
    }

    /// The JSON value for a date.
    func jsonValue(for date: Date) throws -> Any {
        switch self {
        case .secondsSince1970:
            // A whole second is an integer, as `JSONEncoder` and ``SecondsSince1970`` write it.
            let seconds = date.timeIntervalSince1970
            if let whole = Int64(exactly: seconds) { return whole }
            return seconds
        case .millisecondsSince1970:
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
            if let whole = Int64(exactly: milliseconds) { return whole }
            return milliseconds
        case .iso8601:
            return ISO8601Timestamp.string(from: date)
        case .formatted(let formatter):
            return formatter.string(from: date)
        case .custom(_, let write):
            return try write(date)
        }
    }
}
