import Foundation
import ReflectMap

/// Converts one property's value to and from JSON, in a model's ``HandyJSON/mapping(mapper:)``:
/// `mapper <<< self.date <-- DateTransform()`.
///
/// `transformFromJSON` receives the JSON value as `JSONSerialization` gives it (`String`, `NSNumber`,
/// `[String: Any]`, `[Any]`); it is not called for `null` or a missing key, and the property then
/// keeps its value. Returning `nil` keeps the property's value too. Transforms run on whatever thread
/// maps the model.
public protocol TransformType: SendableMetatype {
    /// The property's type.
    associatedtype Object
    /// The type written to JSON.
    associatedtype JSON

    /// The property's value for a JSON value, or `nil` when the value holds none.
    ///
    /// - Parameter value: The JSON value.
    /// - Returns: The value, or `nil`.
    func transformFromJSON(_ value: Any?) -> Object?

    /// The JSON value for the property's value, or `nil` to write `null`.
    ///
    /// - Parameter value: The property's value.
    /// - Returns: The JSON value, or `nil`.
    func transformToJSON(_ value: Object?) -> JSON?
}

/// A transform made of two closures.
///
/// ```swift
/// mapper <<< self.id <-- TransformOf<Int, String>(
///     fromJSON: { $0.flatMap { Int($0) } },
///     toJSON: { $0.map(String.init) }
/// )
/// ```
open class TransformOf<ObjectType, JSONType>: TransformType {
    /// The property's type.
    public typealias Object = ObjectType
    /// The type written to JSON.
    public typealias JSON = JSONType

    private let fromJSON: (JSONType?) -> ObjectType?
    private let toJSON: (ObjectType?) -> JSONType?

    /// Creates the transform.
    ///
    /// - Parameters:
    ///   - fromJSON: The value for a JSON value of type `JSONType` (`nil` when the JSON holds another type).
    ///   - toJSON: The JSON value for a property's value.
    public init(fromJSON: @escaping (JSONType?) -> ObjectType?, toJSON: @escaping (ObjectType?) -> JSONType?) {
        self.fromJSON = fromJSON
        self.toJSON = toJSON
    }

    /// Calls `fromJSON` with the value as a `JSONType`, converted leniently when it is another scalar.
    ///
    /// - Parameter value: The JSON value.
    /// - Returns: What `fromJSON` returns.
    open func transformFromJSON(_ value: Any?) -> ObjectType? {
        fromJSON(value.flatMap { FoundationValue.convert($0, to: JSONType.self) })
    }

    /// Calls `toJSON`.
    ///
    /// - Parameter value: The property's value.
    /// - Returns: What `toJSON` returns.
    open func transformToJSON(_ value: ObjectType?) -> JSONType? {
        toJSON(value)
    }
}

/// A ``TransformType`` or a `specify(property:converter:)` closure as a ReflectMap adapter for a
/// property of type `Value`.
///
/// `@unchecked Sendable`: transforms are HandyJSON's classes, which were never marked `Sendable`. A
/// plan calls them from whatever thread maps, as HandyJSON did; the built-in ones keep no mutable
/// state, and the date formatter transforms use their formatter only under the core's lock for that
/// formatter (`DateConversion`), since Foundation does not promise that one formatter may be used
/// from several threads at once. A transform of your own must be safe to call the same way.
struct ClosureAdapter<Value>: JSONAdapter, @unchecked Sendable {
    /// The value for a JSON value (never `null`); `nil` keeps the property's value.
    let fromJSON: (Any) -> Any?
    /// The JSON for a value; absent to write it as the mapper writes that type.
    let toJSON: ((Value) -> Any?)?

    func read(_ json: JSONValue) throws -> Value {
        // HandyJSON leaves a property alone for `null`, and for a value its conversion refuses.
        if case .null = json { throw TransformRefused.null }
        guard let result = fromJSON(json.jsonObject), let value = result as? Value else {
            throw TransformRefused.noValue
        }
        return value
    }

