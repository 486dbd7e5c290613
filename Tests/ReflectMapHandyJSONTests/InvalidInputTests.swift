import Foundation
import ReflectMapHandyJSON
import Testing

extension HandyJSONCompat {
    @Suite("Invalid input gives nil, never a crash")
    struct InvalidInput {
        @Test(
            "nil, malformed JSON and a top level that is not an object give nil",
            arguments: [
                nil, "", "{", "[1, 2]", "\"text\"", "42", "{\"name\": }", "{\"name\": \"a\"} trailing",
                "\u{FEFF}{\"a\": 01}",
            ] as [String?])
        func notAModel(_ json: String?) {
            HandyJSONConfiguration.debugMode = .none
            defer { HandyJSONConfiguration.debugMode = .error }
            #expect(Animal.deserialize(from: json) == nil)
        }

        @Test("An array call gives nil for input that holds no array")
        func notAnArray() {
            HandyJSONConfiguration.debugMode = .none
            defer { HandyJSONConfiguration.debugMode = .error }
            #expect([Animal].deserialize(from: #"{"a": 1}"#) == nil)
            #expect([Animal].deserialize(from: "[") == nil)
            #expect([Animal].deserialize(from: nil as String?) == nil)
            #expect([Animal].deserialize(from: nil as [Any]?) == nil)
            #expect(Animal.deserialize(from: nil as [String: Any]?) == nil)
            #expect(Animal.deserialize(from: nil as NSDictionary?) == nil)
        }

        @Test("Values of the wrong type leave their properties as they were")
        func wrongTypes() throws {
            let animal = try #require(
                Animal.deserialize(from: #"{"name": [1], "legs": "many", "weight": {}, "friends": "x", "tags": 3}"#))
            #expect(
                animal.name == nil && animal.legs == 4 && animal.weight == 0 && animal.friends == nil
                    && animal.tags == [:])
        }

        @Test("Numbers that do not fit are refused, not truncated")
        func outOfRange() throws {
            let model = try #require(Scalars.deserialize(from: #"{"int8": 300, "int": 1.5, "uint64": -1}"#))
            #expect(model.int8 == 0 && model.int == 0 && model.uint64 == 0)
        }

        @Test("Nesting deeper than the limit gives nil")
        func deepNesting() {
            HandyJSONConfiguration.debugMode = .none
            defer { HandyJSONConfiguration.debugMode = .error }
            let deep = String(repeating: #"{"primary":"#, count: 600) + "{}" + String(repeating: "}", count: 600)
            #expect(Owner.deserialize(from: deep) == nil)
        }
    }
}
