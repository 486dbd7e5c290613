import Foundation

/// How `Date` properties are read from and written to JSON.
///
/// The mapper's default is ``iso8601``, the form most web APIs use.
public enum DateStrategy: Sendable {
    /// A number of seconds since 1 January 1970 UTC; fractions allowed.
    case secondsSince1970
    /// A number of milliseconds since 1 January 1970 UTC.
    case millisecondsSince1970
    /// An ISO 8601 string such as `2024-05-01T12:30:00Z`. Fractional seconds are accepted when
    /// reading; they are written only when the date has them.
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
            if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
            return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
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
            return date.timeIntervalSince1970
        case .millisecondsSince1970:
            return (date.timeIntervalSince1970 * 1000).rounded()
        case .iso8601:
            let hasFraction = date.timeIntervalSince1970.rounded(.down) != date.timeIntervalSince1970
            return Date.ISO8601FormatStyle(includingFractionalSeconds: hasFraction).format(date)
        case .formatted(let formatter):
            return formatter.string(from: date)
        case .custom(_, let write):
            return try write(date)
        }
    }
}
