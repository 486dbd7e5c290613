import Foundation
import ReflectMap
import Testing

@Suite("Dates: one conversion per format")
struct DateConversionTests {
    @Test("A timestamp cut short at any byte is refused or read, never past its end")
    func timestampPrefixes() throws {
        for full in ["2024-05-01T12:30:45.123456+02:00", "+010000-01-01T00:00:00Z", "2024-05-01 12:30:45-0130"] {
            let bytes = Array(full.utf8)
            var cuts: [Date?] = []
            for end in 0...bytes.count {
                cuts.append(ISO8601Timestamp.date(from: String(decoding: bytes[..<end], as: UTF8.self)))
            }
            #expect(cuts.last ?? nil != nil, "\(full)")
            // Nothing shorter than a date and a time of day names an instant.
            #expect(cuts.prefix(10).allSatisfy { $0 == nil }, "\(full)")
        }
        let read = ISO8601Timestamp.date(from: "2024-05-01T12:30:45.123456+02:00")?.timeIntervalSince1970 ?? 0
        #expect(abs(read - 1_714_559_445.123_456) < 1e-6)
    }

    @Test("Each field of a timestamp is read at its last value, one second before the next, and refused one past it")
    func timestampFieldLimits() throws {
        func date(_ text: String) -> Date? { ISO8601Timestamp.date(from: text) }
        func seconds(from earlier: String, to later: String) -> TimeInterval? {
            guard let earlier = date(earlier), let later = date(later) else { return nil }
            return later.timeIntervalSince(earlier)
        }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        // The last day of each month in a common year, a leap year, and the two kinds of century.
        for (year, february) in [(1900, 28), (2000, 29), (2023, 28), (2024, 29)] {
            let lastDays = [31, february, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            for month in 1...12 {
                let last = "\(year)-\(two(month))-\(lastDays[month - 1])"
                let next = month == 12 ? "\(year + 1)-01-01" : "\(year)-\(two(month + 1))-01"
                #expect(seconds(from: "\(last)T23:59:59Z", to: "\(next)T00:00:00Z") == 1, "\(last)")
                #expect(date("\(year)-\(two(month))-\(lastDays[month - 1] + 1)T00:00:00Z") == nil, "\(last)")
                #expect(date("\(year)-\(two(month))-00T00:00:00Z") == nil)
                #expect(
                    seconds(from: "\(year)-\(two(month))-01T00:00:00Z", to: "\(last)T00:00:00Z")
                        == Double(lastDays[month - 1] - 1) * 86_400)
            }
            #expect(date("\(year)-00-01T00:00:00Z") == nil && date("\(year)-13-01T00:00:00Z") == nil)
        }
        // The time of day and the offset, each field at its last value and one past it.
        #expect(seconds(from: "2024-06-15T23:59:59Z", to: "2024-06-16T00:00:00Z") == 1)
        for past in ["T24:00:00Z", "T23:60:00Z", "T23:59:60Z", "T00:00:00+24:00", "T00:00:00+23:60", "T00:00:00-2400"] {
            #expect(date("2024-06-15\(past)") == nil, "\(past)")
        }
        for (offset, utc) in [
            ("+23:59", "2024-06-14T00:01:00Z"), ("+2359", "2024-06-14T00:01:00Z"), ("-23:59", "2024-06-15T23:59:00Z"),
            ("+23", "2024-06-14T01:00:00Z"), ("-00:01", "2024-06-15T00:01:00Z"), ("+00", "2024-06-15T00:00:00Z"),
        ] {
            #expect(seconds(from: "2024-06-15T00:00:00\(offset)", to: utc) == 0, "\(offset)")
        }
        // Year 0 is a leap year of the proleptic calendar, the year before it is not, and the expanded
        // form continues the four-digit one on both sides.
        #expect(date("0000-02-29T00:00:00Z") != nil && date("-000004-02-29T00:00:00Z") != nil)
        #expect(date("-000001-02-29T00:00:00Z") == nil && date("+010001-02-29T00:00:00Z") == nil)
        #expect(seconds(from: "-000001-12-31T23:59:59Z", to: "0000-01-01T00:00:00Z") == 1)
        #expect(seconds(from: "9999-12-31T23:59:59Z", to: "+010000-01-01T00:00:00Z") == 1)
        #expect(seconds(from: "+000000-01-01T00:00:00Z", to: "0000-01-01T00:00:00Z") == 0)
    }

