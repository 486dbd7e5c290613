import Foundation
import ReflectMap
import Testing

// Every documented public name of ReflectMap, used with its exact signature, so that a rename or a
// changed signature fails to compile. Each test also maps through the names it spells and checks
// what the library did.

struct SurfaceMoney: Sendable, Equatable { var text = "" }

struct SurfaceMoneyAdapter: JSONAdapter {
    typealias Value = SurfaceMoney
    func read(_ json: JSONValue) throws -> SurfaceMoney {
        guard case .string(let text) = json else {
            throw MappingError(.typeMismatch(expected: "a string", found: "\(json)"))
        }
        return SurfaceMoney(text: text)
    }
    func write(_ value: SurfaceMoney) throws -> JSONValue { .string(value.text) }
}

struct SurfaceModel: Mappable {
    @JSONTransform(SecondsSince1970()) var createdAt = Date()
    @JSONTransform(SurfaceMoneyAdapter(), key: "price_text") var price = SurfaceMoney()
    @JSONKey(path: "location.lat") var latitude = 0.0
    @JSONKey(path: "meta.address.city", alternates: "city") var city = ""
    var money = SurfaceMoney()

    func didFinishMapping() throws {}
}

class SurfaceAnimal: JSONPolymorphic, @unchecked Sendable {
    static var typeKey: String { "type" }
    static var subtypes: [String: any Mappable.Type] { ["dog": SurfaceDog.self] }
    required init() {}
}

final class SurfaceDog: SurfaceAnimal, @unchecked Sendable {}

enum SurfacePayloadEnum: JSONPolymorphicEnum {
    case dog(SurfaceCodable)
    case other(JSONValue)
    static var typeKey: String { "type" }
    static var cases: [JSONEnumCase<SurfacePayloadEnum>] { [JSONEnumCase("dog", SurfacePayloadEnum.dog)] }
    static var unknownCase: ((JSONValue) -> SurfacePayloadEnum)? { SurfacePayloadEnum.other }
}

struct SurfaceEmbedded: Mappable {
    @JSONTransform(EmbeddedJSON<SurfaceCodable>()) var inner = SurfaceCodable()
    var pet: SurfacePayloadEnum = .other(.null)
}

struct SurfaceCodable: MappableCodable {
    var id = 0
}

// `JSONPropertyWrapper`, with its exact requirements:
// `associatedtype WrappedValue`, `init(wrappedValue:)` and `var jsonWrappedValue: WrappedValue { get }`.

@propertyWrapper struct SurfaceWrapper<Value> {
    var wrappedValue: Value
}

extension SurfaceWrapper: JSONPropertyWrapper { var jsonWrappedValue: Value { wrappedValue } }

struct SurfaceWrapped: Mappable {
    @SurfaceWrapper var count = 0
}

enum SurfaceStatus: String, Sendable { case on }

class SurfaceNode: JSONPolymorphic {
    class var typeKey: String { "t" }
    class var subtypes: [String: any Mappable.Type] { [:] }
    class var unknownSubtype: (any JSONUnknownSubtype.Type)? { SurfaceUnknownNode.self }
    required init() {}
}

final class SurfaceUnknownNode: SurfaceNode, JSONUnknownSubtype {
    @JSONIgnored var unknownJSON: JSONValue = .null
}

struct SurfaceContract: Mappable {
    var status: Open<SurfaceStatus> = .known(.on)
    var note: JSONNullable<String> = .absent
}

struct SurfaceOutput: Mappable {
    var path = "a/b"
    var missing: Int?
}

