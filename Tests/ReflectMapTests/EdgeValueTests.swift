import Foundation
import ReflectMap
import Testing

// Edge values at the boundaries of the core's rules: integer bounds, lenient conversions, and the
// other limits where one comparison decides the outcome.

struct EdgePrice: Mappable {
    var amount: Decimal = 0
}

struct EdgeStamp: Mappable {
    var when = Date(timeIntervalSinceReferenceDate: 0)
}

/// Two properties that answer to the key "name": `name` by its own key, `title` by an alternate.
struct EdgeSharedKey: Mappable {
    var name = ""
    @JSONKey("title", alternates: "name") var title = ""
}

/// A hierarchy in which two labels name one subtype: "circle" and its older spelling "round".
class EdgeShape: JSONPolymorphic {
    class var typeKey: String { "kind" }
    class var subtypes: [String: any Mappable.Type] { ["round": EdgeCircle.self, "circle": EdgeCircle.self] }
    var id = ""
    required init() {}
}

final class EdgeCircle: EdgeShape {
    var radius = 0.0
}

struct EdgeDrawing: Mappable {
    var shape = EdgeShape()
}

struct EdgeItem: Mappable, Sendable {
    var id = 0
}

@Suite("Edge values at the boundaries of reading and writing")
struct EdgeValueTests {
    let lenient = JSONMapper()

    @Test("JSONValue reads the integers at Int64's bounds, and one above the minimum, as Int64")
    func int64Bounds() throws {
        let value = try JSONValue(parsing: json("[-9223372036854775807, -9223372036854775808, 9223372036854775807]"))
        #expect(
            value
                == .array([
                    .number(.integer(Int64.min + 1)), .number(.integer(.min)), .number(.integer(.max)),
                ]))
    }

    @Test("A lenient Decimal takes a whole numeric string and rejects one with trailing letters")
    func lenientDecimalNeedsTheWholeString() throws {
        let (price, report) = try lenient.mapWithReport(EdgePrice.self, from: json(#"{"amount": "12abc"}"#))
        #expect(price.amount == 0)
        #expect(report.skipped.map(\.path) == ["amount"])
        let whole = try lenient.map(EdgePrice.self, from: json(#"{"amount": "12.5"}"#))
        #expect(whole.amount == Decimal(string: "12.5"))
    }

    @Test("A key two properties answer to fills the one declared first, from bytes and from a dictionary alike")
    func keyNamedTwiceFillsTheFirst() throws {
        let fromBytes = try lenient.map(EdgeSharedKey.self, from: json(#"{"name": "x"}"#))
        #expect(fromBytes.name == "x" && fromBytes.title == "")
        let fromDictionary = try lenient.map(EdgeSharedKey.self, from: ["name": "x"])
        #expect(fromDictionary.name == "x" && fromDictionary.title == "")
    }

    @Test(
        "A lone low surrogate escape is malformed JSON, in a value, in a key and in a member that is skipped",
        arguments: [#"\uDC00"#, #"\uDFFF"#])
    func loneLowSurrogate(escape: String) {
        #expect(throws: MappingError.self) { try JSONValue(parsing: json(#"[""# + escape + #""]"#)) }
        #expect(throws: MappingError.self) { try lenient.map(EdgePrice.self, from: json(#"{""# + escape + #"": 1}"#)) }
        #expect(throws: MappingError.self) {
            try lenient.map(EdgePrice.self, from: json(#"{"note": "a"# + escape + #"b"}"#))
        }
    }

    @Test("A subtype that two labels name reads under either and is written under the first in sorted order")
    func subtypeWithTwoLabels() throws {
        for label in ["circle", "round"] {
            let drawing = try lenient.map(
                EdgeDrawing.self, from: json(#"{"shape": {"kind": ""# + label + #"", "radius": 2}}"#))
            #expect((drawing.shape as? EdgeCircle)?.radius == 2)
        }
        let circle = EdgeCircle()
        circle.radius = 3
        let written = try JSONValue(parsing: lenient.data(from: EdgeDrawing(shape: circle)))
        #expect(written["shape"]?["kind"] == .string("circle"))
    }

    @Test("A streamed key path finds its array past, and under, keys with escaped quotes", arguments: [1, 3, 64])
    func streamedKeyPathWithEscapedQuotes(chunkSize: Int) async throws {
        let text = #"{"a\"b": {"x": "\""}, "say \"hi\"": [{"id": 1}, {"id": 2}]}"#
        let chunks = AsyncStream<Data> { continuation in
            for start in stride(from: 0, to: text.utf8.count, by: chunkSize) {
                continuation.yield(Data(text.utf8.dropFirst(start).prefix(chunkSize)))
            }
            continuation.finish()
        }
        var ids: [Int] = []
        for try await item in lenient.elements(EdgeItem.self, fromChunks: chunks, layout: .array(at: #"say "hi""#)) {
            ids.append(item.id)
        }
        #expect(ids == [1, 2])
    }

    @Test("A relative path against a base with a host and no path gets a leading slash")
    func relativePathAgainstBareHost() {
        #expect(URLText.resolved("b", against: "http://a") == "http://a/b")
        #expect(URLText.resolved("b?x=1", against: "https://example.com") == "https://example.com/b?x=1")
    }

    @Test("29 February is a date in a year divisible by 400, and not in another century year")
    func centuryLeapYears() throws {
        let (stamp, report) = try lenient.mapWithReport(
            EdgeStamp.self, from: json(#"{"when": "1900-02-29T00:00:00Z"}"#))
        #expect(stamp.when == Date(timeIntervalSinceReferenceDate: 0))
        #expect(report.skipped.map(\.path) == ["when"])
        let leap = try lenient.map(EdgeStamp.self, from: json(#"{"when": "2000-02-29T00:00:00Z"}"#))
        #expect(leap.when == Date(timeIntervalSince1970: 951_782_400))
    }

    @Test("Year 10000 is written as an expanded year with its sign, and 9999 as four digits")
    func expandedYears() throws {
        let expanded = try lenient.data(from: EdgeStamp(when: Date(timeIntervalSince1970: 253_402_300_800)))
        #expect(String(decoding: expanded, as: UTF8.self) == #"{"when":"+010000-01-01T00:00:00Z"}"#)
        let last = try lenient.data(from: EdgeStamp(when: Date(timeIntervalSince1970: 253_402_300_799)))
        #expect(String(decoding: last, as: UTF8.self) == #"{"when":"9999-12-31T23:59:59Z"}"#)
    }

    @Test("A # after the fragment's own is percent-encoded, and the first stays the fragment's start")
    func secondHashIsEncoded() {
        #expect(URLText.encoded("https://example.com/p#frag#more") == "https://example.com/p#frag%23more")
        #expect(URLText.encoded("https://example.com/p?q=1#a") == "https://example.com/p?q=1#a")
    }
}
