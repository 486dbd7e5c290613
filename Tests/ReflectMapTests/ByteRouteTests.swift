import Foundation
import ReflectMap
import Testing

struct Numbers: Mappable {
    var small: Int64 = 0
    var big: UInt64 = 0
    var real = 0.0
    var exact = Decimal(0)
}

struct Texts: Mappable {
    var name = ""
    var note: String?
}

struct FreeForm: Mappable {
    var id = 0
    var extra: JSONValue = .null
    var optionalExtra: JSONValue?
}

struct Table: Mappable {
    var counts: [String: Int] = [:]
}

struct Aliased: Mappable {
    @JSONKey("name", alternates: "title", "label") var name = ""
}

@Suite("Reading bytes")
struct ByteRouteTests {
    let mapper = JSONMapper()

    @Test("Integers are exact across the whole Int64 and UInt64 range")
    func integerRange() throws {
        let numbers = try mapper.map(Numbers.self, from: json(#"{"small": -9223372036854775808, "big": 18446744073709551615}"#))
        #expect(numbers.small == .min)
        #expect(numbers.big == .max)
        let error = mappingError {
            _ = try JSONMapper(mode: .strict).map(Numbers.self, from: json(#"{"small": 0, "big": 18446744073709551616, "real": 0, "exact": 0}"#))
        }
        #expect(error?.kind == .numberOutOfRange(value: "18446744073709551616", type: "UInt64"))
        #expect(error?.path == "big")
    }

    @Test("Doubles are correctly rounded, where JSONSerialization is not", arguments: [
        "0.30000000000000004", "43.420273000000016", "-65.613616999999977", "2.2250738585072014e-308",
        "1.7976931348623157e308", "5e-324", "0.1", "123456789012345678901234567890.5", "9007199254740993.0",
    ])
    func correctlyRoundedDoubles(text: String) throws {
        let numbers = try mapper.map(Numbers.self, from: json(#"{"real": \#(text)}"#))
        #expect(numbers.real == Double(text))
    }

    @Test("A number too large for a Double is rejected with its offset; one too small is zero")
    func doubleLimits() throws {
        let error = mappingError { _ = try mapper.map(Numbers.self, from: json(#"{"real": 1e400}"#)) }
        #expect(error?.byteOffset == 9)
        #expect(error?.path == "real")
        #expect(try mapper.map(Numbers.self, from: json(#"{"real": 1e-400}"#)).real == 0)
    }

    @Test("Strings decode every escape and surrogate pair")
    func stringEscapes() throws {
        let texts = try mapper.map(Texts.self, from: json(#"{"name": "a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00\u0000"}"#))
        #expect(texts.name == "a\"b\\c/d\u{8}\u{C}\n\r\t\u{E9}\u{1F600}\u{0}")
    }

    @Test("Lone surrogates, invalid UTF-8 and raw control characters are rejected", arguments: [
        Data(#"{"name": "\ud800"}"#.utf8), Data(#"{"name": "\udc00\ud800"}"#.utf8),
        Data(#"{"name": ""#.utf8) + Data([0xC3, 0x28]) + Data(#""}"#.utf8),
        Data(#"{"name": ""#.utf8) + Data([0xED, 0xA0, 0x80]) + Data(#""}"#.utf8),
        Data(#"{"name": "a"#.utf8) + Data([0x0A]) + Data(#""}"#.utf8),
    ])
    func invalidStrings(data: Data) {
        let error = mappingError { _ = try mapper.map(Texts.self, from: data) }
        guard case .malformedJSON? = error?.kind else {
            Issue.record("expected malformedJSON, got \(String(describing: error))")
            return
        }
        #expect(error?.byteOffset != nil)
    }

    @Test("Strings are scanned right whatever their length and wherever a quote, escape, control character or bad byte falls")
    func stringBlockBoundaries() throws {
        // The scanner looks at sixteen bytes at a time and goes byte by byte near the end of the
        // input, so every length, every position of the odd byte, and every distance from the end
        // is tried, in a mapped value, a skipped value and a key.
        let odd: [(bytes: [UInt8], decoded: String?)] = [
            (Array("é".utf8), "é"), ([UInt8(ascii: "\\"), UInt8(ascii: "n")], "\n"), ([0xFF], nil), ([0xC3], nil), ([0x01], nil),
        ]
        for length in 0...34 {
            for position in 0...length {
                for (bytes, decoded) in odd {
                    let prefix = [UInt8](repeating: UInt8(ascii: "a"), count: position)
                    let suffix = [UInt8](repeating: UInt8(ascii: "b"), count: length - position)
                    let content = prefix + bytes + suffix
                    let expected = decoded.map { String(repeating: "a", count: position) + $0 + String(repeating: "b", count: length - position) }
                    for padding in [0, 7, 15] {
                        let tail = [UInt8](repeating: UInt8(ascii: " "), count: padding)
                        let mapped = Data(#"{"name":""#.utf8 + content + #""}"#.utf8 + tail)
                        let skipped = Data(#"{"other":""#.utf8 + content + #"","name":"x"}"#.utf8 + tail)
                        let key = Data(#"{""#.utf8 + content + #"":1,"name":"x"}"#.utf8 + tail)
                        if let expected {
                            #expect(try mapper.map(Texts.self, from: mapped).name == expected)
                            #expect(try mapper.map(Texts.self, from: skipped).name == "x")
                            #expect(try mapper.map(Texts.self, from: key).name == "x")
                        } else {
                            for data in [mapped, skipped, key] {
                                let error = mappingError { _ = try mapper.map(Texts.self, from: data) }
                                guard case .malformedJSON? = error?.kind else {
                                    Issue.record("\(Array(data)) was not refused as malformed: \(String(describing: error))")
                                    continue
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("Malformed JSON inside a mapped value carries both the JSON path and the byte offset")
    func malformedInsideModel() throws {
        let error = mappingError {
            _ = try JSONMapper(keyTranslator: .snakeCase).map(Timeline.self, from: json(#"{"statuses": [{"user": {"followers_count": 1.}}]}"#))
        }
        #expect(error?.path == "statuses[0].user.followers_count")
        #expect(error?.byteOffset == 45)
        #expect(error?.description == "The data is not valid JSON: Expected a digit after the decimal point at byte 45.")
        let structural = mappingError {
            _ = try JSONMapper(keyTranslator: .snakeCase).map(Timeline.self, from: json(#"{"statuses": [{"user": {"followers_count": 1 "x": 2}}]}"#))
        }
        #expect(structural?.path == "statuses[0].user")
        #expect(structural?.byteOffset == 45)
    }

    @Test("Nesting of any depth under an unmapped key throws instead of exhausting the stack")
    func deepSkippedNesting() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = mappingError { _ = try mapper.map(TakesOnlyID.self, from: json(#"{"ignored": \#(deep), "id": 1}"#)) }
        #expect(error?.kind == .nestingTooDeep(limit: 256))
        let shallow = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(try mapper.map(TakesOnlyID.self, from: json(#"{"ignored": \#(shallow), "id": 7}"#)).id == 7)
    }

    @Test("A key written with escapes matches its property")
    func escapedKeys() throws {
        #expect(try mapper.map(Texts.self, from: json(#"{"na\u006de": "x"}"#)).name == "x")
    }

    @Test("When a key appears twice only the last value counts, as with JSONSerialization, even a null or a bad one")
    func duplicateKeys() throws {
        #expect(try mapper.map(Texts.self, from: json(#"{"name": "first", "name": "second"}"#)).name == "second")
        #expect(try mapper.map(Texts.self, from: json(#"{"name": "first", "name": null}"#)).name == "")
        #expect(try mapper.map(Numbers.self, from: json(#"{"small": 1, "small": [2]}"#)).small == 0)
        #expect(try JSONMapper(mode: .strict).map(Texts.self, from: json(#"{"name": 5, "name": "x"}"#)).name == "x")
        let table = try mapper.map(Table.self, from: json(#"{"counts": {"a": 1, "b": 2, "a": "x"}}"#))
        #expect(table.counts == ["b": 2])
        let (_, report) = try mapper.mapWithReport(Texts.self, from: json(#"{"extra": 1, "name": "a", "extra": 2}"#))
        #expect(report.unmappedKeys == ["extra"])
        // The value under the earlier copy is still validated, unlike JSONSerialization (found by fuzzing).
        let hidden = json(#"{"real": 1e999, "real": 1}"#)
        #expect((try? JSONSerialization.jsonObject(with: hidden)) != nil)
        #expect(mappingError { _ = try mapper.map(Numbers.self, from: hidden) }?.byteOffset == 9)
    }

    @Test("@JSONKey alternates keep their priority whatever order the keys arrive in")
    func alternatePriority() throws {
        #expect(try mapper.map(Aliased.self, from: json(#"{"label": "c", "name": "a", "title": "b"}"#)).name == "a")
        #expect(try mapper.map(Aliased.self, from: json(#"{"label": "c", "title": "b"}"#)).name == "b")
        #expect(try mapper.map(Aliased.self, from: json(#"{"title": "b", "label": "c"}"#)).name == "b")
        // The preferred key decides even when its value is null, as on the dictionary route.
        #expect(try mapper.map(Aliased.self, from: json(#"{"title": "b", "name": null}"#)).name == "")
    }

    @Test("With several problems, the error is the dictionary route's: malformed JSON first, then declaration order")
    func severalProblems() throws {
        let strict = JSONMapper(mode: .strict)
        let mismatch = mappingError { _ = try strict.map(Numbers.self, from: json(#"{"big": "x"}"#)) }
        #expect(mismatch?.kind == .missingKey(expected: "Int64"))
        #expect(mismatch?.path == "small")
        let malformed = mappingError { _ = try strict.map(Numbers.self, from: json(#"{"small": "x", "big": 1, "real": 1.}"#)) }
        guard case .malformedJSON? = malformed?.kind else {
            Issue.record("expected malformedJSON, got \(String(describing: malformed))")
            return
        }
        #expect(malformed?.byteOffset == 35)
    }

    @Test("A key path follows the last of a repeated key")
    func keyPathRepeatedKey() throws {
        let envelope = #"{"data": {"name": "old"}, "data": {"name": "new"}}"#
        #expect(try mapper.map(Texts.self, from: json(envelope), at: "data").name == "new")
        #expect(try JSONValue(parsing: json(envelope))["data"]?["name"] == .string("new"))
    }

    @Test("A number with a million-digit fraction and a seven-digit exponent is still read exactly")
    func hugeExponent() throws {
        let zeros = String(repeating: "0", count: 999_999)
        let ten = try mapper.map(Numbers.self, from: json(#"{"real": 0.\#(zeros)1e1000001}"#))
        #expect(ten.real == 10)
        let error = mappingError { _ = try mapper.map(Numbers.self, from: json(#"{"real": 0.\#(zeros)1e2000000}"#)) }
        guard case .malformedJSON? = error?.kind else {
            Issue.record("expected malformedJSON, got \(String(describing: error))")
            return
        }
    }

    @Test("Integers beyond 64 bits reach Double properties as the nearest Double, and never as NaN")
    func hugeIntegersIntoDoubles() throws {
        let digits = String(repeating: "9", count: 200)
        #expect(try mapper.map(Numbers.self, from: json(#"{"real": \#(digits)}"#)).real == Double(digits))
        #expect(try mapper.map(Numbers.self, from: json(#"{"real": 123456789012345678901234567890}"#)).real == 123456789012345678901234567890.0)
        let error = mappingError {
            _ = try JSONMapper(mode: .strict).map(Numbers.self, from: json(#"{"small": 0, "big": \#(digits), "real": 0, "exact": 0}"#))
        }
        guard case .numberOutOfRange? = error?.kind else {
            Issue.record("expected numberOutOfRange, got \(String(describing: error))")
            return
        }
    }

    @Test("An integer beyond Double's range is rejected, as JSONSerialization rejects it (found by fuzzing)")
    func integerBeyondDouble() throws {
        let tooBig = "[131, " + String(repeating: "6", count: 320) + "]"
        #expect((try? JSONSerialization.jsonObject(with: json(tooBig))) == nil)
        let error = mappingError { _ = try JSONValue(parsing: json(tooBig)) }
        #expect(error?.byteOffset == 6)
        #expect(error?.description.contains("(320 characters) is too large for a Double") == true)
        let model = #"{"real": \#(String(repeating: "6", count: 320))}"#
        #expect(mappingError { _ = try mapper.map(Numbers.self, from: json(model)) }?.byteOffset == 9)
    }

    @Test("A key path maps the value there and still validates the rest of the input")
    func keyPathValidatesTheRest() throws {
        let envelope = #"{"data": {"items": [{"name": "a"}, {"name": "b"}]}, "meta": 1}"#
        #expect(try mapper.map(Texts.self, from: json(envelope), at: "data.items.1").name == "b")
        let broken = #"{"data": {"items": [{"name": "a"}, {"name": "b"}]}, "meta": 1"#
        let error = mappingError { _ = try mapper.map(Texts.self, from: json(broken), at: "data.items.1") }
        guard case .malformedJSON? = error?.kind else {
            Issue.record("expected malformedJSON, got \(String(describing: error))")
            return
        }
        let missing = mappingError { _ = try mapper.map(Texts.self, from: json(envelope), at: "data.items.5") }
        #expect(missing?.kind == .keyPathNotFound("data.items.5"))
        #expect(missing?.path == "data.items")
    }

    @Test("JSONValue parses the six kinds and matches JSONSerialization's objects")
    func jsonValueParsing() throws {
        let text = #"{"a": [1, -2.5, "x", true, false, null, {"b": 18446744073709551615}], "c": 123456789012345678901234567890}"#
        let value = try JSONValue(parsing: json(text))
        #expect(value["a"]?[0] == .number(.integer(1)))
        #expect(value["a"]?[1] == .number(.double(-2.5)))
        #expect(value["a"]?[2] == .string("x"))
        #expect(value["a"]?[3] == .bool(true))
        #expect(value["a"]?[5] == .null)
        #expect(value["a"]?[6]?["b"] == .number(.unsigned(.max)))
        #expect(value["c"] == .number(.large("123456789012345678901234567890")))
        let reference = try JSONSerialization.jsonObject(with: json(text))
        #expect(JSONValue(jsonObject: reference) == value)
        #expect((value.jsonObject as? NSDictionary)?.isEqual(reference) == true)
    }

    @Test("A JSONValue property holds free-form JSON and writes it back")
    func jsonValueProperty() throws {
        let data = json(#"{"id": 1, "extra": {"list": [1, "two", null]}, "optionalExtra": null}"#)
        let model = try mapper.map(FreeForm.self, from: data)
        #expect(model.extra["list"]?[1] == .string("two"))
        #expect(model.optionalExtra == nil)
        let dictionaryRoute = try mapper.map(FreeForm.self, fromJSONObject: try JSONSerialization.jsonObject(with: data))
        #expect(dictionaryRoute.extra == model.extra)
        let written = try JSONValue(parsing: mapper.data(from: model))
        #expect(written == .object(["id": .number(.integer(1)), "extra": model.extra]))
    }

    @Test("A JSONValue integer far beyond 64 bits writes back digit for digit (found by fuzzing)")
    func hugeIntegerRoundTrip() throws {
        let digits = "-" + String(repeating: "2374623746732768942798", count: 9)
        let model = try mapper.map(FreeForm.self, from: json(#"{"extra": [\#(digits)]}"#))
        #expect(model.extra == .array([.number(.large(digits))]))
        let written = try mapper.data(from: model)
        #expect(try JSONValue(parsing: written)["extra"] == model.extra)
        #expect(String(decoding: written, as: UTF8.self).contains(digits))
    }

    @Test("Input must be UTF-8: a byte order mark is skipped, UTF-16 is rejected")
    func encodings() throws {
        let withMark = Data([0xEF, 0xBB, 0xBF]) + json(#"{"name": "x"}"#)
        #expect(try mapper.map(Texts.self, from: withMark).name == "x")
        let utf16 = #"{"name": "x"}"#.data(using: .utf16LittleEndian) ?? Data()
        #expect(mappingError { _ = try mapper.map(Texts.self, from: utf16) } != nil)
    }
}
