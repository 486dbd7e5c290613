import Foundation
import ReflectMap
import ReflectMapHandyJSON
import Testing

// Every public name and signature of HandyJSON 5 that the module keeps, spelled as HandyJSON's users
// spell them. If one changes, this file stops compiling.

final class FixedNamesModel: HandyJSON {
    var a = 0
    var b: String?
    var c: Date?
    var d = Date(timeIntervalSince1970: 0)
    var e: [String] = []
    var f = ""
    var g = 0
    var h = 0
    required init() {}

    func willStartMapping() {}
    func mapping(mapper: HelpingMapper) {
        mapper <<< self.a <-- "a_key"
        mapper <<< self.b <-- ["b1", "b2"]
        mapper <<< self.f <-- "nested.path.f"
        mapper <<< self.c <-- DateTransform()
        mapper <<< self.d <-- ("d_key", DateTransform())
        mapper <<< self.c <-- (nil as String?, DateTransform() as DateTransform?)
        mapper <<< self.d <-- (["d1", "d2"], DateTransform() as DateTransform?)
        mapper <<< [self.g <-- "g"]
        mapper >>> self.h
        mapper.specify(property: &e, name: "e_key")
        mapper.specify(property: &e) { [$0] }
        mapper.specify(property: &e, name: nil, converter: nil)
        mapper.exclude(property: &h)
        let tuple: CustomMappingKeyValueTuple = (0, MappingPropertyHandler(rawPaths: nil, assignmentClosure: nil, takeValueClosure: nil))
        _ = tuple
    }
    func didFinishMapping() {}
}

enum FixedNamesEnum: Int, HandyJSONEnum {
    case one = 1
}

struct FixedNamesCustom: HandyJSONCustomTransformable {
    static func _transform(from object: Any) -> FixedNamesCustom? { FixedNamesCustom() }
    func _plainValue() -> Any? { 1 }
}

final class FixedNamesTransform: TransformType {
    typealias Object = Int
    typealias JSON = String
    func transformFromJSON(_ value: Any?) -> Int? { nil }
    func transformToJSON(_ value: Int?) -> String? { nil }
}

extension HandyJSONCompat {
    @Suite("Fixed names")
    struct FixedNames {
        @Test("Every fixed name of the HandyJSON API compiles with its signature, and the core's rules hook too")
        func everyName() throws {
            let json: String? = #"{"a_key": 1}"#
            let dict: [String: Any]? = ["a_key": 2]
            let nsDict: NSDictionary? = NSDictionary(dictionary: ["a_key": 3])
            let one: FixedNamesModel? = FixedNamesModel.deserialize(from: json)
            let two: FixedNamesModel? = FixedNamesModel.deserialize(from: json, designatedPath: nil)
            let three: FixedNamesModel? = FixedNamesModel.deserialize(from: dict, designatedPath: nil)
            let four: FixedNamesModel? = FixedNamesModel.deserialize(from: nsDict)
            #expect([one?.a, two?.a, three?.a, four?.a] == [1, 1, 2, 3])

            let arrayFromJSON: [FixedNamesModel?]? = [FixedNamesModel].deserialize(from: "[{}]", designatedPath: nil)
            let arrayFromAny: [FixedNamesModel?]? = [FixedNamesModel].deserialize(from: [[:]] as [Any]?)
            let arrayFromNS: [FixedNamesModel?]? = [FixedNamesModel].deserialize(from: NSArray(array: [[:] as [String: Any]]) as NSArray?)
            #expect(arrayFromJSON?.count == 1 && arrayFromAny?.count == 1 && arrayFromNS?.count == 1)

            let viaJSON: FixedNamesModel? = JSONDeserializer<FixedNamesModel>.deserializeFrom(json: json, designatedPath: nil)
            let viaDict: FixedNamesModel? = JSONDeserializer<FixedNamesModel>.deserializeFrom(dict: dict, designatedPath: nil)
            let viaNS: FixedNamesModel? = JSONDeserializer<FixedNamesModel>.deserializeFrom(dict: nsDict, designatedPath: nil)
            let models: [FixedNamesModel?]? = JSONDeserializer<FixedNamesModel>.deserializeModelArrayFrom(json: "[]", designatedPath: nil)
            let fromArray: [FixedNamesModel?]? = JSONDeserializer<FixedNamesModel>.deserializeModelArrayFrom(array: [] as [Any]?)
            let fromNSArray: [FixedNamesModel?]? = JSONDeserializer<FixedNamesModel>.deserializeModelArrayFrom(array: NSArray() as NSArray?)
            var target = FixedNamesModel()
            JSONDeserializer<FixedNamesModel>.update(object: &target, from: json, designatedPath: nil)
            JSONDeserializer<FixedNamesModel>.update(object: &target, from: dict, designatedPath: nil)
            #expect(viaJSON != nil && viaDict != nil && viaNS != nil && models?.isEmpty == true)
            #expect(fromArray?.isEmpty == true && fromNSArray?.isEmpty == true && target.a == 2)

            let object: [String: Any]? = target.toJSON()
            let text: String? = target.toJSONString(prettyPrint: false)
            let list: [[String: Any]?] = [target].toJSON()
            let listText: String? = [target].toJSONString(prettyPrint: true)
            #expect(object != nil && text != nil && list.count == 1 && listText != nil)

            let transforms: [any TransformType] = [
                DateTransform(), ISO8601DateTransform(), DateFormatterTransform(dateFormatter: DateFormatter()),
                CustomDateFormatTransform(formatString: "yyyy"), DataTransform(), EnumTransform<FixedNamesEnum>(),
                URLTransform(), URLTransform(shouldEncodeURLString: false), NSDecimalNumberTransform(),
                TransformOf<Int, String>(fromJSON: { _ in nil }, toJSON: { _ in nil }), FixedNamesTransform(),
            ]
            #expect(transforms.count == 11)
            #expect(FixedNamesEnum._transform(from: 1) == .one)
            #expect(FixedNamesCustom._transform(from: 0)?._plainValue() as? Int == 1)

            let options: DeserializeOptions = [.caseInsensitive, .defaultOptions]
            let modes: [DebugMode] = [.verbose, .debug, .error, .none]
            let current: (DebugMode, DeserializeOptions) = (HandyJSONConfiguration.debugMode, HandyJSONConfiguration.deserializeOptions)
            #expect(options.contains(.caseInsensitive) && modes.count == 4 && current.1 == .defaultOptions)

            // The core's hook that the module is built on.
            func rulesHook(_ rules: inout JSONFieldRules) throws {
                let property: JSONFieldRules.Property? = rules.properties.first
                let _: Any.Type = rules.modelType
                let _: KeyTranslator = rules.keyTranslator
                if let property {
                    rules.setKeys([["a"], ["b", "c"]], for: property)
                    rules.exclude(property)
                    let _: (String, Int, Any.Type) = (property.name, property.offset, property.type)
                }
                rules.setFallback { _ in nil }
                rules.skipsNull = true
                rules.takesTypedValues = true
            }
            _ = rulesHook
        }
    }
}
