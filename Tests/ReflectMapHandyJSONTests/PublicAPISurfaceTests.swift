import Foundation
import ReflectMap
import ReflectMapHandyJSON
import Testing

// Every public name and signature of HandyJSON 5 that the module keeps, spelled as HandyJSON's users
// spell them. If one changes, this file stops compiling. The calls also run, and their results are checked.

final class SurfaceModel: HandyJSON {
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
        let tuple: CustomMappingKeyValueTuple = (
            0, MappingPropertyHandler(rawPaths: nil, assignmentClosure: nil, takeValueClosure: nil)
        )
        _ = tuple
    }
    func didFinishMapping() {}
}

enum SurfaceEnum: Int, HandyJSONEnum {
    case one = 1
}

struct SurfaceCustom: HandyJSONCustomTransformable {
    static func _transform(from object: Any) -> SurfaceCustom? { SurfaceCustom() }
    func _plainValue() -> Any? { 1 }
}

final class SurfaceTransform: TransformType {
    typealias Object = Int
    typealias JSON = String
    func transformFromJSON(_ value: Any?) -> Int? { nil }
    func transformToJSON(_ value: Int?) -> String? { nil }
}

extension HandyJSONCompat {
    @Suite("Public API: every documented name compiles with its exact signature")
    struct PublicAPISurface {
        @Test(
            "Every name of the HandyJSON API compiles with its signature, and so does the core's rules hook it is built on"
        )
        func everyName() throws {
            let json: String? = #"{"a_key": 1}"#
            let dict: [String: Any]? = ["a_key": 2]
            let nsDict: NSDictionary? = NSDictionary(dictionary: ["a_key": 3])
            let one: SurfaceModel? = SurfaceModel.deserialize(from: json)
            let two: SurfaceModel? = SurfaceModel.deserialize(from: json, designatedPath: nil)
            let three: SurfaceModel? = SurfaceModel.deserialize(from: dict, designatedPath: nil)
            let four: SurfaceModel? = SurfaceModel.deserialize(from: nsDict)
            #expect([one?.a, two?.a, three?.a, four?.a] == [1, 1, 2, 3])

            let arrayFromJSON: [SurfaceModel?]? = [SurfaceModel].deserialize(from: "[{}]", designatedPath: nil)
            let arrayFromAny: [SurfaceModel?]? = [SurfaceModel].deserialize(from: [[:]] as [Any]?)
            let arrayFromNS: [SurfaceModel?]? = [SurfaceModel].deserialize(
                from: NSArray(array: [[:] as [String: Any]]) as NSArray?)
            #expect(arrayFromJSON?.count == 1 && arrayFromAny?.count == 1 && arrayFromNS?.count == 1)

            let viaJSON: SurfaceModel? = JSONDeserializer<SurfaceModel>.deserializeFrom(json: json, designatedPath: nil)
            let viaDict: SurfaceModel? = JSONDeserializer<SurfaceModel>.deserializeFrom(dict: dict, designatedPath: nil)
            let viaNS: SurfaceModel? = JSONDeserializer<SurfaceModel>.deserializeFrom(dict: nsDict, designatedPath: nil)
            let models: [SurfaceModel?]? = JSONDeserializer<SurfaceModel>.deserializeModelArrayFrom(
                json: "[]", designatedPath: nil)
            let fromArray: [SurfaceModel?]? = JSONDeserializer<SurfaceModel>.deserializeModelArrayFrom(
                array: [] as [Any]?)
            let fromNSArray: [SurfaceModel?]? = JSONDeserializer<SurfaceModel>.deserializeModelArrayFrom(
                array: NSArray() as NSArray?)
            var target = SurfaceModel()
            JSONDeserializer<SurfaceModel>.update(object: &target, from: json, designatedPath: nil)
            JSONDeserializer<SurfaceModel>.update(object: &target, from: dict, designatedPath: nil)
            #expect(viaJSON != nil && viaDict != nil && viaNS != nil && models?.isEmpty == true)
            #expect(fromArray?.isEmpty == true && fromNSArray?.isEmpty == true && target.a == 2)

            let object: [String: Any]? = target.toJSON()
            let text: String? = target.toJSONString(prettyPrint: false)
            let list: [[String: Any]?] = [target].toJSON()
            let listText: String? = [target].toJSONString(prettyPrint: true)
            #expect(object != nil && text != nil && list.count == 1 && listText != nil)

            let _: [any TransformType] = [
                DateTransform(), ISO8601DateTransform(), DateFormatterTransform(dateFormatter: DateFormatter()),
                CustomDateFormatTransform(formatString: "yyyy"), DataTransform(), EnumTransform<SurfaceEnum>(),
                URLTransform(), URLTransform(shouldEncodeURLString: false), NSDecimalNumberTransform(),
                TransformOf<Int, String>(fromJSON: { _ in nil }, toJSON: { _ in nil }), SurfaceTransform(),
            ]
            #expect(SurfaceEnum._transform(from: 1) == .one)
            let _: SurfaceCustom? = SurfaceCustom._transform(from: 0)
            let _: Any? = SurfaceCustom()._plainValue()

            let options: DeserializeOptions = [.caseInsensitive, .defaultOptions]
            let _: [DebugMode] = [.verbose, .debug, .error, .none]
            let current: (DebugMode, DeserializeOptions) = (
                HandyJSONConfiguration.debugMode, HandyJSONConfiguration.deserializeOptions
            )
            _ = options
            #expect(current.1 == .defaultOptions)

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
