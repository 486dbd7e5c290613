/// A class hierarchy whose JSON objects say which subclass they are, in a discriminator member
/// (Moshi's `PolymorphicJsonAdapterFactory`, GSON's `RuntimeTypeAdapterFactory`).
///
/// Adopt it on the base class. Every property, array element or dictionary value declared as the
/// base class is then created as the subclass its discriminator names, wherever the discriminator
/// sits in the object, and written with its runtime type's fields and its discriminator.
///
/// ```swift
/// class Animal: JSONPolymorphic {
///     class var typeKey: String { "type" }
///     class var subtypes: [String: any Mappable.Type] { ["dog": Dog.self, "cat": Cat.self] }
///     var name = ""
///     required init() {}
/// }
/// final class Dog: Animal { var barks = true }
/// final class Cat: Animal { var lives = 9 }
///
/// let pets = try JSONMapper().map([Animal].self, from: data)   // [Dog, Cat, …]
/// ```
///
/// An unknown or missing discriminator throws in strict mode, with the object's path. In lenient
/// mode the object is read as the declared type instead, and ``MappingReport/skipped`` says so.
/// Each subtype must be the base class or a subclass of it.
///
/// A hierarchy that names an ``unknownSubtype`` keeps such objects instead, in both modes: a subtype
/// added by a newer backend reaches the app whole, and is written back unchanged.
///
/// ```swift
/// class Shape: JSONPolymorphic {
///     class var typeKey: String { "kind" }
///     class var subtypes: [String: any Mappable.Type] { ["circle": Circle.self] }
///     class var unknownSubtype: (any JSONUnknownSubtype.Type)? { UnknownShape.self }
///     var id = ""
///     required init() {}
/// }
/// final class Circle: Shape { var radius = 0.0 }
/// final class UnknownShape: Shape, JSONUnknownSubtype {
///     @JSONIgnored var unknownJSON: JSONValue = .null
/// }
/// ```
public protocol JSONPolymorphic: Mappable {
    /// The key of the discriminator member, such as `"type"`.
    static var typeKey: String { get }
    /// The subtypes by discriminator value: `["dog": Dog.self, "cat": Cat.self]`.
    static var subtypes: [String: any Mappable.Type] { get }
    /// The subtype an object with an unknown or missing discriminator becomes, holding the whole
    /// object; `nil` (the default) makes such an object an unusable value. It must be the base class
    /// or a subclass of it.
    static var unknownSubtype: (any JSONUnknownSubtype.Type)? { get }
}

/// The subtype of a ``JSONPolymorphic`` hierarchy that keeps objects of subtypes the app does not
/// know. Its properties (the base class's, say) are filled from the object as usual, and
/// ``unknownJSON`` holds the whole object, discriminator included. Written as its hierarchy's type,
/// it gives back ``unknownJSON`` unchanged; one made in code, whose ``unknownJSON`` is not an object,
/// is written with its properties and no discriminator.
public protocol JSONUnknownSubtype: Mappable {
    /// The whole object as read. Mark it `@JSONIgnored` so that it is not also a key of its own.
    var unknownJSON: JSONValue { get set }
}

extension JSONPolymorphic {
    /// No unknown subtype: an unknown discriminator is an unusable value.
    public static var unknownSubtype: (any JSONUnknownSubtype.Type)? { nil }
}

extension JSONPolymorphic {
    /// A polymorphic base, read through its discriminator.
    public static var _mappableKind: MappableKind { .polymorphic }
}

extension JSONPolymorphic where Self: Actor {
    /// An actor, which the mapper refuses whatever else it is.
    public static var _mappableKind: MappableKind { .actor }
}
