import Foundation

/// Works out the adapters and plans for a type, and everything it contains.
///
/// Types are resolved through protocol conformances and the mapper's registry, never through type
/// names, first match wins:
/// 1. an adapter registered with the mapper for exactly that type (``JSONAdapter``);
/// 2. the built-in scalars and collections (`BuiltinAdapterProviding`, including `Optional`, `Array`,
///    `Set` and `Dictionary`, which recurse into their element types);
/// 3. `Any` (raw JSON);
/// 4. Foundation's reference types (`NSNumber`, `NSString`, …: `FoundationAdapters`);
/// 5. ``JSONPropertyWrapper`` types, through their wrapped value;
/// 6. ``JSONPolymorphic`` models, chosen by their discriminator;
/// 7. `Mappable` models, which get a ``TypePlan``;
/// 8. any other `RawRepresentable` type whose raw value is supported, through its raw value;
/// 9. any other `Decodable` or `Encodable` type, through `JSONDecoder` and `JSONEncoder`.
/// Anything else cannot be filled, and the build throws an error naming the property.
///
/// A builder is used under ``PlanCache``'s lock and thrown away; only a successful build is kept.
final class PlanBuilder {
    let translator: KeyTranslator
    let registry: AdapterRegistry
    private(set) var plans: [ObjectIdentifier: TypePlan]

    init(translator: KeyTranslator, registry: AdapterRegistry, plans: [ObjectIdentifier: TypePlan]) {
        self.translator = translator
        self.registry = registry
        self.plans = plans
    }

    /// The adapter for values of type `Value`; `property` names the owner in errors.
    func adapter<Value>(for type: Value.Type, property: String) throws -> TypeAdapter<Value> {
        let made: AnyObject
        if let registered = registry[ObjectIdentifier(Value.self)] {
            made = try registered.makeErasedAdapter(self, property: property)
        } else if let builtin = Value.self as? any BuiltinAdapterProviding.Type {
            made = try builtin.makeAdapter(self, property: property)
        } else if Value.self == Any.self {
            made = PassThroughAdapter<Any>()
        } else if let foundation = try FoundationAdapters.make(Value.self, builder: self, property: property) {
            made = foundation
        } else if let wrapper = Value.self as? any JSONPropertyWrapper.Type {
            made = try propertyWrapperAdapter(wrapper, property: property)
        } else if let polymorphic = Value.self as? any JSONPolymorphic.Type {
            made = try polymorphicAdapter(polymorphic, property: property)
        } else if let model = Value.self as? any Mappable.Type {
            made = try erasedModelAdapter(model)
        } else if let raw = Value.self as? any RawRepresentable.Type,
                  let adapter = try? rawValueAdapter(raw, property: property) {
            made = adapter
        } else if let codable = CodableAdapter<Value>.make() {
            made = codable
        } else {
            throw MappingError(.unsupportedType(type: String(describing: Value.self), property: property))
        }
        guard let adapter = made as? TypeAdapter<Value> else {
            throw MappingError(.unsupportedType(type: String(describing: Value.self), property: property))
        }
        return adapter
    }

    /// The plain model adapter, never a polymorphic one: for a polymorphic type's subtypes.
    func modelAdapter<Model: Mappable>(_ type: Model.Type) throws -> ModelAdapter<Model> {
        ModelAdapter<Model>(plan: try plan(for: Model.self))
    }

    private func erasedModelAdapter<Model: Mappable>(_ type: Model.Type) throws -> AnyObject {
        try modelAdapter(Model.self)
    }

    private func polymorphicAdapter<Base: JSONPolymorphic>(_ type: Base.Type, property: String) throws -> AnyObject {
        try PolymorphicAdapter<Base>(builder: self, property: property)
    }

    private func rawValueAdapter<Value: RawRepresentable>(_ type: Value.Type, property: String) throws -> AnyObject {
        RawValueAdapter<Value>(raw: try adapter(for: Value.RawValue.self, property: property))
    }

