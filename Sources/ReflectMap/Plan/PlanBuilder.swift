import Foundation

/// Works out the adapters and plans for a type, and everything it contains.
///
/// Types are resolved through protocol conformances, type identity and the mapper's registry, never
/// through type names. Each question a type has not been asked before makes the runtime scan every
/// protocol-conformance record of every loaded image, so the builder asks as few as it can:
/// - the registry, the built-in scalars and their arrays and optionals, and the types handed to
///   ``JSONMapper/prepare(_:)`` with theirs, are found by type identity, with no question at all;
/// - the metadata kind (class, struct, enum, optional) says which protocols can apply, and they are
///   asked most likely first;
/// - a `Mappable` type says through that one conformance whether it is a model, a polymorphic base,
///   a polymorphic enum, an array of models or an actor (`Mappable._mappableKind`);
/// - every adapter made is kept with the plans, so a type met in one model is not resolved again.
///
/// First match wins:
/// 1. an adapter registered with the mapper for exactly that type (``JSONAdapter``);
/// 2. the built-in scalars with their arrays and optionals, the types ``JSONMapper/prepare(_:)`` was
///    handed with theirs (``KnownType``), `Any` (raw JSON) and Foundation's reference types (`NSNumber`, …);
/// 3. by kind:
///    - an optional: `Optional`'s adapter, around its wrapped type's;
///    - a struct or class: a `Mappable` model (a ``JSONPolymorphic`` base chosen by its
///      discriminator, `[Model]` element by element); else `Array`, `Set` and `Dictionary`;
///      else a ``JSONPropertyWrapper``, through its wrapped value; else a `RawRepresentable` type
///      whose raw value is supported; else `Decodable`/`Encodable`, through `JSONDecoder` and
///      `JSONEncoder`;
///    - an enum: `RawRepresentable` first, then a ``JSONPolymorphicEnum``, then the same list;
///    - anything else (an existential, a tuple, a function): the same list.
/// Anything else cannot be filled, and the build throws an error naming the property.
///
/// A builder is used under ``PlanCache``'s lock and thrown away; only a successful build is kept.
final class PlanBuilder {
    let translator: KeyTranslator
    let registry: AdapterRegistry
    /// The cache's plans and adapters when the build began; read only, so they are never copied, and
    /// let go by ``finish()``.
    private var publishedPlans: [ObjectIdentifier: TypePlan]
    private var publishedAdapters: [ObjectIdentifier: AnyObject]
    /// What the cache was told about types ahead of the build (``KnownType``).
    private var knownTypes: [ObjectIdentifier: KnownType]
    /// What this build made, which the cache publishes if the build succeeds.
    private(set) var newPlans: [ObjectIdentifier: TypePlan] = [:]
    private(set) var newAdapters: [ObjectIdentifier: AnyObject] = [:]
    /// What this build learned about types: each model type the runtime confirmed, with its array and
    /// optional types, so that `[M]` or `M?` met after `M` costs no question of its own.
    private(set) var newKnownTypes: [ObjectIdentifier: KnownType] = [:]

    init(
        translator: KeyTranslator, registry: AdapterRegistry, plans: [ObjectIdentifier: TypePlan],
        adapters: [ObjectIdentifier: AnyObject], knownTypes: [ObjectIdentifier: KnownType]
    ) {
        self.translator = translator
        self.registry = registry
        self.publishedPlans = plans
        self.publishedAdapters = adapters
        self.knownTypes = knownTypes
    }

    /// What a successful build made, for the cache to publish. The builder lets go of the cache's own
    /// tables first: the cache then adds to them in place, where a table still shared with the builder
    /// would be copied whole, once per build, a cost that grows with every type the app has mapped.
    func finish() -> (
        plans: [ObjectIdentifier: TypePlan], adapters: [ObjectIdentifier: AnyObject],
        knownTypes: [ObjectIdentifier: KnownType]
    ) {
        publishedPlans = [:]
        publishedAdapters = [:]
        knownTypes = [:]
        return (newPlans, newAdapters, newKnownTypes)
    }