@Suite("Public API: every documented name compiles with its exact signature")
struct PublicAPISurfaceTests {
    @Test(
        "Adapters, transforms, path keys, plans, the after-mapping hook, update, polymorphism and MappableCodable compile as documented and map"
    )
    func coreNames() throws {
        let adapter: any JSONAdapter = SurfaceMoneyAdapter()
        let typed: any JSONAdapter<SurfaceMoney> = SurfaceMoneyAdapter()
        let _: SurfaceMoney = try typed.read(.string("1 USD"))
        let _: JSONValue = try typed.write(SurfaceMoney(text: "2 EUR"))
        let mapper = JSONMapper(keyTranslator: .identity, mode: .lenient, dateStrategy: .iso8601, adapters: [adapter])
        // Plans built ahead of first use: `prepare(_ types: [any Mappable.Type]) throws`.
        let prepare: ([any Mappable.Type]) throws -> Void = mapper.prepare
        try prepare([SurfaceModel.self, [SurfaceDog].self])
        let _ = JSONTransform(wrappedValue: SurfaceMoney(), SurfaceMoneyAdapter(), key: nil)
        var model = try mapper.map(
            SurfaceModel.self,
            from: json(#"{"money": "3 GBP", "price_text": "4 USD", "createdAt": 0, "location": {"lat": 1.5}}"#))
        #expect(model.money.text == "3 GBP" && model.price.text == "4 USD" && model.latitude == 1.5)
        try model.didFinishMapping()
        try mapper.update(&model, from: json(#"{"city": "Oslo"}"#))
        #expect(model.city == "Oslo")
        let written = try JSONValue(parsing: mapper.data(from: model))
        #expect(written["price_text"] == .string("4 USD"))
        #expect(written["location"]?["lat"] == .number(.double(1.5)))
        #expect(written["meta"]?["address"]?["city"] == .string("Oslo"))

        let _: String = SurfaceAnimal.typeKey
        let _: [String: any Mappable.Type] = SurfaceAnimal.subtypes
        let animals = try mapper.map([SurfaceAnimal].self, from: json(#"[{"type": "dog"}]"#))
        #expect(animals.count == 1 && animals.allSatisfy { $0 is SurfaceDog })

        let _: any MappableCodable = SurfaceCodable()
        #expect(try JSONDecoder().decode(SurfaceCodable.self, from: json(#"{"id": 5}"#)).id == 5)
    }

    @Test("JSONPropertyWrapper compiles with its exact requirements, and a conforming wrapper's property maps")
    func propertyWrapperProtocol() throws {
        func build<W: JSONPropertyWrapper>(_ type: W.Type, _ value: W.WrappedValue) -> W.WrappedValue {
            W(wrappedValue: value).jsonWrappedValue
        }
        _ = build(SurfaceWrapper<Int>.self, 3)
        let _: any JSONPropertyWrapper.Type = SurfaceWrapper<String>.self
        let model = try JSONMapper().map(SurfaceWrapped.self, from: json(#"{"count": 9}"#))
        #expect(model.count == 9)
    }

    @Test(
        "Open values, three-state properties, unknown subtypes, merge patches and report handlers compile with their signatures"
    )
    func contractNames() throws {
        let open: [Open<SurfaceStatus>] = [.known(.on), .unknown("x"), Open(rawValue: "on"), Open(.on)]
        let _: (SurfaceStatus?, Bool, String) = (open[0].known, open[0].isKnown, open[0].rawValue)
        let states: [JSONNullable<Int>] = [.absent, .null, .value(1), JSONNullable(Optional(2))]
        let _: (Int?, Bool) = (states[2].value, states[0].isPresent)
        let _: (any JSONUnknownSubtype.Type)? = SurfaceNode.unknownSubtype

        var mapper = JSONMapper()
        mapper.reportHandler = { (drift: MappingDrift) in
            let _: (MappingReport, any Mappable.Type, String?) = (drift.report, drift.modelType, drift.keyPath)
        }
        let old = SurfaceContract()
        var new = old
        new.note = .value("n")
        let patch: Data = try mapper.mergePatch(from: old, to: new)
        try mapper.apply(mergePatch: patch, to: &new)
        let made: JSONValue = JSONValue.mergePatch(from: .object([:]), to: .object(["a": .null]))
        let applied: JSONValue = JSONValue.object([:]).applying(mergePatch: made)
        let unknown: [MappingReport.Entry] = MappingReport().unknownValues
        #expect(applied == .object([:]) && unknown.isEmpty && new.note == .value("n"))
    }

    @Test("The writing options compile with their exact names, and the default sorts keys")
    func writingOptionNames() throws {
        var mapper = JSONMapper()
        #expect(JSONMapper().outputFormatting.contains(.sortedKeys))
        let formatting: JSONMapper.OutputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        mapper.outputFormatting = formatting
        mapper.writesNilAsNull = true
        #expect(
            String(decoding: try mapper.data(from: SurfaceOutput()), as: UTF8.self) == """
                {
                  "missing" : null,
                  "path" : "a/b"
                }
                """)
    }

    @Test("EmbeddedJSON, JSONPolymorphicEnum and JSONEnumCase compile with their exact names, and map")
    func embeddedAndEnumNames() throws {
        let adapter: EmbeddedJSON<SurfaceCodable> = EmbeddedJSON<SurfaceCodable>()
        let enumCase: JSONEnumCase<SurfacePayloadEnum> = JSONEnumCase<SurfacePayloadEnum>("dog", SurfacePayloadEnum.dog)
        let key: String = SurfacePayloadEnum.typeKey
        let unknown: ((JSONValue) -> SurfacePayloadEnum)? = SurfacePayloadEnum.unknownCase
        #expect(enumCase.value == "dog" && key == "type" && unknown != nil)
        #expect(try adapter.read(.string(#"{"id": 2}"#)).id == 2)
        let model = try JSONMapper().map(
            SurfaceEmbedded.self, from: Data(#"{"inner": "{\"id\": 3}", "pet": {"type": "dog", "id": 4}}"#.utf8))
        guard case .dog(let dog) = model.pet else {
            Issue.record("expected .dog, got \(model.pet)")
            return
        }
        #expect(model.inner.id == 3 && dog.id == 4)
    }
}
