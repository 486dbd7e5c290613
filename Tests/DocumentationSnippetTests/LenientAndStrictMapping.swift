// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

/// The Lenient and Strict Mapping, and Reports article.
@Suite("Lenient and Strict Mapping article")
struct LenientAndStrictMappingSnippets {
    @Test("Lenient mode converts and keeps defaults, strict mode throws, and the report lists what happened")
    func modesAndReport() throws {
        struct Order: Mappable {
            var id = 0
            var quantity = 1
            var note: String?
            var tags: [Int] = []
        }

        let payload = Data(#"{"id": "42", "quantity": null, "tags": [1, "x", 3], "extra": true}"#.utf8)

        let lenient = try JSONMapper().map(Order.self, from: payload)
        // id 42 (from the string), quantity 1 (the default), tags [1, 3]

        do {
            _ = try JSONMapper(mode: .strict).map(Order.self, from: payload)
        } catch let error as MappingError {
            print(error)   // Expected Int at "id" but found a string "42".
        }
        #expect(lenient.id == 42 && lenient.quantity == 1 && lenient.tags == [1, 3])
        let strictError = #expect(throws: MappingError.self) { try JSONMapper(mode: .strict).map(Order.self, from: payload) }
        #expect(strictError?.path == "id")
        #expect(strictError?.description == #"Expected Int at "id" but found a string "42"."#)

        let (order, report) = try JSONMapper().mapWithReport(Order.self, from: payload)
        print(report.unmappedKeys)         // ["extra"]
        print(report.unfilledProperties)   // ["note"]
        print(report.coercions)            // [id: …]
        print(report.skipped)              // [quantity: …, tags[1]: …]
        if !report.isClean { print("order \(order.id) did not match its model exactly") }
        #expect(report.unmappedKeys == ["extra"])
        #expect(report.unfilledProperties == ["note"])
        #expect(report.coercions.map(\.path) == ["id"])
        #expect(report.skipped.map(\.path) == ["quantity", "tags[1]"])
    }
}
