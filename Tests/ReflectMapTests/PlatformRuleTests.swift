import Foundation
import Observation
import ReflectMap
import Testing

private struct TimestampModel: Mappable {
    var when = Date(timeIntervalSince1970: 0)
}

private struct Link: Mappable {
    var url: URL?
}

@Observable private final class ObservedBasket: Mappable {
    var items: [String] = []
    required init() {}
}

/// The `Z` timestamp of whole seconds since 1970 and a fraction of `digits` digits, spelled by hand.
private func timestamp(seconds: Int64, fraction: Int64, digits: Int) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    let parts = calendar.dateComponents(
        [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(seconds))
    )
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    let fractionText = String(repeating: "0", count: digits - String(fraction).count) + String(fraction)
    return String(format: "%04d", parts.year ?? 0) + "-" + two(parts.month) + "-" + two(parts.day) + "T"
        + two(parts.hour) + ":" + two(parts.minute) + ":" + two(parts.second) + "."
        + fractionText + "Z"
}

@Suite("Dates are written exactly, on every OS")
struct ExactDateTests {
    @Test("A millisecond timestamp read and written back keeps its text")
    func millisecondRoundTrip() throws {
        let mapper = JSONMapper()
        let stamp = try mapper.map(TimestampModel.self, from: Data(#"{"when": "2024-10-05T17:08:34.650Z"}"#.utf8))
        #expect(
            String(decoding: try mapper.data(from: stamp), as: UTF8.self) == #"{"when":"2024-10-05T17:08:34.650Z"}"#)
    }

    @Test(
        "Random millisecond and microsecond timestamps from 1970 to 2100 keep their instant and their text",
        arguments: [3, 6])
    func randomTimestampsRoundTrip(digits: Int) throws {
        var random = SplitMix64(state: UInt64(digits) * 7919)
        let mapper = JSONMapper()
        let end: Int64 = 4_102_444_800  // 2100-01-01
        for _ in 0..<500 {
            let seconds = Int64.random(in: 0..<end, using: &random)
            let scale: Int64 = digits == 3 ? 1000 : 1_000_000
            var fraction = Int64.random(in: 1..<scale, using: &random)
            // A microsecond that is a whole millisecond is written with three digits: keep six.
            if digits == 6, fraction % 1000 == 0 { fraction += 1 }
            let text = timestamp(seconds: seconds, fraction: fraction, digits: digits)
            let json = Data(#"{"when":"\#(text)"}"#.utf8)
            let stamp = try mapper.map(TimestampModel.self, from: json)
            // Within half an ulp of the instant: 0.24 µs in 2100.
            let read = stamp.when.timeIntervalSinceReferenceDate - Double(seconds - 978_307_200)
            #expect(abs(read - Double(fraction) / Double(scale)) < 0.000_000_25, "\(text)")
            let written = try mapper.data(from: stamp)
            #expect(written == json, "\(text) came back as \(String(decoding: written, as: UTF8.self))")
            #expect(try mapper.map(TimestampModel.self, from: written).when == stamp.when, "\(text)")
        }
    }

    @Test("Offsets, whole seconds and nine fraction digits read as the instant they name")
    func otherForms() throws {
        let mapper = JSONMapper()
        let forms = [
            "2024-05-01T14:30:00+02:00", "2024-05-01T12:30:00Z", "2024-05-01T12:30:00.000Z",
            "2024-05-01T07:30:00-0500", "2024-05-01T12:30:00.000000000Z",
        ]
        for form in forms {
            let stamp = try mapper.map(TimestampModel.self, from: Data(#"{"when": "\#(form)"}"#.utf8))
            #expect(stamp.when == Date(timeIntervalSince1970: 1_714_566_600), "\(form)")
        }
        let fine = try mapper.map(TimestampModel.self, from: Data(#"{"when": "1970-01-01T00:00:00.123456789Z"}"#.utf8))
        #expect(
            String(decoding: try mapper.data(from: fine), as: UTF8.self) == #"{"when":"1970-01-01T00:00:00.123457Z"}"#)
    }

    @Test(
        "Timestamps with an impossible day, hour or offset are refused",
        arguments: [
            "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T00:00:00+25:00",
            "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00",
        ])
    func impossibleTimestamps(text: String) {
        #expect(throws: MappingError.self) {
            try JSONMapper(mode: .strict).map(TimestampModel.self, from: Data(#"{"when": "\#(text)"}"#.utf8))
        }
    }

    @Test("Whole seconds and whole milliseconds since 1970 are written as integers")
    func epochIntegers() throws {
        let stamp = TimestampModel(when: Date(timeIntervalSince1970: 1_700_000_000))
        let seconds = try JSONMapper(dateStrategy: .secondsSince1970).data(from: stamp)
        #expect(String(decoding: seconds, as: UTF8.self) == #"{"when":1700000000}"#)
        let milliseconds = try JSONMapper(dateStrategy: .millisecondsSince1970).data(from: stamp)
        #expect(String(decoding: milliseconds, as: UTF8.self) == #"{"when":1700000000000}"#)
        let half = try JSONMapper(dateStrategy: .secondsSince1970).data(
            from: TimestampModel(when: Date(timeIntervalSince1970: 1.5)))
        #expect(String(decoding: half, as: UTF8.self) == #"{"when":1.5}"#)
    }
}

@Suite("URLs follow one rule on every OS")
struct URLRuleTests {
    @Test(
        "Spaces and non-ASCII characters are percent-encoded, and valid text is kept as it is",
        arguments: [
            ("https://cdn.example.com/a b.png", "https://cdn.example.com/a%20b.png"),
            ("https://example.com/users/José", "https://example.com/users/Jos%C3%A9"),
            (
                "https://example.com/search?q=a b&x=ü#frag ment",
                "https://example.com/search?q=a%20b&x=%C3%BC#frag%20ment"
            ),
            ("https://example.com/100%", "https://example.com/100%25"),
            ("https://example.com/a%20b?c=%2F", "https://example.com/a%20b?c=%2F"),
            ("https://[::1]:8080/x[1]", "https://[::1]:8080/x%5B1%5D"),
            ("https://example.com/a#b#c", "https://example.com/a#b%23c"),
            ("https://example.com/{id}|\"x\"", "https://example.com/%7Bid%7D%7C%22x%22"),
        ])
    func encoding(text: String, expected: String) throws {
        let link = try JSONMapper(mode: .strict).map(
            Link.self, from: Data(#"{"url": "\#(text.replacingOccurrences(of: "\"", with: "\\\""))"}"#.utf8))
        #expect(link.url?.absoluteString == expected)
    }
}

@Suite("Updating an @Observable model")
struct ObservableUpdateTests {
    @Test("update refuses an @Observable class and leaves it unchanged")
    func refusesObservable() throws {
        var basket = ObservedBasket()
        basket.items = ["a"]
        let original = basket
        #expect {
            try JSONMapper().update(&basket, from: Data(#"{"items": ["b"]}"#.utf8))
        } throws: { error in
            "\(error)".contains("@Observable")
        }
        #expect(basket === original && basket.items == ["a"])
        // Mapping a new instance still works.
        #expect(try JSONMapper().map(ObservedBasket.self, from: Data(#"{"items": ["b"]}"#.utf8)).items == ["b"])
    }
}
