/// An enum whose cases each carry a model, told apart by a discriminator member:
/// `{"type": "image", "url": …}` or `{"type": "video", "duration": 12}` (Moshi's
/// `PolymorphicJsonAdapterFactory`, for an enum with associated values).
///
/// A runtime mapper cannot make an enum case by itself, so the enum states each case once: the
/// discriminator value, and the case itself as the function that makes it from its payload. The
/// payloads are plain ``Mappable`` models, read and written with every rule a model has.
///
/// ```swift
/// struct Image: Mappable { var url = "" }
/// struct Video: Mappable { var duration = 0 }
///
/// enum Attachment: JSONPolymorphicEnum {
///     case image(Image)
///     case video(Video)
///     case unknown(JSONValue)
///
///     static var typeKey: String { "type" }
///     static var cases: [JSONEnumCase<Attachment>] { [.init("image", Attachment.image), .init("video", Attachment.video)] }
///     static var unknownCase: ((JSONValue) -> Attachment)? { Attachment.unknown }
/// }
///
/// struct Message: Mappable {
///     var attachments: [Attachment] = []
///     var pinned: Attachment?
/// }
/// ```
///
/// Such an enum is ``Mappable``, so it goes wherever a model type goes: a property on its own,
/// optional, in an array or a dictionary; the top level (`map(Attachment.self, from:)`,
/// `mapArray(Attachment.self, from:)`, `[Attachment].self`), writing (`data(from:)`,
/// `string(from:)`), key paths, stream elements and the client's `as:`. ``JSONMapper/update(_:from:)-(_,Data)``
/// replaces the whole value. The object's discriminator may sit
/// anywhere in it, and is not reported as an unmapped key. Writing a case writes its payload with its
/// discriminator, the first one listed for that case.
///
/// An unknown or missing discriminator goes to ``unknownCase`` when the enum has one, which keeps the
/// whole object and writes it back unchanged, and ``MappingReport/unknownValues`` notes it. Without
/// one, it is an unusable value: strict mode throws with the discriminator's path, lenient mode
/// reports it in ``MappingReport/skipped`` and the property keeps its default (an array drops the
/// element).
public protocol JSONPolymorphicEnum: Mappable {
    /// The key of the discriminator member, such as `"type"`.
    static var typeKey: String { get }
    /// The cases with payloads, each with its discriminator value. Two values may make one case
    /// (an old name and a new one); writing uses the first.
    static var cases: [JSONEnumCase<Self>] { get }
    /// The case an object with an unknown or missing discriminator becomes, holding the whole object;
    /// `nil` (the default) makes such an object an unusable value.
    static var unknownCase: ((JSONValue) -> Self)? { get }
}

extension JSONPolymorphicEnum {
    /// No unknown case: an unknown discriminator is an unusable value.
    public static var unknownCase: ((JSONValue) -> Self)? { nil }

    /// A polymorphic enum, read and written through its discriminator.
    public static var _mappableKind: MappableKind { .enumWithPayloads(Self.self) }

    /// The value a property of this type starts from: the first listed case, holding its payload's
    /// defaults, or the unknown case holding `null` when no case is listed. The mapper never calls it:
    /// it makes a case from the JSON. An enum that lists no case and has no unknown case has no value
    /// to start from, and stops the program here: give it a case.
    public init() {
        if let first = Self.cases.first {
            self = first.makeDefault()
        } else if let unknown = Self.unknownCase {
            self = unknown(.null)
        } else {
            preconditionFailure("\(Self.self).cases lists no case, and it has no unknownCase: it has no value")
        }
    }
}

/// One case of a ``JSONPolymorphicEnum``: its discriminator value, and the case itself, which makes
/// the enum from the payload model.
public struct JSONEnumCase<Enum>: Sendable {
    /// The discriminator value that names the case.
    public let value: String
    /// Makes this case's reader and writer, with the payload's type in hand.
    let makeCodec: @Sendable (PlanBuilder, String) throws -> EnumCaseCodec<Enum>
    /// This case holding a payload with its defaults.
    let makeDefault: @Sendable () -> Enum

    /// A case whose payload is a model.
    ///
    /// - Parameters:
    ///   - value: The discriminator value, such as `"image"`.
    ///   - make: The case, as `Attachment.image`: it makes the enum from the payload.
    public init<Payload: Mappable>(_ value: String, _ make: @escaping @Sendable (Payload) -> Enum) {
        self.value = value
        makeDefault = { make(Payload()) }
        makeCodec = { builder, typeKey in
            let adapter = try builder.modelAdapter(Payload.self)
            return EnumCaseCodec(
                caseName: EnumCaseName.of(make(Payload())),
                read: { reader in try adapter.read(&reader).map(make) },
                write: { payload, writer in
                    guard let payload = payload as? Payload else { return false }
                    try adapter.write(payload, to: &writer, discriminator: (typeKey, value))
                    return true
                }
            )
        }
    }
}

/// How one case is read and written, built once per plan.
struct EnumCaseCodec<Enum> {
    /// The case's name in Swift, which reflection gives for a value of it.
    let caseName: String
    /// Reads the payload's object; `nil` when lenient mode skipped it.
    let read: (inout JSONReader) throws -> Enum?
    /// Writes a payload, which reflection took out of a value of the case, with the discriminator;
    /// `false` when it is not of the case's payload type.
    let write: (Any, inout JSONWriter) throws -> Bool
}

/// A case's name and payload, through reflection, as `Mirror` gives them.
enum EnumCaseName {
    /// The name of the case `value` is.
    static func of(_ value: Any) -> String {
        Mirror(reflecting: value).children.first?.label ?? String(describing: value)
    }

    /// The payload of the case `value` is, when it has one.
    static func payload(of value: Any) -> Any? {
        Mirror(reflecting: value).children.first?.value
    }
}
