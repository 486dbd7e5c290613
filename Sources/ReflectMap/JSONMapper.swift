import Foundation

/// Maps JSON into ``Mappable`` models and models back into JSON, with no per-model code.
///
/// ```swift
/// let mapper = JSONMapper(keyTranslator: .snakeCase)
/// let user = try mapper.map(User.self, from: data)
/// let users = try mapper.mapArray(User.self, from: listData)
/// let json = try mapper.data(from: user)
/// ```
///
/// A mapper is a small value; copy it freely and use it from any thread. Each model type's plan is
/// built the first time it is used with a given ``KeyTranslator`` and cached for the life of the
/// process.
public struct JSONMapper: Sendable {
    /// Turns property names into JSON keys. `@JSONKey` overrides it per property.
    public var keyTranslator: KeyTranslator
    /// Lenient (the default) or strict handling of JSON that does not match the model.
    public var mode: MappingMode
    /// How `Date` properties are read and written. The default is ``DateStrategy/iso8601``.
    public var dateStrategy: DateStrategy
    /// Writes `nil` optionals as `null` instead of leaving their keys out. Off by default.
    public var writesNilAsNull = false
    /// The deepest nesting of objects and arrays that the mapper walks, 256 by default. Deeper input
    /// throws ``MappingError/Kind/nestingTooDeep(limit:)`` instead of exhausting the stack.
    public var maxDepth = 256

    /// Creates a mapper.
    ///
    /// - Parameters:
    ///   - keyTranslator: Turns property names into JSON keys; ``KeyTranslator/identity`` by default.
    ///   - mode: ``MappingMode/lenient`` by default.
    ///   - dateStrategy: ``DateStrategy/iso8601`` by default.
    public init(
        keyTranslator: KeyTranslator = .identity,
        mode: MappingMode = .lenient,
        dateStrategy: DateStrategy = .iso8601
    ) {
        self.keyTranslator = keyTranslator
        self.mode = mode
        self.dateStrategy = dateStrategy
    }

    // MARK: JSON → models

    /// Maps JSON bytes into a model, or into `[Model]` for a JSON array.
    ///
    /// The bytes go straight into the model's fields: no dictionary is built, a value no property
    /// wants is validated and skipped, and a string is decoded only when a property takes it.
    /// - Throws: ``MappingError`` for malformed JSON (with its ``MappingError/byteOffset``), a
    ///   top-level value of the wrong kind, or (in strict mode) any mismatch.
    public func map<T: Mappable>(_ type: T.Type, from data: Data) throws -> T {
        try read(T.self, from: data, at: nil, reporting: false).value
    }

    /// Maps a dictionary, as `JSONSerialization` returns it, into a model.
    public func map<T: Mappable>(_ type: T.Type, from dictionary: [String: Any]) throws -> T {
        try read(T.self, from: dictionary, path: [], reporting: false).value
    }

    /// Maps the value at a dotted key path, such as `"data.result"`, to unwrap an envelope.
    /// A numeric component indexes an array: `"data.items.0"`.
    public func map<T: Mappable>(_ type: T.Type, from data: Data, at keyPath: String) throws -> T {
        try read(T.self, from: data, at: keyPath, reporting: false).value
    }

    /// Maps a top-level JSON array into models.
    public func mapArray<T: Mappable>(_ type: T.Type, from data: Data) throws -> [T] {
        try map([T].self, from: data)
    }

    /// Maps any `JSONSerialization` output: a dictionary for a model, an array for `[Model]`.
    public func map<T: Mappable>(_ type: T.Type, fromJSONObject object: Any) throws -> T {
        try read(T.self, from: object, path: [], reporting: false).value
    }

    /// Maps JSON bytes and reports what did not match exactly: unmapped keys, unfilled properties,
    /// coercions and skipped values.
    public func mapWithReport<T: Mappable>(_ type: T.Type, from data: Data) throws -> (value: T, report: MappingReport) {
        try read(T.self, from: data, at: nil, reporting: true)
    }

    /// Maps a dictionary and reports what did not match exactly.
    public func mapWithReport<T: Mappable>(
        _ type: T.Type, from dictionary: [String: Any]
    ) throws -> (value: T, report: MappingReport) {
        try read(T.self, from: dictionary, path: [], reporting: true)
    }

    /// Maps any `JSONSerialization` output and reports what did not match exactly.
    public func mapWithReport<T: Mappable>(
        _ type: T.Type, fromJSONObject object: Any
    ) throws -> (value: T, report: MappingReport) {
        try read(T.self, from: object, path: [], reporting: true)
    }

