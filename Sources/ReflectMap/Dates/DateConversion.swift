import Foundation

/// Each date format's conversion, written once: ``DateStrategy`` and the date transforms
/// (``SecondsSince1970``, ``MillisecondsSince1970``, ``DateFormat``, and ReflectMapHandyJSON's
/// formatter transforms) all convert through these, so a format reads and writes alike wherever it is
/// chosen. ISO 8601 has its own file beside this one, `ISO8601Timestamp.swift`.
package enum DateConversion {
    // MARK: Counts since 1970

    /// The date `count` units after 1 January 1970 UTC, where a second has `unitsPerSecond` units
    /// (1 for seconds, 1,000 for milliseconds).
    package static func date(since1970 count: Double, unitsPerSecond: Double) -> Date {
        Date(timeIntervalSince1970: count / unitsPerSecond)
    }

    /// The count written for a date: milliseconds are rounded to a whole number, and a whole count is
    /// an integer, as `JSONEncoder` writes it.
    package static func count(since1970 date: Date, unitsPerSecond: Double) -> JSONNumber {
        let seconds = date.timeIntervalSince1970
        let count = unitsPerSecond == 1 ? seconds : (seconds * unitsPerSecond).rounded()
        if let whole = Int64(exactly: count) { return .integer(whole) }
        return .double(count)
    }

    /// The number a string holds, by the one rule for numeric strings: the text of a finite number
    /// (`"1700000000"`, `"1.5"`, `"1e9"`) and nothing around it. Whether a string may stand for a
    /// number at all is the caller's rule: the mapper takes one in lenient mode only, a transform
    /// always.
    package static func number(in text: String) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    // MARK: Formatted text

    /// `text` read by `formatter`, under the formatter's lock.
    package static func date(from text: String, formatter: DateFormatter) -> Date? {
        FormatterCache.shared.lock(for: formatter).withLock { formatter.date(from: text) }
    }

    /// `date` written by `formatter`, under the formatter's lock.
    package static func string(from date: Date, formatter: DateFormatter) -> String {
        FormatterCache.shared.lock(for: formatter).withLock { formatter.string(from: date) }
    }

    /// The formatter for a pattern in a time zone, with the POSIX locale so that a user's settings
    /// cannot change what the pattern means; made on first use and shared. Use it through
    /// ``date(from:formatter:)`` and ``string(from:formatter:)``, and never change it.
    package static func formatter(format: String, timeZone: TimeZone) -> DateFormatter {
        FormatterCache.shared.formatter(format: format, timeZone: timeZone)
    }
}

/// The formatters that mapping makes, by pattern and time zone, and one lock per formatter that mapping
/// uses, found by the formatter's identity: Foundation does not promise that one formatter may be used
/// from several threads at once, and a mapper (with its ``DateStrategy/formatted(_:)`` formatter) is
/// shared by every thread that maps. A lock outlives its formatter; a later formatter at the same
/// address takes it over, which is harmless, since two live formatters never share an address.
private final class FormatterCache: @unchecked Sendable {
    static let shared = FormatterCache()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var locks: [ObjectIdentifier: NSLock] = [:]
    // Guarded by `lock`.
    private var formatters: [String: DateFormatter] = [:]

    func lock(for formatter: DateFormatter) -> NSLock {
        let id = ObjectIdentifier(formatter)
        return lock.withLock {
            if let existing = locks[id] { return existing }
            let made = NSLock()
            locks[id] = made
            return made
        }
    }

    func formatter(format: String, timeZone: TimeZone) -> DateFormatter {
        let key = timeZone.identifier + "\u{0}" + format
        return lock.withLock {
            if let existing = formatters[key] { return existing }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.dateFormat = format
            formatters[key] = formatter
            return formatter
        }
    }
}
