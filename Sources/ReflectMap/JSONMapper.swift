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
/// built the first time the mapper (or a copy of it) uses it, and cached: with a built-in
/// ``KeyTranslator`` for the life of the process, shared by every mapper; with a custom one for as
/// long as the mapper or a copy of it lives.
public struct JSONMapper: Sendable {
    /// Turns property names into JSON keys. `@JSONKey` overrides it per property.
    public var keyTranslator: KeyTranslator {
        didSet { cache = Self.cache(for: keyTranslator, adapters: adapters) }
    }
    /// Lenient (the default) or strict handling of JSON that does not match the model.
    public var mode: MappingMode
    /// How `Date` properties are read and written. The default is ``DateStrategy/iso8601``.
    public var dateStrategy: DateStrategy
    /// Writes `nil` optionals as `null` instead of leaving their keys out. Off by default.
    public var writesNilAsNull = false
    /// How ``data(from:)`` lays out its output: sorted keys and slashes left alone by default.
    public var outputFormatting: OutputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    /// The deepest nesting of objects and arrays that the mapper walks, 256 by default. Deeper input
    /// throws ``MappingError/Kind/nestingTooDeep(limit:)`` instead of exhausting the stack.
    public var maxDepth = 256

    /// Receives the report of every mapping whose JSON did not match the model exactly, from every entry
    /// point that maps (streams and `ReflectMapClient`'s calls included), never a clean one: how an
    /// app in production learns that its backend changed.
    ///
    /// ```swift
    /// var mapper = JSONMapper(keyTranslator: .snakeCase)
    /// mapper.reportHandler = { drift in
    ///     analytics.log("json-drift", ["type": "\(drift.modelType)", "report": "\(drift.report)"])
    /// }
    /// ```
    ///
    /// With a handler set every mapping reports, which costs some of its speed; without one
    /// (the default) nothing is reported unless asked for. The handler runs on the thread that maps,
    /// before the mapping returns.
    public var reportHandler: (@Sendable (MappingDrift) -> Void)?

    /// The adapters registered for every property of their types, in every model (GSON's
    /// `registerTypeAdapter`). When two convert the same type, the later one wins.
    public private(set) var adapters: [any JSONAdapter]

    /// The plans built for this configuration, shared by the mapper's copies.
    private(set) var cache: PlanCache

    /// Creates a mapper.
    ///
    /// ```swift
    /// let mapper = JSONMapper(keyTranslator: .snakeCase, adapters: [MoneyAdapter()])
    /// ```
    ///
    /// - Parameters:
    ///   - keyTranslator: Turns property names into JSON keys; ``KeyTranslator/identity`` by default.
    ///   - mode: ``MappingMode/lenient`` by default.
    ///   - dateStrategy: ``DateStrategy/iso8601`` by default.
    ///   - adapters: ``JSONAdapter``s used for every property of their types, in every model, ahead
    ///     of the mapper's own handling of those types; none by default.
    public init(
        keyTranslator: KeyTranslator = .identity,
        mode: MappingMode = .lenient,
        dateStrategy: DateStrategy = .iso8601,
        adapters: [any JSONAdapter] = []
    ) {
        self.keyTranslator = keyTranslator
        self.mode = mode
        self.dateStrategy = dateStrategy
        self.adapters = adapters
        self.cache = Self.cache(for: keyTranslator, adapters: adapters)
    }

    private static func cache(for translator: KeyTranslator, adapters: [any JSONAdapter]) -> PlanCache {
        if adapters.isEmpty, let shared = translator.sharedCache { return shared }
        var registry: AdapterRegistry = [:]
        for adapter in adapters { registry[ObjectIdentifier(adapter.valueType)] = adapter }
        return PlanCache(registry: registry)
    }

    /// Output options for ``JSONMapper/data(from:)``, in `JSONEncoder`'s words.
    public struct OutputFormatting: OptionSet, Sendable, Hashable {
        /// The options' bits.
        public let rawValue: UInt

