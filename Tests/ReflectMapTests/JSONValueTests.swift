import Foundation
import ReflectMap
import Testing

// JSONValue: free-form JSON, parsed, held in a property and written back without losing a digit.

struct FreeForm: Mappable {
    var id = 0
    var extra: JSONValue = .null
    var optionalExtra: JSONValue?
}

@Suite("JSONValue holds any JSON and writes it back exactly")
struct JSONValueTests {
    let mapper = JSONMapper()

    @Test("JSONValue parses the six kinds and matches JSONSerialization's objects")
    func jsonValueParsing() throws {
        let text =
            #"{"a": [1, -2.5, "x", true, false, null, {"b": 18446744073709551615}], "c": 123456789012345678901234567890}"#
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
        let dictionaryRoute = try mapper.map(
            FreeForm.self, fromJSONObject: try JSONSerialization.jsonObject(with: data))
        #expect(dictionaryRoute.extra == model.extra)
        let written = try JSONValue(parsing: mapper.data(from: model))
        #expect(written == .object(["id": .number(.integer(1)), "extra": model.extra]))
    }

    @Test("A number of 16 or 17 digits is a double when the double says it exactly, and keeps its text when not")
    func sixteenAndSeventeenDigits() throws {
        // Each double's shortest text has an exponent where the JSON has none: they still name one number.
        let exact = "0.00001234567890123456"
        #expect(try JSONValue(parsing: json(exact)) == .number(.double(0.00001234567890123456)))
        let exactWithExponent = "1234567890123456e-20"
        #expect(try JSONValue(parsing: json(exactWithExponent)) == .number(.double(0.00001234567890123456)))
        // The nearest double to these reads 1.2345678901234564e-05 and 9007199254740992: the text is kept.
        for inexact in ["0.000012345678901234565", "9007199254740993.0"] {
            #expect(try JSONValue(parsing: json(inexact)) == .number(.large(inexact)))
        }
        // Up to fifteen digits are never compared: one too small for a Double is zero, as `1e-400` is.
        #expect(try JSONValue(parsing: json("1.00000000000001e-400")) == .number(.double(0)))
        // Sixteen digits that underflow to zero are not zero's digits: the text is kept, whether or not
        // an Int holds the exponent.
        for text in ["1.000000000000001e-9999", "1.000000000000001e-99999999999999999999"] {
            let value = try JSONValue(parsing: json(text))
            #expect(value == .number(.large(text)), "\(text)")
        }
    }

    @Test("A JSONValue integer far beyond 64 bits writes back digit for digit")
    func hugeIntegerRoundTrip() throws {
        let digits = "-" + String(repeating: "2374623746732768942798", count: 9)
        let model = try mapper.map(FreeForm.self, from: json(#"{"extra": [\#(digits)]}"#))
        #expect(model.extra == .array([.number(.large(digits))]))
        let written = try mapper.data(from: model)
        #expect(try JSONValue(parsing: written)["extra"] == model.extra)
        #expect(String(decoding: written, as: UTF8.self).contains(digits))
    }
}