    /// The adapter for values of type `Value`; `property` names the owner in errors.
    func adapter<Value>(for type: Value.Type, property: PropertyName) throws -> TypeAdapter<Value> {
        let identifier = ObjectIdentifier(Value.self)
        if let known = (newAdapters[identifier] ?? publishedAdapters[identifier]) as? TypeAdapter<Value> {
            return known
        }
        guard let adapter = try resolve(Value.self, property: property) as? TypeAdapter<Value> else {
            throw MappingError(.unsupportedType(type: String(describing: Value.self), property: "\(property)"))
        }
        // Adapters hold no state of their own, and a failed resolution throws before this, so a type's
        // adapter serves every later property of that type.
        newAdapters[identifier] = adapter
        return adapter
    }

    /// The adapter the mapper's own rules give `Value`, passing over an adapter registered for exactly
    /// `Value`: for a registered adapter that wraps its type's own handling (``EmbeddedJSON``), which
    /// would otherwise be asked for itself without end. Not kept: the type's adapter is the registered one.
    func unregisteredAdapter<Value>(for type: Value.Type, property: PropertyName) throws -> TypeAdapter<Value> {
        guard let adapter = try resolve(Value.self, property: property, skippingRegistry: true) as? TypeAdapter<Value>
        else {
            throw MappingError(.unsupportedType(type: String(describing: Value.self), property: "\(property)"))
        }
        return adapter
    }

    private func resolve<Value>(
        _ type: Value.Type, property: PropertyName, skippingRegistry: Bool = false
    ) throws -> AnyObject {
        let identifier = ObjectIdentifier(Value.self)
        if !skippingRegistry, let registered = registry[identifier] {
            return try registered.makeErasedAdapter(self, property: property)
        }
        if let builtin = builtinTypes[identifier] { return try builtin.makeAdapter(self, property: property) }
        switch knownTypes[identifier] ?? newKnownTypes[identifier] {
        case .model(let model)?:
            if let made = try mappableAdapter(model, property: property) { return made }
        case .container(let container)?:
            return try container.makeAdapter(self, property: property)
        case nil:
            break
        }
        if Value.self == Any.self { return PassThroughAdapter<Any>() }
        if let foundation = try FoundationAdapters.make(Value.self, builder: self, property: property) {
            return foundation
        }
        switch TypeKind(of: Value.self) {
        case .optional:
            if let builtin = Value.self as? any BuiltinAdapterProviding.Type {
                return try builtin.makeAdapter(self, property: property)
            }
        case .struct, .class:
            if let model = Value.self as? any Mappable.Type {
                for (known, entry) in KnownType.entries(for: model) where newKnownTypes[known] == nil {
                    newKnownTypes[known] = entry
                }
                if let made = try mappableAdapter(model, property: property) { return made }
            }
        case .enum:
            if let raw = try rawValueAdapter(Value.self, property: property) { return raw }
            if let tagged = Value.self as? any JSONPolymorphicEnum.Type {
                return try polymorphicEnumAdapter(tagged, property: property)
            }
        case .other:
            break
        }
        return try conformanceAdapter(Value.self, property: property)
    }

    /// The rest of the list, for a type its kind did not settle.
    private func conformanceAdapter<Value>(_ type: Value.Type, property: PropertyName) throws -> AnyObject {
        if let builtin = Value.self as? any BuiltinAdapterProviding.Type {
            return try builtin.makeAdapter(self, property: property)
        }
        if let wrapper = Value.self as? any JSONPropertyWrapper.Type {
            return try propertyWrapperAdapter(wrapper, property: property)
        }
        if TypeKind(of: Value.self) == .other, let model = Value.self as? any Mappable.Type,
            let made = try mappableAdapter(model, property: property)
        {
            return made
        }
        if TypeKind(of: Value.self) != .enum, let raw = try rawValueAdapter(Value.self, property: property) {
            return raw
        }
        if let codable = CodableAdapter<Value>.make() { return codable }
        throw MappingError(.unsupportedType(type: String(describing: Value.self), property: "\(property)"))
    }

