import Foundation
import ReflectMap

/// HTTP dates, read the one way `Retry-After` and cookies both need.
///
/// RFC 9110 section 5.6.7 requires recipients to accept all three forms:
/// - IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`;
/// - the obsolete RFC 850 form: `Sunday, 06-Nov-94 08:49:37 GMT`;
/// - ANSI C's `asctime()` form: `Sun Nov  6 08:49:37 1994`.
///
/// Cookies' `Expires` also arrives as `Sun, 06-Nov-1994 08:49:37 GMT`, which RFC 6265 section 5.1.1
/// reads by finding the time, day, month and year among the text's tokens, whatever their order. That
/// algorithm takes all of the forms above, so it is the one used here: no `DateFormatter` (which is
/// costly to make and not promised safe to share), and the same result on every OS. A two-digit year is
/// read as RFC 9110 says: one that would lie more than 50 years in the future is the century before.
enum HTTPDate {
    /// The date the text names, or `nil` when it names none.
    ///
    /// - Parameters:
    ///   - text: An HTTP date in any of the forms above.
    ///   - now: The present, for a two-digit year.
    static func date(from text: String, now: Date = Date()) -> Date? {
        var time: (hour: Int64, minute: Int64, second: Int64)?
        var day: Int64?
        var month: Int64?
        var year: Int64?
        var yearDigits = 0
        for token in text.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == ":")) }) {
            if time == nil, let parsed = Self.time(token) {
                time = parsed
            } else if day == nil, token.count <= 2, let value = Int64(token) {
                day = value
            } else if month == nil, token.count >= 3,
                let index = Self.months.firstIndex(of: token.prefix(3).lowercased())
            {
                month = Int64(index + 1)
            } else if year == nil, token.count == 2 || token.count == 4, let value = Int64(token) {
                year = value
                yearDigits = token.count
            }
        }
        guard let time, let day, let month, var year else { return nil }
        if yearDigits == 2 {
            let current = Int64(Calendar(identifier: .gregorian).component(.year, from: now))
            year += 2000
            if year > current + 50 { year -= 100 }
        }
        guard year >= 1601, day >= 1, day <= ISO8601Timestamp.daysIn(month: month, year: year),
            time.hour < 24, time.minute < 60, time.second < 61
        else { return nil }
        let days = ISO8601Timestamp.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + time.hour * 3600 + time.minute * 60 + min(time.second, 59)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `hh:mm:ss`, each part one or two digits.
    private static func time(_ token: Substring) -> (hour: Int64, minute: Int64, second: Int64)? {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isNumber) }),
            let hour = Int64(parts[0]), let minute = Int64(parts[1]), let second = Int64(parts[2])
        else { return nil }
        return (hour, minute, second)
    }
}