    /// The byte route. The bytes go straight into the model; the rare document where that cannot give
    /// the dictionary route's answer is read again through a ``JSONValue`` tree and the dictionary
    /// route, so that both routes always agree:
    /// - an object that gives one property two values (a repeated key, or a preferred alternate key
    ///   after a lesser one): the dictionary route sees only the value that wins;
    /// - any mapping error: the error is then the dictionary route's (which checks properties in
    ///   declaration order), and malformed JSON anywhere in the input is reported as such first.
    private func read<T>(
        _ type: T.Type, from data: Data, at keyPath: String?, reporting: Bool
    ) throws -> (value: T, report: MappingReport) {
        do {
            return try readBytes(T.self, from: data, at: keyPath, reporting: reporting)
        } catch let error as MappingError {
            switch error.kind {
            case .malformedJSON, .keyPathNotFound, .unsupportedType: throw error
            default: return try readTree(T.self, from: data, at: keyPath, reporting: reporting)
            }
        } catch is RepeatedPropertyValue {
            return try readTree(T.self, from: data, at: keyPath, reporting: reporting)
        }
    }

    /// Maps bytes straight into the model's fields.
    private func readBytes<T>(
        _ type: T.Type, from data: Data, at keyPath: String?, reporting: Bool
    ) throws -> (value: T, report: MappingReport) {
        let adapter = try keyTranslator.cache.adapter(for: T.self, translator: keyTranslator)
        var scanner = JSONScanner(data, maxDepth: maxDepth)
        var path: [PathComponent] = []
        var open: JSONScanner.OpenContainers = []
        if let keyPath { (path, open) = try scanner.descend(to: keyPath) }
        var context = ReadContext(mapper: self, reporting: reporting, path: path)
        let value: T
        do {
            // At the top level every failure throws, in lenient mode too, so `nil` is not expected.
            guard let read = try adapter.read(&scanner, &context) else {
                throw MappingError(.typeMismatch(expected: adapter.typeName, found: "an unusable value"))
            }
            value = read
        } catch var error as MappingError {
            error.components = path + error.components
            throw error
        }
        try scanner.finish(enclosing: open)
        return (value, context.report?.canonical ?? MappingReport())
    }

    /// Maps bytes through a ``JSONValue`` tree and the dictionary route. The tree is parsed with the
    /// mapper's depth limit and the key path is followed as ``JSONScanner/descend(to:)`` follows it.
    private func readTree<T>(
        _ type: T.Type, from data: Data, at keyPath: String?, reporting: Bool
    ) throws -> (value: T, report: MappingReport) {
        var value = try JSONValue(parsing: data, maxDepth: maxDepth)
        var path: [PathComponent] = []
        for component in keyPath.map(JSONScanner.components(of:)) ?? [] {
            if case .object = value, let member = value[component] {
                value = member
                path.append(.key(component))
            } else if case .array = value, let index = Int(component), index >= 0, let element = value[index] {
                value = element
                path.append(.index(index))
            } else {
                throw MappingError(.keyPathNotFound(keyPath ?? ""), at: path)
            }
        }
        return try read(T.self, from: value.jsonObject, path: path, reporting: reporting)
    }

    /// The route for `JSONSerialization` output.
    private func read<T>(
        _ type: T.Type, from json: Any, path: [PathComponent], reporting: Bool
    ) throws -> (value: T, report: MappingReport) {
        let adapter = try keyTranslator.cache.adapter(for: T.self, translator: keyTranslator)
        var context = ReadContext(mapper: self, reporting: reporting, path: path)
        do {
            // At the top level every failure throws, in lenient mode too, so `nil` is not expected.
            guard let value = try adapter.read(json, &context) else {
                throw MappingError(.typeMismatch(expected: adapter.typeName, found: JSONScalar(json).summary))
            }
            return (value, context.report?.canonical ?? MappingReport())
        } catch var error as MappingError {
            error.components = path + error.components
            throw error
        }
    }

    // MARK: models → JSON

    /// The model as a JSON object, ready for `JSONSerialization`.
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
    public func jsonObject<T: Mappable>(from value: T) throws -> Any {
        try write(value, forSerializer: false)
    }

    /// The model as UTF-8 JSON bytes, with keys sorted so the output is stable.
    /// - Throws: ``MappingError`` for a reference cycle or a value JSON cannot hold (a non-finite
    ///   number, or a raw `Any` value that is not JSON).
    public func data(from value: some Mappable) throws -> Data {
        var serializer = JSONSerializer()
        try serializer.write(write(value, forSerializer: true))
        return Data(serializer.bytes)
    }

    private func write<T: Mappable>(_ value: T, forSerializer: Bool) throws -> Any {
        let adapter = try keyTranslator.cache.adapter(for: T.self, translator: keyTranslator)
        var context = WriteContext(mapper: self, forSerializer: forSerializer)
        return try adapter.write(value, &context) ?? NSNull()
    }
}
