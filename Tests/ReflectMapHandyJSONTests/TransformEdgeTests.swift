import Foundation
import ReflectMapHandyJSON
import Testing

// The built-in transforms on values at their edges: what they give back for input they cannot use.

@Suite("Transforms on edge values")
struct TransformEdgeTests {
    @Test("NSDecimalNumberTransform gives nil for text that is not a number, never NaN")
    func decimalTransformRejectsText() {
        let transform = NSDecimalNumberTransform()
        #expect(transform.transformFromJSON("abc") == nil)
        #expect(transform.transformFromJSON("") == nil)
        #expect(transform.transformFromJSON("12.50") == NSDecimalNumber(string: "12.5"))
        #expect(transform.transformFromJSON(7) == NSDecimalNumber(value: 7))
    }
}
