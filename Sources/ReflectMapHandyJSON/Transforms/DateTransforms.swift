import Foundation
import ReflectMap

/// A date as seconds since 1970: `1700000000`, `1700000000.5` or `"1700000000"` in JSON.
open class DateTransform: TransformType {
    /// The property's type.
    public typealias Object = Date
    /// Seconds since 1970.
    public typealias JSON = Double

    /// Creates the transform.
    public init() {}

    /// The date for a number of seconds, or for a string that holds one.
    ///
    /// - Parameter value: The JSON value.
    /// - Returns: The date, or `nil`.
    open func transformFromJSON(_ value: Any?) -> Date? {
        guard let value, let seconds = FoundationValue.convert(value, to: Double.self) else { return nil }
        return DateConversion.date(since1970: seconds, unitsPerSecond: 1)
    }

    /// The date's seconds since 1970. The writer writes a whole number of seconds as an integer
    /// (`1700000000`), as the core's `SecondsSince1970` does, and a fraction as it is.
    ///
    /// - Parameter value: The date.
    /// - Returns: Seconds, or `nil`.
    open func transformToJSON(_ value: Date?) -> Double? {
        value?.timeIntervalSince1970
    }
}

/// A date as text, in a `DateFormatter`'s format.
open class DateFormatterTransform: TransformType {
    /// The property's type.
    public typealias Object = Date
    /// The date's text.
    public typealias JSON = String

    /// The formatter that reads and writes the text.
    public let dateFormatter: DateFormatter

    /// Creates the transform.
    ///
    /// - Parameter dateFormatter: Reads and writes the text; it must not be changed afterwards. The
    ///   transform uses it under a lock of its own, so it may map on several threads at once.
    public init(dateFormatter: DateFormatter) {
        self.dateFormatter = dateFormatter
    }

    /// The date the text spells, or `nil`.
    ///
    /// - Parameter value: The JSON value.
    /// - Returns: The date, or `nil`.
    open func transformFromJSON(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
        return DateConversion.date(from: text, formatter: dateFormatter)
    }

    /// The date's text.
    ///
    /// - Parameter value: The date.
    /// - Returns: The text, or `nil`.
    open func transformToJSON(_ value: Date?) -> String? {
        value.map { DateConversion.string(from: $0, formatter: dateFormatter) }
    }
}

/// A date as ISO 8601 text with seconds and a zone offset, read and written as ReflectMap's
/// `DateStrategy.iso8601` reads and writes it: `2024-05-01T12:30:00Z`, `2024-05-01T14:30:00+02:00`
/// and fractional seconds (`2024-05-01T12:30:00.250Z`) are read, and a date is written in UTC, with
/// its fraction of a second when it has one.
open class ISO8601DateTransform: DateFormatterTransform {
    /// Creates the transform.
    public init() {
        super.init(dateFormatter: DateConversion.formatter(format: "yyyy-MM-dd'T'HH:mm:ssZZZZZ", timeZone: .current))
    }

    /// The date the timestamp names, or `nil`.
    ///
    /// - Parameter value: The JSON value.
    /// - Returns: The date, or `nil`.
    open override func transformFromJSON(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
        return ISO8601Timestamp.date(from: text)
    }

    /// The date's timestamp, in UTC.
    ///
    /// - Parameter value: The date.
    /// - Returns: The text, or `nil`.
    open override func transformToJSON(_ value: Date?) -> String? {
        value.map(ISO8601Timestamp.string(from:))
    }
}

/// A date as text in a format of your own, read with the `en_US_POSIX` locale so that the format
/// means the same on every device.
open class CustomDateFormatTransform: DateFormatterTransform {
    /// Creates the transform.
    ///
    /// - Parameter formatString: A `DateFormatter` format, such as `"yyyy-MM-dd"`.
    public init(formatString: String) {
        super.init(dateFormatter: DateConversion.formatter(format: formatString, timeZone: .current))
    }
}
