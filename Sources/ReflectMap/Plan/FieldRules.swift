/// Rules a model gives in code for its own stored properties: their JSON keys, an adapter, or
/// that they are left out; and for the whole model, how a `null` member is taken, whether a tree's
/// values that already have a property's type are stored as they are, and a last-resort adapter for
/// types the mapper has none for. `Mappable._fieldRules(_:)` receives them once per type, on the
/// prototype instance its plan is built from.
///
/// Native models say all of this with ``JSONKey``, ``JSONTransform`` and ``JSONIgnored``. The rules
/// exist for modules that bring another mapper's model declarations to ReflectMap, where a
/// property is named by its address (`mapper <<< self.id <-- "user_id"`), such as
/// `ReflectMapHandyJSON`.
///
/// A property is identified by where its storage lies in the prototype: the runtime reports each
/// stored field's byte offset, and ``property(at:type:)`` matches an address inside the prototype
/// against them. That holds for a stored property of a struct or a class, accessed on the instance
/// the hook was called on. A computed property, a wrapper, and a property with a `willSet` observer
/// or a `didSet` that reads `oldValue` are handed over through a temporary copy, and are not found.
public struct JSONFieldRules {
    /// One stored property of the model, as the runtime reports it.
    public struct Property: Sendable {
        /// The stored field's name (`_name` for a property wrapper's storage).
        public let name: String
        /// The byte offset of the field in the model's storage.
        public let offset: Int
        /// The field's type.
        public let type: Any.Type
        /// The field's place among the model's stored fields.
        let index: Int
    }

    /// What the rules say about one property.
    struct Rule {
        var keys: [PropertyKey]?
        var isExcluded = false
        var adapter: (any JSONAdapter)?
    }

    /// The model type the rules are for.
    public let modelType: Any.Type
    /// The model's stored fields, as the runtime listed them for the plan.
    let stored: [StoredField]
    /// The model's stored properties, inherited ones first. Made when asked for: most models give no
    /// rules, and their plans should not pay for the list.
    public var properties: [Property] {
        stored.enumerated().map { index, field in
            Property(name: field.name, offset: field.offset, type: field.type, index: index)
        }
    }
    /// The translator the mapper names the other properties with.
    public let keyTranslator: KeyTranslator
    /// Where the prototype's storage begins (the object for a class, the value for a struct), as a
    /// number: only compared with other addresses, never read or written through.
    let base: UInt
    private(set) var rules: [Int: Rule] = [:]
    /// Whether a `null` member leaves its property as it is, as a missing key does (HandyJSON's
    /// rule). Otherwise `null` makes an optional `nil`, a raw `Any` `NSNull`, and is an unusable value
    /// for any other type.
    public var skipsNull = false
    /// Whether, in a Foundation tree, a value that already has the property's type and is not JSON
    /// (an enum case or a model instance put into a dictionary in code) is stored as it is, as
    /// HandyJSON does. Otherwise only JSON values are read.
    public var takesTypedValues = false
    /// Types the model's own conversion maps where the mapper has no adapter (see ``fallback``).
    var fallback: (@Sendable (Any.Type) -> (any JSONAdapter)?)?

    init(modelType: Any.Type, stored: [StoredField], keyTranslator: KeyTranslator, base: UInt) {
        self.modelType = modelType
        self.stored = stored
        self.keyTranslator = keyTranslator
        self.base = base
    }

    /// Reads the property from `keys`, the first present winning, and writes it under the first.
    /// Each key is a list of steps into nested objects: `["id"]` is the key `id`, and
    /// `["user", "id"]` is `id` inside `user`.
    ///
    /// - Parameters:
    ///   - keys: The keys, at least one, each with at least one step.
    ///   - property: The property.
    public mutating func setKeys(_ keys: [[String]], for property: Property) {
        let fieldKeys = keys.filter { !$0.isEmpty }.map(PropertyKey.init(components:))
        guard !fieldKeys.isEmpty else { return }
        rules[property.index, default: Rule()].keys = fieldKeys
    }

    /// Leaves the property out: it is neither read nor written.
    ///
    /// - Parameter property: The property.
    public mutating func exclude(_ property: Property) {
        rules[property.index, default: Rule()].isExcluded = true
    }

    /// Reads and writes the property through `adapter`, whose value type must be the property's type.
    ///
    /// - Parameters:
    ///   - adapter: The adapter.
    ///   - property: The property.
    /// - Throws: ``MappingError`` of kind ``MappingError/Kind/unsupportedType(type:property:)`` when
    ///   the adapter converts another type.
    public mutating func setAdapter(_ adapter: any JSONAdapter, for property: Property) throws {
        guard adapter.valueType == property.type else {
            throw MappingError(
                .unsupportedType(
                    type: "\(property.type) (the adapter converts \(adapter.valueType))",
                    property: "\(modelType).\(property.name)"
                ))
        }
        rules[property.index, default: Rule()].adapter = adapter
    }

    /// Gives the mapper a last resort for this model's properties whose type it has no adapter for:
    /// `provide` is asked for the property's type, and the adapter it returns must convert exactly
    /// that type. It is asked only after every other rule has failed, so it costs nothing for types
    /// the mapper knows.
    ///
    /// - Parameter provide: Returns an adapter for a type, or `nil`.
    public mutating func setFallback(_ provide: @escaping @Sendable (Any.Type) -> (any JSONAdapter)?) {
        fallback = provide
    }
}