    /// The adapter of a `Mappable` type, by what its conformance says it is.
    private func mappableAdapter(_ model: any Mappable.Type, property: PropertyName) throws -> AnyObject? {
        let kind = model._mappableKind
        switch kind {
        case .array:
            // `Array`'s own adapter reads it element by element; its conformance named the element.
            return try kind.element.map { try arrayOfModelsAdapter($0, property: property) }
        case .polymorphic:
            return try polymorphicAdapter(model, property: property)
        case .enumWithPayloads:
            return try kind.polymorphicEnum.map { try polymorphicEnumAdapter($0, property: property) }
        default:
            // A subclass may add `JSONPolymorphic` to a model whose `Mappable` conformance it inherits;
            // only a class with a superclass can, so only those are asked.
            if let subclass = model as? AnyClass, _getSuperclass(subclass) != nil,
                let polymorphic = model as? any JSONPolymorphic.Type
            {
                return try polymorphicBaseAdapter(polymorphic, property: property)
            }
            return try erasedModelAdapter(model)
        }
    }

    /// The adapter of `[Element]`, whose container conformance is known statically.
    private func arrayOfModelsAdapter<Element: Mappable>(
        _ element: Element.Type, property: PropertyName
    ) throws -> AnyObject {
        try ([Element].self as any BuiltinAdapterProviding.Type).makeAdapter(self, property: property)
    }

    /// The raw-value adapter of a `RawRepresentable` type, or `nil` when it is none or its raw value
    /// has no adapter.
    private func rawValueAdapter<Value>(_ type: Value.Type, property: PropertyName) throws -> AnyObject? {
        guard let raw = Value.self as? any RawRepresentable.Type else { return nil }
        return try? rawRepresentableAdapter(raw, property: property)
    }

    /// The plain model adapter, never a polymorphic one: for a polymorphic type's subtypes.
    func modelAdapter<Model: Mappable>(_ type: Model.Type) throws -> ModelAdapter<Model> {
        ModelAdapter<Model>(plan: try plan(for: Model.self))
    }

    private func erasedModelAdapter<Model: Mappable>(_ type: Model.Type) throws -> AnyObject {
        try modelAdapter(Model.self)
    }

    private func polymorphicAdapter(_ type: any Mappable.Type, property: PropertyName) throws -> AnyObject? {
        guard let polymorphic = type as? any JSONPolymorphic.Type else { return try erasedModelAdapter(type) }
        return try polymorphicBaseAdapter(polymorphic, property: property)
    }

    private func polymorphicBaseAdapter<Base: JSONPolymorphic>(
        _ type: Base.Type, property: PropertyName
    ) throws -> AnyObject {
        try PolymorphicAdapter<Base>(builder: self, property: property)
    }

    private func rawRepresentableAdapter<Value: RawRepresentable>(
        _ type: Value.Type, property: PropertyName
    ) throws -> AnyObject {
        RawValueAdapter<Value>(raw: try adapter(for: Value.RawValue.self, property: property))
    }

    /// The plan for a model type, built on first request. A plan is registered before its fields are
    /// worked out, so a model that contains itself (`var children: [Node]`) refers to its own plan.
    func plan<Model: Mappable>(for type: Model.Type) throws -> TypePlan {
        let identifier = ObjectIdentifier(Model.self)
        if let existing = newPlans[identifier] ?? publishedPlans[identifier] { return existing }
        if Model._mappableKind == .actor {
            throw MappingError(
                .unsupportedType(type: String(describing: Model.self), property: String(describing: Model.self)))
        }
        let isClass = TypeKind(of: Model.self) == .class
        let plan = TypePlan(modelType: Model.self, isClass: isClass)
        newPlans[identifier] = plan

        // A prototype instance gives the keys that `@JSONKey` wrappers carry, and the rules in code.
        var prototype = Model()
        var fields: [AnyBoundField] = []
        let stored = StoredFields.list(of: Model.self)
        let rules = try fieldRules(of: &prototype, stored: stored, isClass: isClass)
        // An `@Observable` class holds the registrar the macro adds; it is state, not data.
        let isObservable = isClass && stored.contains { StoredPropertyName.isObservationRegistrar($0.type) }
        try StoredFields.withStorage(of: &prototype, isClass: isClass) { storage in
            for (index, field) in stored.enumerated() {
                if isObservable && StoredPropertyName.isObservationRegistrar(field.type) { continue }
                let name = StoredPropertyName(of: field, isObservable: isObservable)
                let rule = rules?.rules[index]
                if rule?.isExcluded == true { continue }
                if let accessor = try accessor(
                    for: field, named: name, of: Model.self, prototype: storage, rule: rule, rules: rules)
                {
                    fields.append(accessor)
                }
            }
        }
        plan.install(fields, isObservable: isObservable)
        return plan
    }