    func write(_ value: Value) throws -> JSONValue {
        guard let toJSON else {
            guard let json = FoundationValue.json(of: value) else { throw TransformRefused.notWritable }
            return json
        }
        guard let object = toJSON(value) else { return .null }
        guard let json = JSONValue(jsonObject: object) else { throw TransformRefused.notWritable }
        // A whole `Double` (a `DateTransform`'s seconds) is written as an integer, as HandyJSON's
        // `JSONSerialization` writes one and as the core writes a whole count: `1700000000`, not
        // `1700000000.0`.
        if case .number(.double(let number)) = json, let whole = Int64(exactly: number) {
            return .number(.integer(whole))
        }
        return json
    }
}

/// Why a transform gave no value; the property keeps its value.
enum TransformRefused: Error, CustomStringConvertible {
    case null
    case noValue
    case notWritable

    var description: String {
        switch self {
        case .null: return "null keeps the property's value"
        case .noValue: return "the transform gave no value"
        case .notWritable: return "the transform's JSON value is not JSON"
        }
    }
}

/// A property declared as `HandyJSON` itself (`var payload: HandyJSON?`): written as the model it
/// holds, by that model's own plan. Reading one cannot work, since the JSON does not say which type
/// to make: the property keeps its value, and the mapping report (logged at ``DebugMode/debug``)
/// says so.
struct AnyModelAdapter: JSONAdapter {
    func read(_ json: JSONValue) throws -> any HandyJSON {
        throw ExistentialNotReadable()
    }

    func write(_ value: any HandyJSON) throws -> JSONValue {
        func object<Model: HandyJSON>(_ model: Model) throws -> Any { try Engine.exactMapper.jsonObject(from: model) }
        guard let json = JSONValue(jsonObject: try object(value)) else { throw TransformRefused.notWritable }
        return json
    }
}

/// Why a `HandyJSON`-typed property keeps its value.
struct ExistentialNotReadable: Error, CustomStringConvertible {
    var description: String {
        "a property declared as HandyJSON does not say which model to make; declare it with a concrete model type"
    }
}

/// Adapters for ``HandyJSONCustomTransformable`` types, their optionals and arrays of them, which a
/// model's plan asks for only when ReflectMap has no adapter of its own for a property's type.
enum CustomTransformableAdapters {
    @Sendable static func adapter(for type: Any.Type) -> (any JSONAdapter)? {
        if type == (any HandyJSON).self { return AnyModelAdapter() }
        if type == Optional<any HandyJSON>.self { return Nullable(AnyModelAdapter()) }
        if let custom = type as? any HandyJSONCustomTransformable.Type { return adapter(custom) }
        if let wrapper = type as? any CustomTransformableContainer.Type { return wrapper.containerAdapter() }
        return nil
    }

    static func adapter<Value: HandyJSONCustomTransformable>(_ type: Value.Type) -> any JSONAdapter {
        ClosureAdapter<Value>(fromJSON: { Value._transform(from: $0) }, toJSON: { $0._plainValue() })
    }
}

/// An optional or array of a ``HandyJSONCustomTransformable`` type.
protocol CustomTransformableContainer {
    static func containerAdapter() -> any JSONAdapter
}

extension Optional: CustomTransformableContainer where Wrapped: HandyJSONCustomTransformable {
    static func containerAdapter() -> any JSONAdapter {
        OptionalCustomAdapter<Wrapped>()
    }
}

extension Array: CustomTransformableContainer where Element: HandyJSONCustomTransformable {
    static func containerAdapter() -> any JSONAdapter {
        ClosureAdapter<[Element]>(
            fromJSON: { object in (object as? [Any]).map { $0.compactMap { Element._transform(from: $0) } } },
            toJSON: { $0.map { $0._plainValue() ?? NSNull() } }
        )
    }
}

/// `null` is `nil` for an optional custom type, as for any optional.
struct OptionalCustomAdapter<Wrapped: HandyJSONCustomTransformable>: JSONAdapter {
    func read(_ json: JSONValue) throws -> Wrapped? {
        if case .null = json { return nil }
        guard let value = Wrapped._transform(from: json.jsonObject) else { throw TransformRefused.noValue }
        return value
    }

    func write(_ value: Wrapped?) throws -> JSONValue {
        guard let plain = value?._plainValue() else { return .null }
        guard let json = JSONValue(jsonObject: plain) else { throw TransformRefused.notWritable }
        return json
    }
}
