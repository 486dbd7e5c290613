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
            // A percent sign with two, one and no hex digits before the text ends.
            ("https://example.com/a%41", "https://example.com/a%41"),
            ("https://example.com/a%4", "https://example.com/a%254"),
            ("https://example.com/a%4g", "https://example.com/a%254g"),
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

    @Test(
        "A host that is not ASCII takes its IDNA form, and an ASCII host is kept as it is",
        arguments: [
            ("https://bücher.de/", "https://xn--bcher-kva.de/"),
            ("https://www.Bücher.DE/a b", "https://www.xn--bcher-kva.de/a%20b"),
            ("http://user@münchen.example:8080/p?q=ü", "http://user@xn--mnchen-3ya.example:8080/p?q=%C3%BC"),
            ("https://例え.テスト/", "https://xn--r8jz45g.xn--zckzah/"),
            ("https://bücher。de/", "https://xn--bcher-kva.de/"),
            ("https://u\u{0308}ber.example/", "https://xn--ber-goa.example/"),
            ("https://ÄÖÜ.de", "https://xn--4ca0bs.de"),
            // No, one and two ASCII characters before the encoded ones: the delimiter comes with one or more.
            ("https://ü.de/", "https://xn--tda.de/"),
            ("https://aü.de/", "https://xn--a-eha.de/"),
            ("https://üa.de/", "https://xn--a-dha.de/"),
            ("https://abü.de/", "https://xn--ab-yka.de/"),
            // A scheme may hold digits, `+`, `-` and `.` after its first letter; its host is still a host.
            ("s3://bücher/a", "s3://xn--bcher-kva/a"),
            ("coap+tcp://bücher/", "coap+tcp://xn--bcher-kva/"),
            ("x-y.z://bücher/", "x-y.z://xn--bcher-kva/"),
            ("https://josé@example.com/", "https://jos%C3%A9@example.com/"),
            ("https://example.com/bücher", "https://example.com/b%C3%BCcher"),
            ("https://[::1]:8080/ü", "https://[::1]:8080/%C3%BC"),
            // RFC 3492's own samples (section 7.1), and labels whose bias adaptation meets its threshold
            // (455) exactly, checked against Python's punycode codec.
            ("https://他们为什么不说中文.example/", "https://xn--ihqwcrb4cv8a8dqg056pqjye.example/"),
            ("https://pročprostěnemluvíčesky.cz/", "https://xn--proprostnemluvesky-uyb24dma41a.cz/"),
            ("https://なぜみんな日本語を話してくれないのか.jp/", "https://xn--n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa.jp/"),
            ("https://푚녺땖c칀.kr/", "https://xn--c-677ey2h797abzg.kr/"),
            ("https://æõȃƫn.example/", "https://xn--n-3fa9bx1ckn.example/"),
            ("https://Ċűmȧ뒈.example/", "https://xn--m-7ha02ajy5230e.example/"),
            ("https://b닝vぉヿ.example/", "https://xn--bv-v73ap5ag151c.example/"),
        ])
    func internationalHosts(text: String, expected: String) throws {
        let link = try JSONMapper(mode: .strict).map(Link.self, from: Data(#"{"url": "\#(text)"}"#.utf8))
        #expect(link.url?.absoluteString == expected)
    }

    @Test("A label of 63 bytes in its ASCII form takes it; one of 64, longer than DNS allows, is percent-encoded")
    func labelLengthLimit() throws {
        let inside = String(repeating: "a", count: 55) + "ü"
        let outside = String(repeating: "a", count: 56) + "ü"
        let fits = try JSONMapper().map(Link.self, from: Data(#"{"url": "https://\#(inside).de/"}"#.utf8)).url
        #expect(fits?.host == "xn--" + String(repeating: "a", count: 55) + "-8yf.de")
        let tooLong = try JSONMapper().map(Link.self, from: Data(#"{"url": "https://\#(outside).de/"}"#.utf8)).url
        #expect(tooLong?.absoluteString == "https://" + String(repeating: "a", count: 56) + "%C3%BC.de/")
    }

    @Test("Punycode matches RFC 3492's samples and Foundation's own IDNA on this platform")
    func punycode() throws {
        // RFC 3492, section 7.1: (A) Arabic, (B) Chinese, (L) Japanese with ASCII letters (lowercased, as a
        // host is).
        let samples = [
            (
                "\u{644}\u{64A}\u{647}\u{645}\u{627}\u{628}\u{62A}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64A}\u{61F}",
                "egbpdaj6bu4bxfgehfvwxn"
            ),
            ("\u{4ED6}\u{4EEC}\u{4E3A}\u{4EC0}\u{4E48}\u{4E0D}\u{8BF4}\u{4E2D}\u{6587}", "ihqwcrb4cv8a8dqg056pqjye"),
            ("3\u{5E74}B\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}", "3b-ww4c5e180e575a65lsy2b"),
            ("ü", "tda"),
        ]
        for (label, expected) in samples {
            let url = try JSONMapper().map(Link.self, from: Data(#"{"url": "https://\#(label).example/"}"#.utf8)).url
            #expect(url?.host == "xn--\(expected).example")
        }
        #if canImport(FoundationNetworking)
        // Linux's Foundation converts hosts itself; ReflectMap's form must be the same.
        for host in ["bücher.de", "münchen.example", "例え.テスト", "ÄÖÜ.de"] {
            let foundation = URL(string: "https://\(host)/")?.host
            let mapped = try JSONMapper().map(Link.self, from: Data(#"{"url": "https://\#(host)/"}"#.utf8)).url?.host
            #expect(mapped == foundation)
        }
        #endif
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
