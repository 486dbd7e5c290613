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
    /// The slot of the wrapped value inside the wrapper's storage, where the property's value lies.
    /// - Throws: `unsupportedType` when the runtime does not report the wrapper's layout.
    static func wrappedSlot<Value>(
        _ field: StoredField, at keyPath: KeyPath<Self, Value>, property: PropertyName
    ) throws -> FieldSlot<Value> {
        guard let slot = FieldSlot(wrapped: field, in: Self.self, at: keyPath) else {
            throw MappingError(.unsupportedType(type: String(describing: Self.self), property: "\(property)"))
        }
        return slot
    }
}

extension JSONKey: PropertyWrapperField {
    static func makeAccessor(
        field: StoredField, property: PropertyName, name: String, prototype: ModelStorage, builder: PlanBuilder
    ) throws -> (AnyBoundField)? {
        let slot = try wrappedSlot(field, at: \Self.wrappedValue, property: property)
        let wrapper = prototype.load(Self.self, from: field)
        let keys = ([wrapper.key] + wrapper.alternates).map { wrapper.isPath ? PropertyKey(path: $0) : PropertyKey($0) }
        return BoundField<Value>(
            keys: keys, slot: slot, isFillable: field.isVar,
            adapter: try builder.adapter(for: Value.self, property: property))
    }
}

extension JSONTransform: PropertyWrapperField {
    static func makeAccessor(
        field: StoredField, property: PropertyName, name: String, prototype: ModelStorage, builder: PlanBuilder
    ) throws -> (AnyBoundField)? {
        let slot = try wrappedSlot(field, at: \Self.wrappedValue, property: property)
        let wrapper = prototype.load(Self.self, from: field)
        return BoundField<Adapter.Value>(
            keys: [PropertyKey(wrapper.key ?? builder.translator.key(for: name))], slot: slot, isFillable: field.isVar,
            adapter: try wrapper.adapter.makeTypeAdapter(builder, property: property))
    }
}

extension JSONIgnored: PropertyWrapperField {
    static func makeAccessor(
        field: StoredField, property: PropertyName, name: String, prototype: ModelStorage, builder: PlanBuilder
    ) throws -> (AnyBoundField)? {
        nil
    }
}
