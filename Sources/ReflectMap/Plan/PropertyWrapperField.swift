// The property wrappers the plan builder unwraps: each one's storage becomes a bound field.

/// `@JSONKey`, `@JSONTransform` and `@JSONIgnored` storage (`_name`), which the builder unwraps.
protocol PropertyWrapperField {
    /// The accessor for the wrapped property; `property` is `Owner.name`, as errors spell it, and
    /// `name` is the property's name, without the storage's `_`.
    static func makeAccessor(
        field: StoredField, property: PropertyName, name: String, prototype: ModelStorage, builder: PlanBuilder
    ) throws -> (AnyBoundField)?
}

extension PropertyWrapperField {
    /// The bound field of a wrapper's storage: its wrapped value, at `keyPath`, read and written under
    /// the keys and with the adapter that the wrapper, as the prototype holds it, gives.
    /// - Throws: `unsupportedType` when the runtime does not report the wrapper's layout.
    static func boundField<Value>(
        _ field: StoredField, wrapping keyPath: KeyPath<Self, Value>, property: PropertyName,
        prototype: ModelStorage, keys: (Self) -> [PropertyKey], adapter: (Self) throws -> TypeAdapter<Value>
    ) throws -> BoundField<Value> {
        guard let slot = FieldSlot(wrapped: field, in: Self.self, at: keyPath) else {
            throw MappingError(.unsupportedType(type: String(describing: Self.self), property: "\(property)"))
        }
        let wrapper = prototype.load(Self.self, from: field)
        return BoundField(keys: keys(wrapper), slot: slot, isFillable: field.isVar, adapter: try adapter(wrapper))
    }
}

extension JSONKey: PropertyWrapperField {
    static func makeAccessor(
        field: StoredField, property: PropertyName, name: String, prototype: ModelStorage, builder: PlanBuilder
    ) throws -> (AnyBoundField)? {
        try boundField(
            field, wrapping: \Self.wrappedValue, property: property, prototype: prototype,
            keys: { wrapper in
                ([wrapper.key] + wrapper.alternates).map { wrapper.isPath ? PropertyKey(path: $0) : PropertyKey($0) }
            },
            adapter: { _ in try builder.adapter(for: Value.self, property: property) })
    }
}

extension JSONTransform: PropertyWrapperField {
    static func makeAccessor(
        field: StoredField, property: PropertyName, name: String, prototype: ModelStorage, builder: PlanBuilder
    ) throws -> (AnyBoundField)? {
        try boundField(
            field, wrapping: \Self.wrappedValue, property: property, prototype: prototype,
            keys: { [PropertyKey($0.key ?? builder.translator.key(for: name))] },
            adapter: { try $0.adapter.makeTypeAdapter(builder, property: property) })
    }
}

extension JSONIgnored: PropertyWrapperField {
    static func makeAccessor(
        field: StoredField, property: PropertyName, name: String, prototype: ModelStorage, builder: PlanBuilder
    ) throws -> (AnyBoundField)? {
        nil
    }
}