    /// The plan for a model type, built on first request. A plan is registered before its fields are
    /// worked out, so a model that contains itself (`var children: [Node]`) refers to its own plan.
    func plan<Model: Mappable>(for type: Model.Type) throws -> TypePlan {
        let identifier = ObjectIdentifier(Model.self)
        if let existing = plans[identifier] { return existing }
        // An actor's state is isolated; writing its fields from outside would be a data race.
        if Model.self is any Actor.Type {
            throw MappingError(.unsupportedType(type: String(describing: Model.self), property: String(describing: Model.self)))
        }
        let isClass = Model.self is AnyClass
        let plan = TypePlan(typeName: String(describing: Model.self), isClass: isClass)
        plans[identifier] = plan

        // A prototype instance gives the keys that `@JSONKey` wrappers carry.
        var prototype = Model()
        var fields: [FieldAccessor] = []
        let isObservable = StoredPropertyName.isObservable(Model.self)
        try FieldStorage.withStorage(of: &prototype, isClass: isClass) { storage in
            for field in FieldStorage.storedFields(of: Model.self) {
                // An `@Observable` class's registrar is state, not data.
                if isObservable && StoredPropertyName.isObservationRegistrar(field.type) { continue }
                let name = StoredPropertyName(of: field, isObservable: isObservable)
                if let accessor = try accessor(for: field, named: name, in: plan, prototype: storage) {
                    fields.append(accessor)
                }
            }
        }
        plan.install(fields)
        return plan
    }

    private func accessor(
        for field: FieldStorage.StoredField, named name: StoredPropertyName, in plan: TypePlan, prototype: ModelStorage
    ) throws -> (FieldAccessor)? {
        // `lazy var` storage is computed on demand, and weak or unowned storage is not a plain value.
        if field.name.hasPrefix("$__lazy_storage_$_") || !field.isStrong { return nil }
        let property = "\(plan.typeName).\(name.property)"
        if let wrapper = field.type as? any PropertyWrapperField.Type {
            return try wrapper.makeAccessor(field: field, property: property, name: name.property, prototype: prototype, builder: self)
        }
        func make<Value>(_ type: Value.Type) throws -> FieldAccessor {
            let adapter: TypeAdapter<Value>
            do {
                adapter = try self.adapter(for: Value.self, property: property)
            } catch let error as MappingError where name.isWrapper && error.kind == .unsupportedType(type: String(describing: Value.self), property: property) {
                // Name the wrapper as what it is, and say how to make it mappable.
                throw MappingError(.unsupportedType(
                    type: "\(Value.self) (a property wrapper that is neither Codable nor a JSONPropertyWrapper)", property: property
                ))
            }
            return Field<Value>(
                keys: [FieldKey(translator.key(for: name.property))],
                location: FieldLocation<Value>(field),
                isFillable: field.isVar,
                adapter: adapter
            )
        }
        return try _openExistential(field.type, do: make)
    }
}

/// `@JSONKey` and `@JSONIgnored` storage (`_name`), which the builder unwraps.
protocol PropertyWrapperField {
    /// The accessor for the wrapped property; `property` is `Owner.name`, as errors spell it, and
    /// `name` is the property's name, without the storage's `_`.
    static func makeAccessor(
        field: FieldStorage.StoredField, property: String, name: String, prototype: ModelStorage, builder: PlanBuilder
    ) throws -> (FieldAccessor)?
}

extension JSONKey: PropertyWrapperField {
    static func makeAccessor(
        field: FieldStorage.StoredField, property: String, name: String, prototype: ModelStorage, builder: PlanBuilder
    ) throws -> (FieldAccessor)? {
        guard let location = FieldLocation(wrapped: field, in: Self.self, at: \Self.wrappedValue) else {
            throw MappingError(.unsupportedType(type: String(describing: Self.self), property: property))
        }
        let wrapper = prototype.load(Self.self, from: field)
        let keys = ([wrapper.key] + wrapper.alternates).map { wrapper.isPath ? FieldKey(path: $0) : FieldKey($0) }
        return Field<Value>(
            keys: keys,
            location: location,
            isFillable: field.isVar,
            adapter: try builder.adapter(for: Value.self, property: property)
        )
    }
}

extension JSONTransform: PropertyWrapperField {
    static func makeAccessor(
        field: FieldStorage.StoredField, property: String, name: String, prototype: ModelStorage, builder: PlanBuilder
    ) throws -> (FieldAccessor)? {
        guard let location = FieldLocation(wrapped: field, in: Self.self, at: \Self.wrappedValue) else {
            throw MappingError(.unsupportedType(type: String(describing: Self.self), property: property))
        }
        let wrapper = prototype.load(Self.self, from: field)
        return Field<Adapter.Value>(
            keys: [FieldKey(wrapper.key ?? builder.translator.key(for: name))],
            location: location,
            isFillable: field.isVar,
            adapter: try wrapper.adapter.makeTypeAdapter(builder, property: property)
        )
    }
}

extension JSONIgnored: PropertyWrapperField {
    static func makeAccessor(
        field: FieldStorage.StoredField, property: String, name: String, prototype: ModelStorage, builder: PlanBuilder
    ) throws -> (FieldAccessor)? {
        nil
    }
}
