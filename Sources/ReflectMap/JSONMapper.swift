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
/// ``KeyTranslator`` and no registered ``adapters``, for the life of the process and shared by every
/// such mapper; otherwise for as long as the mapper or a copy of it lives.
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
    public var maxDepth = JSONMapper.defaultMaxDepth

    /// ``maxDepth``'s default, which reading without a mapper's settings uses too. A model level takes a
    /// few frames of the fill loop, and 256 levels fit the 512 KiB stack of a secondary thread on Apple
    /// platforms.
    static let defaultMaxDepth = 256

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

        /// A model's members in key order rather than in declaration order. On by default.
        ///
        /// Writing is deterministic with or without it: equal models write equal bytes. Dictionaries and
        /// ``JSONValue`` objects are always written in key order, and sets in value order
        /// (`Comparable` elements) or else in the order of their elements' compact JSON text, because a
        /// `Dictionary`'s or a `Set`'s own order differs between equal values.
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 0)
        /// Line breaks and two-space indentation, with `" : "` between a key and its value.
        public static let prettyPrinted = OutputFormatting(rawValue: 1 << 1)
        /// Writes `/` as it is rather than as `\/`. On by default (unlike `JSONEncoder`, whose
        /// default escapes it); remove it for output that may be embedded in HTML `<script>` tags.
        public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 2)
    }
}
