import Foundation
import ReflectMap
import Testing

// Every public name of the mapper's core API, used with its exact signature, so that a rename or a changed
// signature fails to compile.

struct FixedNameMoney: Sendable, Equatable { var text = "" }

struct FixedNameMoneyAdapter: JSONAdapter {
    typealias Value = FixedNameMoney
    func read(_ json: JSONValue) throws -> FixedNameMoney {
        guard case .string(let text) = json else { throw MappingError(.typeMismatch(expected: "a string", found: "\(json)")) }
        return FixedNameMoney(text: text)
    }
    func write(_ value: FixedNameMoney) throws -> JSONValue { .string(value.text) }
}

struct FixedNameModel: Mappable {
    @JSONTransform(SecondsSince1970()) var createdAt = Date()
    @JSONTransform(FixedNameMoneyAdapter(), key: "price_text") var price = FixedNameMoney()
    @JSONKey(path: "location.lat") var latitude = 0.0
    @JSONKey(path: "meta.address.city", alternates: "city") var city = ""
    var money = FixedNameMoney()

    func didFinishMapping() throws {}
}

class FixedNameAnimal: JSONPolymorphic, @unchecked Sendable {
    static var typeKey: String { "type" }
    static var subtypes: [String: any Mappable.Type] { ["dog": FixedNameDog.self] }
    required init() {}
}

final class FixedNameDog: FixedNameAnimal, @unchecked Sendable {}

struct FixedNameCodable: MappableCodable {
    var id = 0
}

@Suite("Fixed public names")
struct TypesFixedNamesTests {
    @Test("Every fixed name of the core API compiles with its exact signature")
    func fixedNamesCompile() throws {
        let adapter: any JSONAdapter = FixedNameMoneyAdapter()
        let typed: any JSONAdapter<FixedNameMoney> = FixedNameMoneyAdapter()
        #expect(try typed.read(.string("1 USD")) == FixedNameMoney(text: "1 USD"))
        #expect(try typed.write(FixedNameMoney(text: "2 EUR")) == .string("2 EUR"))
        let mapper = JSONMapper(keyTranslator: .identity, mode: .lenient, dateStrategy: .iso8601, adapters: [adapter])
        // Plans built ahead of first use: `prepare(_ types: [any Mappable.Type]) throws`.
        let prepare: ([any Mappable.Type]) throws -> Void = mapper.prepare
        try prepare([FixedNameModel.self, [FixedNameDog].self])
        let wrapper = JSONTransform(wrappedValue: FixedNameMoney(), FixedNameMoneyAdapter(), key: nil)
        #expect(wrapper.wrappedValue == FixedNameMoney())
        var model = try mapper.map(FixedNameModel.self, from: json(#"{"money": "3 GBP", "price_text": "4 USD", "createdAt": 0}"#))
        #expect(model.money.text == "3 GBP" && model.price.text == "4 USD")
        try model.didFinishMapping()
        try mapper.update(&model, from: json(#"{"city": "Oslo"}"#))
        #expect(model.city == "Oslo")
        #expect(FixedNameAnimal.typeKey == "type")
        #expect(FixedNameAnimal.subtypes.count == 1)
        let codable: any MappableCodable = FixedNameCodable()
        #expect(type(of: codable) == FixedNameCodable.self)
        #expect(try JSONDecoder().decode(FixedNameCodable.self, from: json(#"{"id": 5}"#)).id == 5)
    }
}

// `JSONPropertyWrapper`, with its exact requirements:
// `associatedtype WrappedValue`, `init(wrappedValue:)` and `var jsonWrappedValue: WrappedValue { get }`.

@propertyWrapper struct FixedNameWrapper<Value> {
    var wrappedValue: Value
}

extension FixedNameWrapper: JSONPropertyWrapper { var jsonWrappedValue: Value { wrappedValue } }

struct FixedNameWrapped: Mappable {
    @FixedNameWrapper var count = 0
}

@Suite("Fixed public names of property wrappers")
struct WrapperFixedNamesTests {
    @Test("JSONPropertyWrapper compiles with its exact requirements and drives mapping")
    func propertyWrapperProtocolCompiles() throws {
        func build<W: JSONPropertyWrapper>(_ type: W.Type, _ value: W.WrappedValue) -> W.WrappedValue {
            W(wrappedValue: value).jsonWrappedValue
        }
        #expect(build(FixedNameWrapper<Int>.self, 3) == 3)
        let wrapperType: any JSONPropertyWrapper.Type = FixedNameWrapper<String>.self
        #expect(ObjectIdentifier(wrapperType) == ObjectIdentifier(FixedNameWrapper<String>.self))
        let model = try JSONMapper().map(FixedNameWrapped.self, from: json(#"{"count": 9}"#))
        #expect(model.count == 9)
    }
}
