import Foundation

/// ISO 8601 timestamps read and written exactly, the same on every OS.
///
/// `Date.ISO8601FormatStyle` truncates fractional seconds when it formats, so a date read from
/// `…34.650Z` can be written `…34.649Z`, and older Apple OSes format with a different formatter
/// again. This type does its own arithmetic on whole seconds and whole microseconds instead:
/// - reading takes the calendar fields and up to nine fraction digits as integers, and makes the
///   `Date` with one rounding, so the result is the `Date` nearest the text's instant;
/// - writing rounds the date to the nearest microsecond. Every date from 1970 to 2100 lies within a
///   quarter of a microsecond of the `Date` read from its microsecond text, so rounding recovers that
///   text's instant exactly. A whole millisecond is written with three digits, any other microsecond
///   with six, and a whole second with none.
///
/// Text it does not take (week dates, ordinal dates, a lowercase `t`) falls back to Foundation's parser.
package enum ISO8601Timestamp {
    /// Seconds from 1970 to Foundation's reference date, 2001-01-01T00:00:00Z.
    private static let referenceOffset: Int64 = 978_307_200

    /// The date a timestamp names, or `nil` when the text is not one.
    package static func date(from text: String) -> Date? {
        switch parse(Array(text.utf8)) {
        case .date(let date): return date
        case .impossible: return nil
        case .otherForm: break
        }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// The timestamp for a date, in UTC with a `Z`: `2024-10-05T17:08:34.650Z`.
    package static func string(from date: Date) -> String {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite, abs(interval) < 1e15 else {
            return Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
        }
        // `interval - floor(interval)` is exact: both lie in the same binade or the difference is
        // below the ulp of `interval`, so no rounding happens before the one to microseconds.
        let whole = interval.rounded(.down)
        var seconds = Int64(whole) + referenceOffset
        var micros = Int64(((interval - whole) * 1_000_000).rounded())
        if micros == 1_000_000 {
            seconds += 1
            micros = 0
        }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        var text = ""
        text.reserveCapacity(27)
        if year < 0 || year > 9999 {
            text += year < 0 ? "-" : "+"
            text += padded(abs(year), width: 6)
        } else {
            text += padded(year, width: 4)
        }
        text += "-" + padded(month, width: 2) + "-" + padded(day, width: 2)
        text += "T" + padded(secondOfDay / 3600, width: 2) + ":" + padded(secondOfDay / 60 % 60, width: 2)
        text += ":" + padded(secondOfDay % 60, width: 2)
        if micros != 0 {
            text += micros % 1000 == 0 ? "." + padded(micros / 1000, width: 3) : "." + padded(micros, width: 6)
        }
        return text + "Z"
    }

    // MARK: - Reading

    /// What ``parse(_:)`` made of a text.
    private enum Parsed {
        case date(Date)
        /// The text has the form, but names no instant: February 30th, hour 24, an offset of 25 hours.
        /// Foundation's parser would roll it over into another date, so it is refused here.
        case impossible
        /// Not `YYYY-MM-DDTHH:MM:SS…`: Foundation's parser may know the form.
        case otherForm
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM|±HH)`, the profile web APIs use (RFC 3339, with
    /// a space also taken for the `T`), and the same with an expanded year, `±YYYYYY`.
    private static func parse(_ bytes: [UInt8]) -> Parsed {
        var index = 0
        func number(_ width: Int) -> Int64? {
            guard index + width <= bytes.count else { return nil }
            var value: Int64 = 0
            for offset in 0..<width {
                let digit = bytes[index + offset] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            index += width
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        // A year before 0 or after 9999 takes ISO 8601's expanded form, a sign and six digits, as
        // `string(from:)` writes it: `+010000-01-01T00:00:00Z`.
        let year: Int64
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            index = 1
            guard let digits = number(6) else { return .otherForm }
            year = sign == UInt8(ascii: "-") ? -digits : digits
        } else {
            guard let digits = number(4) else { return .otherForm }
            year = digits
        }
        guard expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")), let day = number(2)
        else { return .otherForm }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: " ") else {
            return .otherForm
        }
        index += 1
        guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2), expect(UInt8(ascii: ":")),
            let second = number(2)
        else { return .otherForm }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60,
            second < 60
        else { return .impossible }
        // Nanoseconds as an integer; digits past the ninth are read and dropped.
        var nanos: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            index += 1
            var digits = 0
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                if digits < 9 { nanos = nanos * 10 + Int64(bytes[index] &- UInt8(ascii: "0")) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return .impossible }
            for _ in digits..<max(digits, 9) { nanos *= 10 }
        }
        guard index < bytes.count else { return .otherForm }
        var offsetSeconds: Int64 = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2), hours < 24 else { return .impossible }
            var minutes: Int64 = 0
            if index < bytes.count {
                _ = expect(UInt8(ascii: ":"))
                guard let value = number(2), value < 60 else { return .impossible }
                minutes = value
            }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        default:
            return .impossible
        }
        guard index == bytes.count else { return .impossible }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        // The whole seconds are exact in a Double; adding the fraction is the one rounding.
        return .date(Date(timeIntervalSinceReferenceDate: Double(seconds - referenceOffset) + Double(nanos) / 1e9))
    }

    /// The days in a month of the proleptic Gregorian calendar.
    package static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // MARK: - Civil calendar arithmetic (proleptic Gregorian, days since 1970-01-01)

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar; also used for HTTP dates.
    package static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func padded(_ value: Int64, width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
