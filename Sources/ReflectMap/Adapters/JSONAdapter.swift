/// Converts one type to and from JSON: GSON's `TypeAdapter`, ObjectMapper's `TransformType`.
///
/// Register an adapter with a mapper to use it for every property of its type, in every model, or
/// put it on one property with ``JSONTransform``. Either way it wins over the mapper's own handling
/// of the type, on both read routes and when writing, and it also serves `Value?`, `[Value]` and
/// `[String: Value]` properties.
///
/// ```swift
/// struct MoneyAdapter: JSONAdapter {
///     func read(_ json: JSONValue) throws -> Money {
///         guard case .string(let text) = json, let money = Money(text) else {
///             throw MoneyError.notMoney
///         }
///         return money
///     }
///     func write(_ value: Money) throws -> JSONValue { .string(value.description) }
/// }
/// let mapper = JSONMapper(adapters: [MoneyAdapter()])
/// ```
///
/// Throw any error to refuse a value; the mapper gives it the JSON path. In lenient mode the
/// property then keeps its default (an array element is dropped) and ``MappingReport/skipped`` gets
/// an entry; in strict mode the mapping throws a ``MappingError`` of kind
/// ``MappingError/Kind/rejected(type:reason:)``. A ``MappingError`` you throw keeps its kind.
public protocol JSONAdapter<Value>: Sendable {
    /// The type this adapter converts.
    associatedtype Value

    /// Converts a JSON value into a `Value`.
    ///
    /// - Parameter json: The value in the JSON (`null` included: the mapper hands `null` to the
    ///   adapter unless the property is optional).
    /// - Returns: The value for the property.
    /// - Throws: Any error, when the JSON does not hold a `Value`.
    func read(_ json: JSONValue) throws -> Value

    /// Converts a `Value` into JSON.
    ///
    /// - Parameter value: The property's value.
    /// - Returns: The JSON to write for it.
    /// - Throws: Any error, when the value cannot be written.
    func write(_ value: Value) throws -> JSONValue
}

extension JSONAdapter {
    /// The type the adapter converts, for the mapper's registry.
    var valueType: Any.Type { Value.self }

    /// ``makeTypeAdapter(_:property:)`` for an adapter held as `any JSONAdapter`.
    func makeErasedAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        try makeTypeAdapter(builder, property: property)
    }

    /// The mapper's internal adapter for this one.
    func makeTypeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> TypeAdapter<Value> {
        if let backed = self as? any BuilderBackedAdapter,
            let adapter = try backed.makeAdapter(builder, property: property) as? TypeAdapter<Value>
        {
            return adapter
        }
        return UserAdapter(self)
    }
}

/// A built-in ``JSONAdapter`` that reads through the mapper's reader rather than a ``JSONValue``,
/// so that it can use the plan's adapters and the report (``LossyArray``).
protocol BuilderBackedAdapter {
    func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject
}

/// Runs a user's ``JSONAdapter`` inside the mapper: the value under the cursor becomes a
/// ``JSONValue`` for it, and what it throws becomes a ``MappingError`` at the cursor's path.
final class UserAdapter<Adapter: JSONAdapter>: TypeAdapter<Adapter.Value>, @unchecked Sendable {
    let adapter: Adapter

    init(_ adapter: Adapter) {
        self.adapter = adapter
    }

    override func read(_ reader: inout JSONReader) throws -> Adapter.Value? {
        guard let json = try reader.readJSONValue() else { return try reader.rejectValue(expected: "JSON") }
        do {
            return try adapter.read(json)
        } catch {
            return try reader.fail(rejecting: error, as: typeName, value: json)
        }
    }

    override func write(_ value: Adapter.Value, to writer: inout JSONWriter) throws {
        let json: JSONValue
        do {
            json = try adapter.write(value)
        } catch let error as MappingError {
            // Its path, if it has one, is below this value's.
            var located = MappingError(error.kind, at: writer.components + error.components)
            located.value = error.value
            throw located
        } catch {
            throw writer.error(.rejected(type: typeName, reason: MappingError.reason(of: error)))
        }
        try writer.writeJSONValue(json)
    }
}
