import Foundation

// Models into JSON: the public entry points, and the one route under them, through one `JSONWriter`
// whose sink is bytes or Foundation objects.

extension JSONMapper {
    /// The model as a JSON object, ready for `JSONSerialization`.
    ///
    /// - Parameter value: The model.
    /// - Returns: The model's JSON object, with `NSNumber`-compatible numbers, `String`s, arrays,
    ///   dictionaries and `NSNull`.
    /// - Throws: ``MappingError`` for a reference cycle, a value JSON cannot hold, or a model that
    ///   is an array (use ``jsonObject(from:)``).
    public func dictionary(from value: some Mappable) throws -> [String: Any] {
        let json = try jsonObject(from: value)
        guard let object = json as? [String: Any] else {
            throw MappingError(.typeMismatch(expected: "a JSON object", found: JSONScalar(json).summary))
        }
        return object
    }

    /// The model as a `JSONSerialization`-ready value: a dictionary, or an array for `[Model]`.
    ///
    /// - Parameter value: The model, or an array of models.
    /// - Returns: A dictionary, or an array for an array of models.
    /// - Throws: ``MappingError`` for a reference cycle or a value JSON cannot hold.
    public func jsonObject<T: Mappable>(from value: T) throws -> Any {
        try write(value, toTree: true).result
    }

    /// The model as UTF-8 JSON bytes, laid out as ``outputFormatting`` says (keys sorted by default, so
    /// the output is stable).
    ///
    /// - Parameter value: The model, or an array of models.
    /// - Returns: UTF-8 JSON.
    /// - Throws: ``MappingError`` for a reference cycle or a value JSON cannot hold (a non-finite
    ///   number, or a raw `Any` value that is not JSON).
    public func data(from value: some Mappable) throws -> Data {
        try write(value, toTree: false).output.data()
    }

    /// The model as JSON text, laid out as ``data(from:)`` lays out bytes (by ``outputFormatting``).
    ///
    /// ```swift
    /// let text = try mapper.string(from: user)   // {"id":1,"screen_name":"ada"}
    /// ```
    ///
    /// - Parameter value: The model, or an array of models.
    /// - Returns: JSON text.
    /// - Throws: ``MappingError`` for a reference cycle or a value JSON cannot hold.
    public func string(from value: some Mappable) throws -> String {
        try write(value, toTree: false).output.string()
    }

    func write<T>(_ value: T, toTree: Bool) throws -> JSONWriter {
        let adapter = try cache.adapter(for: T.self, translator: keyTranslator)
        let settings = WriteSettings(
            formatting: outputFormatting, dateStrategy: dateStrategy, writesNilAsNull: writesNilAsNull,
            maxDepth: maxDepth,
            plans: PlanLookup(cache: cache, translator: keyTranslator)
        )
        var writer = JSONWriter(settings: settings, toTree: toTree)
        do {
            try adapter.write(value, to: &writer)
        } catch var error as MappingError where !error.isLocated {
            // Thrown without a path (by a user's adapter, say): the writer's path is still where it was
            // thrown, and its own path, if any, is below that.
            error.components = writer.components + error.components
            error.isLocated = true
            throw error
        }
        return writer
    }
}