    @Test("A fraction is read to nine digits, one to twelve of them, and written back to the microsecond")
    func fractionDigits() {
        // At the reference date a Double holds a nanosecond exactly enough to compare.
        let base = "2001-01-01T00:00:00"
        for (fraction, expected) in [
            ("5", 0.5), ("05", 0.05), ("000000001", 1e-9), ("0000000019", 1e-9), ("123456789123", 0.123_456_789),
            ("999999999", 0.999_999_999),
        ] {
            let read = ISO8601Timestamp.date(from: "\(base).\(fraction)Z")?.timeIntervalSinceReferenceDate
            #expect(read.map { abs($0 - expected) < 1e-15 } == true, "\(fraction)")
            #expect(
                ISO8601Timestamp.date(from: "\(base),\(fraction)Z")
                    == ISO8601Timestamp.date(from: "\(base).\(fraction)Z"))
        }
        for text in [
            "\(base).000001Z", "\(base).999999Z", "\(base).001Z", "\(base).999Z", "\(base).5Z",
            "2100-12-31T23:59:59.999Z",
        ] {
            let written = ISO8601Timestamp.date(from: text).map(ISO8601Timestamp.string(from:))
            let expected = text.hasSuffix(".5Z") ? "\(base).500Z" : text
            #expect(written == expected, "\(text)")
        }
    }

    @Test("A fraction that rounds to a whole second carries into the second; one just below it does not")
    func fractionCarries() {
        let whole = ISO8601Timestamp.string(from: Date(timeIntervalSinceReferenceDate: 6))
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSinceReferenceDate: 5.999_999_6)) == whole)
        #expect(
            ISO8601Timestamp.string(from: Date(timeIntervalSinceReferenceDate: 5.999_999_4)).hasSuffix(":05.999999Z"))
        #expect(whole == "2001-01-01T00:00:06Z")
        #expect(
            ISO8601Timestamp.string(from: Date(timeIntervalSinceReferenceDate: -0.000_000_4)) == "2001-01-01T00:00:00Z")
    }

    @Test(
        "A count since 1970 in a string is read in lenient mode and reported, refused in strict mode, and read by the transform",
        arguments: [
            (DateStrategy.secondsSince1970, "1700000000"), (DateStrategy.millisecondsSince1970, "1700000000000"),
        ])
    func numericStrings(strategy: DateStrategy, text: String) throws {
        let input = json(#"{"when": "\#(text)"}"#)
        let (moment, report) = try JSONMapper(dateStrategy: strategy).mapWithReport(Moment.self, from: input)
        #expect(moment.when == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(report.coercions.map(\.path) == ["when"])
        #expect(
            try JSONMapper(mode: .strict, dateStrategy: strategy).map(Moment.self, from: json(#"{"when": \#(text)}"#))
                .when == moment.when)
        let error = mappingError {
            _ = try JSONMapper(mode: .strict, dateStrategy: strategy).map(Moment.self, from: input)
        }
        #expect(error?.path == "when")

        struct Stamped: Mappable {
            @JSONTransform(SecondsSince1970()) var seconds = Date()
            @JSONTransform(MillisecondsSince1970()) var milliseconds = Date()
        }
        let stamped = try JSONMapper().map(
            Stamped.self, from: json(#"{"seconds": "1700000000", "milliseconds": "1700000000000"}"#))
        #expect(stamped.seconds == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(stamped.milliseconds == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("A strategy and its transform write the same count: an integer when whole, milliseconds rounded")
    func strategiesAndTransformsWriteAlike() throws {
        struct Stamped: Mappable {
            @JSONTransform(SecondsSince1970()) var seconds = Date()
            @JSONTransform(MillisecondsSince1970()) var milliseconds = Date()
        }
        for instant in [1_700_000_000.0, 1_700_000_000.25, 1_700_000_000.0004] {
            let date = Date(timeIntervalSince1970: instant)
            let stamped = Stamped(seconds: date, milliseconds: date)
            let written = try #require(JSONMapper().jsonObject(from: stamped) as? [String: Any])
            var values = Values()
            values.when = date
            let bySeconds = try #require(
                JSONMapper(dateStrategy: .secondsSince1970).jsonObject(from: values) as? [String: Any])
            let byMilliseconds = try #require(
                JSONMapper(dateStrategy: .millisecondsSince1970).jsonObject(from: values) as? [String: Any])
            #expect("\(written["seconds"] ?? "")" == "\(bySeconds["when"] ?? "")")
            #expect("\(written["milliseconds"] ?? "")" == "\(byMilliseconds["when"] ?? "")")
        }
    }

    @Test("One mapper with a formatted strategy maps dates on many threads at once, each correctly")
    func formattedStrategyIsSafeToShare() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let mapper = JSONMapper(dateStrategy: .formatted(formatter))
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<40 {
                let seconds = 1_700_000_000 + worker * 86_400 + round * 61
                var values = Values()
                values.when = Date(timeIntervalSince1970: TimeInterval(seconds))
                do {
                    let again = try mapper.map(Values.self, from: mapper.data(from: values))
                    if again.when != values.when {
                        failures.record("\(seconds) came back as \(String(describing: again.when))")
                    }
                } catch {
                    failures.record("\(seconds): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty)
    }
}

private struct Moment: Mappable {
    var when = Date(timeIntervalSince1970: 0)
}

/// Failures recorded from any thread.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var messages: [String] = []

    func record(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}

@Suite("ISO 8601 years at both ends of the four-digit form")
struct ISO8601YearTests {
    private struct When: Mappable {
        var when = Date()
    }

    @Test("Years 0 to 9999 take four digits; the years beside them take a sign and six, and all read back")
    func yearWindow() throws {
        let cases: [(Int64, String)] = [
            (-1, "-000001-01-01T00:00:00Z"), (0, "0000-01-01T00:00:00Z"), (1, "0001-01-01T00:00:00Z"),
            (9999, "9999-01-01T00:00:00Z"), (10000, "+010000-01-01T00:00:00Z"),
        ]
        for (year, text) in cases {
            let seconds = ISO8601Timestamp.daysFromCivil(year: year, month: 1, day: 1) * 86_400
            var model = When()
            model.when = Date(timeIntervalSince1970: TimeInterval(seconds))
            let written = String(decoding: try JSONMapper().data(from: model), as: UTF8.self)
            #expect(written == #"{"when":"\#(text)"}"#, "year \(year)")
            #expect(try JSONMapper().map(When.self, from: json(written)).when == model.when, "year \(year)")
        }
    }
}