    /// The rules the model gives in code (`Mappable._fieldRules(_:)`), or `nil` when it gives none.
    private func fieldRules<Model: Mappable>(
        of prototype: inout Model, stored: [StoredField], isClass: Bool
    ) throws -> JSONFieldRules? {
        var given: JSONFieldRules?
        try StoredFields.withBaseAddress(of: &prototype, isClass: isClass) { base, model in
            var rules = JSONFieldRules(modelType: Model.self, stored: stored, keyTranslator: translator, base: base)
            do {
                try model._fieldRules(&rules)
            } catch let error as MappingError {
                throw error
            } catch {
                throw MappingError(
                    .rejected(type: String(describing: Model.self), reason: MappingError.reason(of: error)))
            }
            if !rules.rules.isEmpty || rules.fallback != nil || rules.skipsNull
                || rules.takesTypedValues
            {
                given = rules
            }
        }
        return given
    }

    private func accessor(
        for field: StoredField, named name: StoredPropertyName, of owner: Any.Type, prototype: ModelStorage,
        rule: JSONFieldRules.Rule?, rules: JSONFieldRules?
    ) throws -> (AnyBoundField)? {
        let fallback = rules?.fallback
        // `lazy var` storage is computed on demand, and weak or unowned storage is not a plain value.
        if field.name.hasPrefix("$__lazy_storage_$_") || !field.isStrong { return nil }
        let property = PropertyName(name.property, of: owner)
        // Only wrapper storage (`_name`) can be ReflectMap's own wrappers; other fields are not asked.
        if name.isWrapper, let wrapper = field.type as? any PropertyWrapperField.Type {
            return try wrapper.makeAccessor(
                field: field, property: property, name: name.property, prototype: prototype, builder: self)
        }
        func make<Value>(_ type: Value.Type) throws -> AnyBoundField {
            let adapter: TypeAdapter<Value>
            do {
                if let given = rule?.adapter {
                    adapter = try typed(given, for: Value.self, property: property)
                } else {
                    adapter = try self.adapter(for: Value.self, property: property)
                }
            } catch let error as MappingError where fallback != nil && error.isUnsupportedType {
                // The model's own conversion is the last resort, for a type nothing else maps.
                guard let given = fallback?(Value.self) else { throw error }
                adapter = try typed(given, for: Value.self, property: property)
            } catch let error as MappingError
                where name.isWrapper
                && error.kind == .unsupportedType(type: String(describing: Value.self), property: "\(property)")
            {
                // Name the wrapper as what it is, and say how to make it mappable.
                throw MappingError(
                    .unsupportedType(
                        type: "\(Value.self) (a property wrapper that is neither Codable nor a JSONPropertyWrapper)",
                        property: "\(property)"
                    ))
            }
            let skipsNull = rules?.skipsNull ?? false
            let takesTypedValues = rules?.takesTypedValues ?? false
            return BoundField<Value>(
                keys: rule?.keys ?? [PropertyKey(translator.key(for: name.property))],
                slot: FieldSlot<Value>(field),
                isFillable: field.isVar,
                adapter: skipsNull || takesTypedValues
                    ? JSONFieldRulesAdapter(adapter, skipsNull: skipsNull, takesTypedValues: takesTypedValues) : adapter
            )
        }
        return try _openExistential(field.type, do: make)
    }
}

extension PlanBuilder {
    /// The mapper's adapter for a user's adapter that must convert exactly `Value`.
    fileprivate func typed<Value>(
        _ given: any JSONAdapter, for type: Value.Type, property: PropertyName
    ) throws -> TypeAdapter<Value> {
        guard let adapter = try given.makeErasedAdapter(self, property: property) as? TypeAdapter<Value> else {
            throw MappingError(
                .unsupportedType(
                    type: "\(Value.self) (the adapter converts \(given.valueType))", property: "\(property)"
                ))
        }
        return adapter
    }
}

extension MappingError {
    /// Whether the error says a type has no adapter.
    fileprivate var isUnsupportedType: Bool {
        if case .unsupportedType = kind { return true }
        return false
    }
}
