import Foundation
import ReflectMap
import ReflectMapHandyJSON
import Testing

final class Scalars: HandyJSON {
    var int = 0
    var int8: Int8 = 0
    var uint64: UInt64 = 0
    var double = 0.0
    var float: Float = 0
    var bool = false
    var string = ""
    var optionalString: String?
    var implicitlyUnwrapped: String!
    var decimal = Decimal(0)
    var array: [Int] = []
    var dictionary: [String: Double] = [:]
    var anything: Any = "default"
    var nsString: NSString = ""
    var nsNumber: NSNumber = 0
    let constant = "fixed"
    required init() {}
}

struct ScalarStruct: HandyJSON {
    var int = 0
    var bool = false
    var string: String?
    var values: [Double] = []
    let constant = 7
}

class Vehicle: HandyJSON {
    var wheels = 0
    required init() {}
}

final class Truck: Vehicle {
    var load = 0.0
}

extension HandyJSONCompat {
    @Suite("Basic types in classes and structs, both directions")
    struct BasicTypes {
        @Test("Every scalar, collection and Foundation type maps from JSON into a class")
        func classFromJSON() throws {
            let json = """
                {"int": 1, "int8": -8, "uint64": 18446744073709551615, "double": 2.5, "float": 1.5, "bool": true,
                 "string": "s", "optionalString": "o", "implicitlyUnwrapped": "iu", "decimal": 0.1,
                 "array": [1, 2], "dictionary": {"a": 1.5}, "anything": {"x": [1]}, "nsString": "ns", "nsNumber": 42}
                """
            let model = try #require(Scalars.deserialize(from: json))
            #expect(model.int == 1 && model.int8 == -8 && model.uint64 == .max)
            #expect(model.double == 2.5 && model.float == 1.5 && model.bool)
            #expect(model.string == "s" && model.optionalString == "o" && model.implicitlyUnwrapped == "iu")
            #expect(model.decimal == Decimal(string: "0.1"))
            #expect(model.array == [1, 2] && model.dictionary == ["a": 1.5])
            #expect((model.anything as? [String: Any])?["x"] as? [Int] == [1])
            #expect(model.nsString == "ns" && model.nsNumber == 42)
        }

        @Test("Numbers, strings and Bools convert into each other where nothing is lost")
        func lenientConversions() throws {
            let model = try #require(
                Scalars.deserialize(from: #"{"int": "12", "double": "2.5", "bool": "true", "string": 99}"#))
            #expect(model.int == 12)
            #expect(model.double == 2.5)
            #expect(model.bool)
            #expect(model.string == "99")
        }

        @Test("A struct maps from JSON and back, a let property is written but never filled")
        func structBothWays() throws {
            let model = try #require(
                ScalarStruct.deserialize(
                    from: #"{"int": 3, "bool": true, "string": "x", "values": [1.5], "constant": 99}"#))
            #expect(model.int == 3 && model.bool && model.string == "x" && model.values == [1.5])
            #expect(model.constant == 7)
            let written = try #require(model.toJSON())
            #expect(written["int"] as? Int == 3)
            #expect(written["constant"] as? Int == 7)
            #expect(
                tree(model.toJSONString())
                    == tree(#"{"int": 3, "bool": true, "string": "x", "values": [1.5], "constant": 7}"#))
        }

        @Test("A class writes every property, leaves out nil optionals, and reads its own output back")
        func classRoundTrip() throws {
            let model = Scalars()
            model.int = 5
            model.array = [3]
            model.implicitlyUnwrapped = "here"
            let json = try #require(model.toJSONString())
            let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            #expect(object["optionalString"] == nil)
            #expect(object["implicitlyUnwrapped"] as? String == "here")
            #expect(object["constant"] as? String == "fixed")
            let back = try #require(Scalars.deserialize(from: json))
            #expect(back.int == 5 && back.array == [3] && back.implicitlyUnwrapped == "here")
        }

        @Test("Pretty printing breaks lines, and both forms hold the same JSON")
        func prettyPrint() throws {
            let model = ScalarStruct()
            let pretty = try #require(model.toJSONString(prettyPrint: true))
            #expect(pretty.contains("\n"))
            #expect(tree(pretty) == tree(model.toJSONString()))
            // The default, as HandyJSON's, is one line.
            #expect(model.toJSONString()?.contains("\n") == false)
            #expect(model.toJSONString() == model.toJSONString(prettyPrint: false))
            // An array of models, the same way.
            let models = [model, model]
            let prettyList = try #require(models.toJSONString(prettyPrint: true))
            #expect(prettyList.contains("\n"))
            #expect(tree(prettyList) == tree(models.toJSONString()))
            #expect(models.toJSONString()?.contains("\n") == false)
            #expect(models.toJSONString() == models.toJSONString(prettyPrint: false))
        }

        @Test("A subclass maps its superclass's properties too, both directions")
        func superclassProperties() throws {
            let truck = try #require(Truck.deserialize(from: #"{"wheels": 6, "load": 2.5}"#))
            #expect(truck.wheels == 6 && truck.load == 2.5)
            #expect(tree(truck.toJSONString()) == tree(#"{"wheels": 6, "load": 2.5}"#))
        }

        @Test("null leaves every property as it was, optional or not")
        func nullKeepsValues() throws {
            let model = try #require(
                Scalars.deserialize(from: #"{"int": null, "anything": null, "optionalString": null, "string": null}"#))
            #expect(model.int == 0)
            #expect(model.anything as? String == "default")
            #expect(model.optionalString == nil)
            #expect(model.string == "")
        }

        @Test("Collections of models write as arrays, element by element")
        func collectionsToJSON() throws {
            let animals = [Animal(), Animal()]
            animals[0].name = "a"
            #expect(animals.toJSON().count == 2)
            #expect(animals.toJSON()[0]?["name"] as? String == "a")
            let text = try #require(animals.toJSONString())
            #expect(
                tree(text)
                    == tree(
                        #"[{"name": "a", "weight": 0.0, "legs": 4, "tags": {}, "vaccinated": false}, {"weight": 0.0, "legs": 4, "tags": {}, "vaccinated": false}]"#
                    ), "\(text)")
        }

        @Test("A HandyJSON model is a ReflectMap model too: JSONMapper maps it with its custom mapping")
        func nativeMapperTakesIt() throws {
            let cat = try JSONMapper().map(Cat.self, from: Data(#"{"cat_id": "c1", "name": "Tom"}"#.utf8))
            #expect(cat.id == "c1" && cat.name == "Tom")
        }
    }
}
