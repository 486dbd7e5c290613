import Foundation
import ReflectMap

/// Converts between Swift values and the Foundation values that transforms see, with ReflectMap's
/// own rules: a value is read and written as it would be as a property of a model.
enum FoundationValue {
    /// A one-property model: the way to run the mapper's rules for a type on a lone value.
    final class Box<Value>: Mappable {
        var value: Value?
        required init() {}
    }

    /// A JSON value read as `Value` with the lenient conversions (`"12"` as `12`), or `nil` when it
    /// holds none.
    static func convert<Value>(_ object: Any, to type: Value.Type) -> Value? {
        if let value = object as? Value, !(object is NSNumber) || Value.self == NSNumber.self { return value }
        return try? Engine.exactMapper.map(Box<Value>.self, fromJSONObject: ["value": object]).value
    }

    /// A value as the mapper writes it, or `nil` when it cannot be written.
    static func json<Value>(of value: Value) -> JSONValue? {
        if let plain = JSONValue(jsonObject: value) { return plain }
        let box = Box<Value>()
        box.value = value
        guard let object = try? Engine.exactMapper.dictionary(from: box) else { return nil }
        return object["value"].flatMap(JSONValue.init(jsonObject:)) ?? .null
    }
}
