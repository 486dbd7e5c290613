/// Building plans ahead of first use.
extension JSONMapper {
    /// Builds the plans of the given model types, and of every type they contain, so that their first
    /// mapping does not pay for it.
    ///
    /// The first time a mapper meets a model type, it works out the type's fields, keys and
    /// adapters, which costs more than mapping a typical response. An app that maps many types once
    /// each can move that work off the main thread at launch:
    ///
    /// ```swift
    /// let mapper = JSONMapper(keyTranslator: .snakeCase)
    /// Task.detached(priority: .utility) {
    ///     try? mapper.prepare([User.self, Repository.self, Event.self])
    /// }
    /// ```
    ///
    /// Plans are shared by every copy of the mapper (and, with a built-in key translator and no
    /// registered adapters, by every such mapper), so a later `map` anywhere finds them built. It is
    /// safe to call from any thread or task, while other threads map: plans are built under the
    /// cache's lock, and a type already built is not built again.
    ///
    /// - Parameter types: Model types, `[Model].self` included.
    /// - Throws: The first ``MappingError/Kind/unsupportedType(type:property:)`` error that mapping
    ///   one of the types would throw, naming the property that cannot be filled. The types before
    ///   it stay prepared.
    public func prepare(_ types: [any Mappable.Type]) throws {
        // What the types are is known here: building asks the runtime nothing about them, nor about
        // their arrays and optionals.
        cache.recordKnownTypes(types)
        for type in types {
            try prepare(type)
        }
    }

    private func prepare<Model: Mappable>(_ type: Model.Type) throws {
        _ = try cache.adapter(for: Model.self, translator: keyTranslator)
    }
}
