import Foundation
import ReflectMap

/// A model declared for HandyJSON: a class or struct with `var` properties and an `init()`, mapped by
/// ReflectMap's engine.
///
/// ```swift
/// class Animal: HandyJSON {
///     var name: String?
///     var id: String?
///     required init() {}
///
///     func mapping(mapper: HelpingMapper) {
///         mapper <<< self.id <-- "animal_id"
///     }
/// }
/// let cat = Animal.deserialize(from: #"{"name": "Tom", "animal_id": "c1"}"#)
/// ```
///
/// A `HandyJSON` model is also a ReflectMap `Mappable`, so `JSONMapper` and `ReflectMapClient`
/// take it as it is, with its custom mapping.
public protocol HandyJSON: Mappable {
    /// Creates an instance with every property at its default value.
    init()

    /// Called on each new instance before the mapper fills it. The default does nothing.
    mutating func willStartMapping()

    /// Names keys, transforms and exclusions for this type's properties with a ``HelpingMapper``.
    ///
    /// It runs once per type, on the instance the type's plan is built from, and the mapper
    /// identifies each property it names by where its storage lies in that instance. That holds for
    /// the stored properties of a struct or a class, inherited ones included, named as `self.name`.
    /// A property with accessors (every `@objc dynamic` property of an `NSObject` model, a computed
    /// property, a property with a `willSet` observer or a `didSet` that reads `oldValue`) is reached
    /// through a temporary copy that Swift writes back through the setter: in a class model, for a
    /// number, `String`, `Bool`, `Date` or an optional of one, the mapper writes a distinct value into
    /// the copy and finds the stored field the setter put it in. A rule it cannot place is left out and
    /// logged, and the rest of the model maps. Mapping writes storage, as HandyJSON 5 does, so
    /// `didSet`, `willSet` and KVO observers do not run; assign the property again in
    /// ``didFinishMapping()`` where they must. The default names nothing.
    ///
    /// - Parameter mapper: Collects the rules.
    mutating func mapping(mapper: HelpingMapper)

    /// Called after the mapper has filled the instance, children before parents. A struct may change
    /// itself here. The default does nothing.
    mutating func didFinishMapping()
}

extension HandyJSON {
    /// Does nothing.
    public mutating func willStartMapping() {}

    /// Names nothing: every property is read from the key of its own name.
    ///
    /// - Parameter mapper: Unused.
    public mutating func mapping(mapper: HelpingMapper) {}

    /// Does nothing.
    public mutating func didFinishMapping() {}

    /// Runs ``mapping(mapper:)`` on the prototype and hands its rules to ReflectMap's plan.
    ///
    /// - Parameter rules: The plan's rules.
    /// - Throws: What an adapter rule throws when its type does not match its property's.
    public mutating func _fieldRules(_ rules: inout JSONFieldRules) throws {
        let mapper = HelpingMapper()
        let probe = AccessorProbe(prototype: self, rules: rules)
        AccessorProbe.$current.withValue(probe) { mapping(mapper: mapper) }
        probe.finish()
        try mapper.apply(to: &rules, probe: probe)
        rules.setFallback(CustomTransformableAdapters.adapter(for:))
        // HandyJSON leaves a property alone for null, whatever its type.
        rules.skipsNull = true
        // A dictionary built in code may hold enum cases and models, which HandyJSON takes as they are.
        rules.takesTypedValues = true
    }
}

/// A raw-value enum that HandyJSON models hold: `enum Kind: String, HandyJSONEnum`. ReflectMap maps
/// any `RawRepresentable` enum by its raw value already; the protocol keeps HandyJSON's spelling and
/// its two conversions.
public protocol HandyJSONEnum: SendableMetatype {
    /// The case for a JSON value, or `nil` when none has that raw value.
    ///
    /// - Parameter object: A value as `JSONSerialization` gives it.
    /// - Returns: The case, or `nil`.
    static func _transform(from object: Any) -> Self?

    /// The raw value, as it is written to JSON.
    ///
    /// - Returns: The raw value.
    func _plainValue() -> Any?
}

extension HandyJSONEnum where Self: RawRepresentable {
    /// The case whose raw value is `object`, read with the lenient conversions (`"1"` for an `Int` raw value).
    ///
    /// - Parameter object: A value as `JSONSerialization` gives it.
    /// - Returns: The case, or `nil`.
    public static func _transform(from object: Any) -> Self? {
        guard let raw = FoundationValue.convert(object, to: RawValue.self) else { return nil }
        return Self(rawValue: raw)
    }

    /// The raw value.
    ///
    /// - Returns: The raw value.
    public func _plainValue() -> Any? { rawValue }
}

/// A type of your own that converts itself to and from a plain JSON value, for properties of that
/// type, of its optional, and of arrays of it.
///
/// ```swift
/// struct Version: HandyJSONCustomTransformable {
///     var parts: [Int]
///     static func _transform(from object: Any) -> Version? {
///         (object as? String).map { Version(parts: $0.split(separator: ".").compactMap { Int($0) }) }
///     }
///     func _plainValue() -> Any? { parts.map(String.init).joined(separator: ".") }
/// }
/// ```
public protocol HandyJSONCustomTransformable: SendableMetatype {
    /// The value for a JSON value, or `nil` when it holds none.
    ///
    /// - Parameter object: A value as `JSONSerialization` gives it.
    /// - Returns: The value, or `nil`.
    static func _transform(from object: Any) -> Self?

    /// The plain value written to JSON: a string, number, Bool, array or dictionary.
    ///
    /// - Returns: The plain value, or `nil` to write `null`.
    func _plainValue() -> Any?
}
