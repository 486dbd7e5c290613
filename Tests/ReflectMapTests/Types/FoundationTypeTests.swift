import Foundation
import ReflectMap
import Testing

// Foundation's reference types as property types, as models written for Objective-C interop declare
// them: read on both routes (bytes, and JSONSerialization's own output), in both modes, and written
// back as their Swift counterparts are.

final class LegacyItem: Mappable {
    var score: NSNumber?
    var id: NSNumber = 0
    var flag: NSNumber?
    var price: NSDecimalNumber?
    var title: NSString?
    var name: NSString = ""
    var items: NSArray?
    var meta: NSDictionary?
    var created: NSDate?
    var link: NSURL?
    required init() {}
}

@Suite("Foundation reference types")
struct FoundationTypeTests {
    let input = json(
        #"""
        {"score": 4.5, "id": 505874924095815681, "flag": true, "price": 12345678901234567890.123456789,
         "title": "Hi", "name": "Ada", "items": [1, "two", null, {"k": [true]}], "meta": {"count": 2, "tags": ["a"]},
         "created": 1700000000, "link": "https://example.com/a?b=1"}
        """#)

    @Test("Every Foundation type reads from bytes and from JSONSerialization's output alike")
    func readsOnBothRoutes() throws {
        let mapper = JSONMapper(mode: .strict, dateStrategy: .secondsSince1970)
        let fromBytes = try mapper.map(LegacyItem.self, from: input)
        let fromTree = try mapper.map(LegacyItem.self, fromJSONObject: try jsonObject(input))
        for item in [fromBytes, fromTree] {
            #expect(item.score?.doubleValue == 4.5)
            #expect(item.id.int64Value == 505_874_924_095_815_681)
            #expect(item.title == "Hi")
            #expect(item.name == "Ada")
            #expect(item.items?.count == 4)
            #expect((item.meta?["count"] as? NSNumber)?.intValue == 2)
            #expect(item.created?.timeIntervalSince1970 == 1_700_000_000)
            #expect(item.link?.absoluteString == "https://example.com/a?b=1")
            #expect(item.price?.decimalValue == Decimal(string: "12345678901234567890.123456789"))
        }
        let routes = bothRoutes(LegacyItem.self, input, mapper)
        #expect(routes.bytes == routes.dictionary)
        #expect(try mapper.data(from: fromBytes) == mapper.data(from: fromTree))
    }

    @Test("NSNumber keeps a 64-bit id exact and a boolean a boolean, when read and when written")
    func numbersKeepExactness() throws {
        let mapper = JSONMapper(dateStrategy: .secondsSince1970)
        let item = try mapper.map(LegacyItem.self, from: input)
        #expect(item.id.int64Value == 505_874_924_095_815_681)
        #expect(item.flag?.boolValue == true)
        let written = String(decoding: try mapper.data(from: item), as: UTF8.self)
        #expect(written.contains(#""id":505874924095815681"#))
        #expect(written.contains(#""flag":true"#))
        #expect(written.contains(#""score":4.5"#))
        #expect(written.contains(#""price":12345678901234567890.123456789"#))
        let big = try mapper.map(LegacyItem.self, from: json(#"{"id": 18446744073709551615}"#))
        #expect(big.id.uint64Value == UInt64.max)
        #expect(String(decoding: try mapper.data(from: big), as: UTF8.self).contains(#""id":18446744073709551615"#))
    }

    @Test("Each Foundation type is written back as its Swift counterpart is, and reads back the same")
    func roundTripsThroughData() throws {
        let mapper = JSONMapper(dateStrategy: .secondsSince1970)
        let item = try mapper.map(LegacyItem.self, from: input)
        let written = try mapper.data(from: item)
        #expect(
            String(decoding: written, as: UTF8.self) == #"{"created":1700000000,"flag":true,"id":505874924095815681,"#
                + #""items":[1,"two",null,{"k":[true]}],"link":"https://example.com/a?b=1","meta":{"count":2,"tags":["a"]},"#
                + #""name":"Ada","price":12345678901234567890.123456789,"score":4.5,"title":"Hi"}"#)
        let again = try mapper.map(LegacyItem.self, from: written)
        #expect(try mapper.data(from: again) == written)
        let tree = try mapper.jsonObject(from: item)
        #expect(try mapper.data(from: try mapper.map(LegacyItem.self, fromJSONObject: tree)) == written)
    }

    @Test("Lenient mode coerces into Foundation types as into their Swift counterparts, and reports it")
    func lenientCoercionsAreReported() throws {
        let input = json(#"{"id": "42", "score": "2.5", "name": 7, "flag": "nope"}"#)
        let (item, report) = try JSONMapper().mapWithReport(LegacyItem.self, from: input)
        #expect(item.id.intValue == 42)
        #expect(item.score?.doubleValue == 2.5)
        #expect(item.name == "7")
        #expect(item.flag == nil)
        #expect(report.coercions.map(\.path) == ["id", "name", "score"])
        #expect(report.skipped.map(\.path) == ["flag"])
        let routes = bothRoutes(LegacyItem.self, input, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("Strict mode refuses a wrong type for a Foundation type with its JSON path")
    func strictModeRefusesWrongTypes() throws {
        let cases: [(String, String)] = [
            (#"{"id": "42", "name": ""}"#, "id"),
            (#"{"id": 1, "name": 5}"#, "name"),
            (#"{"id": 1, "name": "", "items": {}}"#, "items"),
            (#"{"id": 1, "name": "", "meta": []}"#, "meta"),
            (#"{"id": 1, "name": "", "link": 3}"#, "link"),
        ]
        for (text, path) in cases {
            let routes = bothRoutes(LegacyItem.self, json(text), JSONMapper(mode: .strict))
            guard case .failed(_, let failedPath) = routes.bytes else {
                Issue.record("\(text) mapped in strict mode")
                continue
            }
            #expect(failedPath == path)
            #expect(routes.bytes == routes.dictionary)
        }
    }

    @Test("A missing non-optional Foundation property keeps its default in lenient mode and is an error in strict")
    func missingKeysFollowTheModes() throws {
        let (item, report) = try JSONMapper().mapWithReport(LegacyItem.self, from: json(#"{"name": "x"}"#))
        #expect(item.id == 0)
        #expect(report.unfilledProperties.contains("id"))
        let error = mappingError {
            _ = try JSONMapper(mode: .strict).map(LegacyItem.self, from: json(#"{"name": "x"}"#))
        }
        #expect(error?.kind == .missingKey(expected: "NSNumber"))
        #expect(error?.path == "id")
    }
}
