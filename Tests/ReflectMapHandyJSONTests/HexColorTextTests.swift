import Foundation
import ReflectMap
@testable import ReflectMapHandyJSON
import Testing

@Suite("Hex colour text, the rules HexColorTransform shares on every platform")
struct HexColorTextTests {
    @Test("Three, four, six and eight digits read as their channels, with or without #")
    func reading() throws {
        let short = try #require(HexColorText.channels("#F08"))
        #expect(short.red == 1 && short.green == 0 && abs(short.blue - 8.0 / 15) < 1e-12 && short.alpha == 1)
        let long = try #require(HexColorText.channels("336699CC"))
        #expect(
            long.red == 0x33 / 255.0 && long.green == 0x66 / 255.0 && long.blue == 0x99 / 255.0
                && long.alpha == 0xCC / 255.0)
        for bad in ["", "#", "12345", "GGGGGG", "+FFF", "#1234567", "-FF00FF"] {
            #expect(HexColorText.channels(bad) == nil, "\(bad)")
        }
    }

    @Test("Channels outside 0…1, as a Display-P3 colour has in sRGB, are clamped, and NaN counts as 0")
    func clamping() {
        #expect(HexColorText.text(red: -0.05, green: 1.2, blue: 0.5, alpha: nil, prefix: false) == "00FF80")
        #expect(HexColorText.text(red: .nan, green: .infinity, blue: 0, alpha: 1.5, prefix: true) == "#00FF00FF")
        #expect(
            HexColorText.text(
                red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 0x99 / 255.0, alpha: 0xCC / 255.0, prefix: false)
                == "336699CC")
    }
}

@Suite("A Foundation value converted to a transform's JSON type")
struct FoundationValueTests {
    @Test("A value that already has the type is kept as it is, a number only for NSNumber itself")
    func valueOfTheTypeKept() throws {
        let dictionary: [String: Any] = ["a": 1]
        #expect(FoundationValue.convert(dictionary, to: NSDictionary.self)?.count == 1)
        #expect(
            FoundationValue.convert(Date(timeIntervalSince1970: 5), to: Date.self) == Date(timeIntervalSince1970: 5))
        #expect(FoundationValue.convert(NSNumber(value: 7), to: NSNumber.self) == NSNumber(value: 7))
        // A number asked for as another type goes through the mapper's lenient conversions.
        #expect(FoundationValue.convert(NSNumber(value: 7), to: String.self) == "7")
        #expect(FoundationValue.convert("12", to: Int.self) == 12)
    }

    @Test("A number goes through the mapper's rules even when Swift could cast it: no NaN, no infinity")
    func numbersFollowTheMapper() {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(FoundationValue.convert(NSNumber(value: value), to: Double.self) == nil, "\(value)")
            let transform = TransformOf<Double, Double>(fromJSON: { $0 }, toJSON: { $0 })
            #expect(transform.transformFromJSON(NSNumber(value: value)) == nil, "\(value)")
        }
        #expect(FoundationValue.convert(NSNumber(value: 2.5), to: Double.self) == 2.5)
        #expect(FoundationValue.convert(NSNumber(value: Double.nan), to: NSNumber.self)?.doubleValue.isNaN == true)
    }
}

/// A model with a URL property, whose rule `URLTransform` follows by default.
private struct Linked: Mappable {
    var url: URL?
}

@Suite("URLTransform's encoding, on by default")
struct URLTransformTests {
    @Test("By default a host that URL(string:) refuses is read as a URL property reads it; unencoded it is refused")
    func hostEncodedByDefault() throws {
        let text = "https://exa\u{00A0}mple.com"
        let encoded = URLTransform().transformFromJSON(text)
        #expect(encoded != nil)
        let property = try JSONMapper().map(Linked.self, from: Data(#"{"url": "https://exa\u00A0mple.com"}"#.utf8)).url
        #expect(encoded == property)
        #expect(URLTransform(shouldEncodeURLString: false).transformFromJSON(text) == nil)
    }

    @Test("By default the text is encoded as the mapper encodes a URL: an IDNA host, a space, a stray percent sign")
    func encodingByDefault() {
        #expect(
            URLTransform().transformFromJSON("https://bücher.de/a b")?.absoluteString
                == "https://xn--bcher-kva.de/a%20b")
        // A percent sign that starts no escape is encoded.
        #expect(
            URLTransform().transformFromJSON("https://example.com/100%")?.absoluteString == "https://example.com/100%25"
        )

    }
}
