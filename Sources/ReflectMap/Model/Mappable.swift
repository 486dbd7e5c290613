/// A type that ReflectMap can fill from JSON and turn back into JSON.
///
/// Declare plain stored `var` properties with default values; the mapper discovers them at runtime.
/// Classes need `required init() {}`; structs get their memberwise `init()` for free when every
/// property has a default.
///
/// ```swift
/// final class User: Mappable {
///     var id = 0
///     var name = ""
///     var avatarURL: URL?
///     required init() {}
/// }
/// ```
///
/// What the mapper does with special properties:
/// - `let` properties are written to JSON but never filled from it: a `let` is a constant, and the
///   optimizer may assume it never changes.
/// - `weak` and `unowned` properties are back-references; they are neither read nor written.
/// - `lazy var` properties are skipped: they are computed on demand.
/// - `didSet`/`willSet` observers do not run when the mapper fills a property, just as they do not
///   run during `init`.
///
/// Model metatypes are `Sendable` (`SendableMetatype`), so a response class can be named in a call that
/// runs on another task.
public protocol Mappable: SendableMetatype {
    /// Creates an instance with every property at its default value.
    init()

    /// Called on a new model before the mapper fills it, and on a model before
    /// ``JSONMapper/update(_:from:)-(_,Data)`` fills it (HandyJSON's `willStartMapping`). The default does
    /// nothing.
    mutating func willStartMapping()

    /// Called once after the mapper has filled the model, children before parents (HandyJSON's
    /// `didFinishMapping`), and after ``JSONMapper/update(_:from:)-(_,Data)``. The default does nothing.
    ///
    /// Use it to derive state, or to reject a model the JSON left inconsistent by throwing. What a
    /// rejection does depends on where the model is:
    /// - in strict mode, the error propagates with the model's JSON path;
    /// - in lenient mode, a nested model is treated like any unusable value: a property keeps its
    ///   default, an array element is dropped, and ``MappingReport/skipped`` gets an entry;
    /// - the top-level model's rejection throws in both modes.
    ///
    /// The hook runs as soon as the model is filled, on the model itself, before it is stored in its
    /// parent, so what a struct's hook changes is kept. A model that a later member replaces (the
    /// earlier value of a repeated key) has had its hook run too, and is then discarded.
    ///
    /// - Throws: Any error, to reject the model.
    mutating func didFinishMapping() throws

    /// Gives rules in code for the model's stored properties, once per type, on the prototype the
    /// plan is built from (see ``JSONFieldRules``). It is the hook of modules that bring another
    /// mapper's model declarations, such as `ReflectMapHandyJSON`; native models use ``JSONKey``,
    /// ``JSONTransform`` and ``JSONIgnored``. The default gives none.
    ///
    /// - Parameter rules: The rules, to add to.
    /// - Throws: Any error, to refuse the type: the plan build fails with it.
    mutating func _fieldRules(_ rules: inout JSONFieldRules) throws

    /// What kind of mappable type this is, so that the mapper learns it from the conformance it
    /// already has in hand instead of asking the runtime about other protocols. ReflectMap's own
    /// extensions answer it for every type; do not implement it.
    static var _mappableKind: MappableKind { get }
}

/// What kind of ``Mappable`` type a type is: a model, a ``JSONPolymorphic`` base, a
/// ``JSONPolymorphicEnum``, an array of models, or an actor, which the mapper refuses. Only
/// ReflectMap's extensions make one.
public struct MappableKind: Sendable, Equatable {
    let rawValue: UInt8
    /// An array's element type, with its conformance: the array's own conformance states it, so the
    /// mapper never asks the runtime whether the element is a model.
    let element: (any Mappable.Type)?
    /// A polymorphic enum's type, with that conformance, stated by the enum's own conformance.
    let polymorphicEnum: (any JSONPolymorphicEnum.Type)?

    private init(
        rawValue: UInt8, element: (any Mappable.Type)? = nil, polymorphicEnum: (any JSONPolymorphicEnum.Type)? = nil
    ) {
        self.rawValue = rawValue
        self.element = element
        self.polymorphicEnum = polymorphicEnum
    }

    static let model = MappableKind(rawValue: 0)
    static let polymorphic = MappableKind(rawValue: 1)
    static let array = MappableKind(rawValue: 2)
    static let actor = MappableKind(rawValue: 3)

    static let enumWithPayloads = MappableKind(rawValue: 4)

    static func array(of element: any Mappable.Type) -> MappableKind {
        MappableKind(rawValue: array.rawValue, element: element)
    }

    static func enumWithPayloads(_ type: any JSONPolymorphicEnum.Type) -> MappableKind {
        MappableKind(rawValue: enumWithPayloads.rawValue, polymorphicEnum: type)
    }

    /// Whether two kinds are the same kind; an array's element does not count.
    /// - Parameters:
    ///   - lhs: A kind.
    ///   - rhs: Another kind.
    /// - Returns: `true` when both are models, polymorphic bases, polymorphic enums, arrays or actors.
    public static func == (lhs: MappableKind, rhs: MappableKind) -> Bool {
        lhs.rawValue == rhs.rawValue
    }
}

extension Mappable {
    /// A model whose properties the mapper fills.
    public static var _mappableKind: MappableKind { .model }
}

extension Mappable where Self: Actor {
    /// An actor: its state is isolated, and writing its fields from outside would be a data race.
    public static var _mappableKind: MappableKind { .actor }
}

extension Mappable {
    /// Does nothing.
    public mutating func willStartMapping() {}

    /// Does nothing.
    /// - Throws: Nothing; an implementation throws to reject the model.
    public mutating func didFinishMapping() throws {}
}

/// An array of models is itself mappable, so `[Book].self` works wherever a response class is asked for.
extension Array: Mappable where Element: Mappable {
    /// An array of models, which the mapper reads and writes element by element.
    public static var _mappableKind: MappableKind { .array(of: Element.self) }
}

extension Mappable {
    /// Maps a JSON dictionary into a new instance: a shorthand for
    /// `JSONMapper(keyTranslator:).map(_:from:)` with an otherwise default mapper.
    ///
    /// ```swift
    /// let user = try User.from(dictionary, keyTranslator: .snakeCase)
    /// ```
    ///
    /// - Parameters:
    ///   - dictionary: A JSON object, as `JSONSerialization` returns it.
    ///   - keyTranslator: How property names become JSON keys.
    /// - Returns: The model.
    /// - Throws: ``MappingError`` when the dictionary cannot be mapped.
    public static func from(
        _ dictionary: [String: Any],
        keyTranslator: KeyTranslator = .identity
    ) throws -> Self {
        try JSONMapper(keyTranslator: keyTranslator).map(Self.self, from: dictionary)
    }
}

extension Mappable {
    /// No rules: the properties are named by the key translator and their wrappers.
    ///
    /// - Parameter rules: The rules, unchanged.
    public mutating func _fieldRules(_ rules: inout JSONFieldRules) throws {}
}