        /// Creates a set of options from its raw bits.
        ///
        /// - Parameter rawValue: The bits of the options.
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Members in key order, so the output is stable. On by default.
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 0)
        /// Line breaks and two-space indentation, with `" : "` between a key and its value.
        public static let prettyPrinted = OutputFormatting(rawValue: 1 << 1)
        /// Writes `/` as it is rather than as `\/`. On by default (unlike `JSONEncoder`, whose
        /// default escapes it); remove it for output that may be embedded in HTML `<script>` tags.
        public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 2)
    }

    // MARK: JSON → models

    /// Maps JSON bytes into a model, or into `[Model]` for a JSON array.
    ///
    /// The bytes go straight into the model's fields: no dictionary is built, a value no property
    /// wants is validated and skipped, and a string is decoded only when a property takes it.
    ///
    /// - Parameters:
    ///   - type: The model type, or `[Model].self`.
    ///   - data: UTF-8 JSON.
    /// - Returns: The model, or the models of a JSON array.
    /// - Throws: ``MappingError`` for malformed JSON (with its ``MappingError/byteOffset``), a
    ///   top-level value of the wrong kind, or (in strict mode) any mismatch.
    public func map<T: Mappable>(_ type: T.Type, from data: Data) throws -> T {
        try reading(T.self, at: nil, reporting: false) { try read(T.self, from: data, at: nil, reporting: $0) }.value
    }

    /// Maps a dictionary, as `JSONSerialization` returns it, into a model.
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - dictionary: A JSON object.
    /// - Returns: The model.
    /// - Throws: ``MappingError`` when the dictionary cannot be mapped.
    public func map<T: Mappable>(_ type: T.Type, from dictionary: [String: Any]) throws -> T {
        try reading(T.self, at: nil, reporting: false) { try read(T.self, fromTree: dictionary, path: [], reporting: $0) }.value
    }

    /// Maps the value at a dotted key path, such as `"data.result"`, to unwrap an envelope.
    /// A numeric component indexes an array: `"data.items.0"`. Leading and trailing dots are ignored,
    /// and an empty key path is the whole document.
    ///
    /// - Parameters:
    ///   - type: The model type, or `[Model].self`.
    ///   - data: UTF-8 JSON.
    ///   - keyPath: Dot-separated keys and array indices.
    /// - Returns: The model, or the models, at the key path.
    /// - Throws: ``MappingError``, of kind ``MappingError/Kind/keyPathNotFound(_:)`` when the path leads nowhere.
    public func map<T: Mappable>(_ type: T.Type, from data: Data, at keyPath: String) throws -> T {
        try reading(T.self, at: keyPath, reporting: false) { try read(T.self, from: data, at: keyPath, reporting: $0) }.value
    }

    /// Maps a top-level JSON array into models.
    ///
    /// - Parameters:
    ///   - type: The element model type.
    ///   - data: UTF-8 JSON holding an array.
    /// - Returns: The models, in the array's order.
    /// - Throws: ``MappingError`` when the data cannot be mapped.
    public func mapArray<T: Mappable>(_ type: T.Type, from data: Data) throws -> [T] {
        try map([T].self, from: data)
    }

    /// Maps any `JSONSerialization` output: a dictionary for a model, an array for `[Model]`.
    ///
    /// - Parameters:
    ///   - type: The model type, or `[Model].self`.
    ///   - object: What `JSONSerialization` returned, or Swift values of the same shapes.
    /// - Returns: The model, or the models of an array.
    /// - Throws: ``MappingError`` when the object cannot be mapped.
    public func map<T: Mappable>(_ type: T.Type, fromJSONObject object: Any) throws -> T {
        try reading(T.self, at: nil, reporting: false) { try read(T.self, fromTree: object, path: [], reporting: $0) }.value
    }

    /// Maps JSON bytes and reports what did not match exactly: unmapped keys, unfilled properties,
    /// coercions and skipped values.
    ///
    /// - Parameters:
    ///   - type: The model type, or `[Model].self`.
    ///   - data: UTF-8 JSON.
    /// - Returns: The model, and a report of what did not match exactly.
    /// - Throws: ``MappingError`` when the data cannot be mapped at all.
    public func mapWithReport<T: Mappable>(_ type: T.Type, from data: Data) throws -> (value: T, report: MappingReport) {
        try reading(T.self, at: nil, reporting: true) { try read(T.self, from: data, at: nil, reporting: $0) }
    }

    /// Maps a dictionary and reports what did not match exactly.
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - dictionary: A JSON object.
    /// - Returns: The model, and a report of what did not match exactly.
    /// - Throws: ``MappingError`` when the dictionary cannot be mapped at all.
    public func mapWithReport<T: Mappable>(
        _ type: T.Type, from dictionary: [String: Any]
    ) throws -> (value: T, report: MappingReport) {
        try reading(T.self, at: nil, reporting: true) { try read(T.self, fromTree: dictionary, path: [], reporting: $0) }
    }

    /// Maps any `JSONSerialization` output and reports what did not match exactly.
    ///
    /// - Parameters:
    ///   - type: The model type, or `[Model].self`.
    ///   - object: What `JSONSerialization` returned.
    /// - Returns: The model, and a report of what did not match exactly.
    /// - Throws: ``MappingError`` when the object cannot be mapped at all.
    public func mapWithReport<T: Mappable>(
        _ type: T.Type, fromJSONObject object: Any
    ) throws -> (value: T, report: MappingReport) {
        try reading(T.self, at: nil, reporting: true) { try read(T.self, fromTree: object, path: [], reporting: $0) }
    }

    /// Fills an existing model from JSON: only the properties whose keys are present change, and
    /// missing keys are not errors, in strict mode either (ObjectMapper's `map(JSON:toObject:)`).
    /// Nested models are created anew. ``Mappable/didFinishMapping()`` runs afterwards.
    ///
    /// ```swift
    /// try mapper.update(&settings, from: patchData)
    /// ```
    ///
    /// A struct is left unchanged when this throws; a class instance may have been partly updated.
    /// An array is replaced as a whole.
    ///
    /// - Parameters:
    ///   - value: The model to update.
    ///   - data: UTF-8 JSON holding an object.
    /// - Throws: ``MappingError`` for malformed JSON, a top-level value that is not an object, or (in
    ///   strict mode) a value that does not fit.
    public func update<T: Mappable>(_ value: inout T, from data: Data) throws {
        let adapter = try cache.adapter(for: T.self, translator: keyTranslator)
        let report = try InputBytes.reading(data) { bytes in
            var reader = JSONReader(scanner: JSONScanner(bytes: bytes), settings: readSettings, reporting: reportHandler != nil)
            var copy = value
            do {
                if let model = adapter as? ModelAdapter<T> {
                    defer { reader.recyclePool() }
                    do {
                        try model.update(&copy, from: &reader)
                    } catch let error as MappingError {
                        throw reader.locate(error)
                    }
                } else {
                    copy = try read(adapter, &reader)
                }
                try reader.finish()
            } catch let error as MappingError where error.isAboutTheValue {
                try validate(bytes)
                throw error
            }
            value = copy
            return reader.report
        }
        if let reportHandler, let report { deliver(report.report, for: T.self, at: nil, to: reportHandler) }
    }

    // MARK: models → JSON

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
}
