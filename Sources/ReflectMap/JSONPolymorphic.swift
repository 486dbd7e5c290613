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
public protocol JSONPolymorphic: Mappable {
    /// The key of the discriminator member, such as `"type"`.
    static var typeKey: String { get }
    /// The subtypes by discriminator value: `["dog": Dog.self, "cat": Cat.self]`.
    static var subtypes: [String: any Mappable.Type] { get }
}

extension JSONPolymorphic {
    /// A polymorphic base, read through its discriminator.
    public static var _mappableKind: MappableKind { .polymorphic }
}

extension JSONPolymorphic where Self: Actor {
    /// An actor, which the mapper refuses whatever else it is.
    public static var _mappableKind: MappableKind { .actor }
}
