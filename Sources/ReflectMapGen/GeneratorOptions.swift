/// How `reflectmap-gen` names keys and shapes its output.
public struct GeneratorOptions: Equatable, Sendable {
    /// The name of the top-level class; for a top-level array, of its elements' class.
    public var rootName: String
    /// Which key translator the generated models are written for.
    public var keyStyle: KeyStyle
    /// Emits `struct` instead of `final class`.
    public var emitsStructs: Bool
    /// Wraps the output in `enum <namespace> { ... }`, with `allModels` listing the models for
    /// `JSONMapper.prepare(_:)`, so that models of several APIs can share a
    /// module without their class names colliding.
    public var namespace: String?
    /// Turns string properties with few distinct values into `String`-backed enums (`--enums`); see
    /// the "Generating Models with reflectmap-gen" article for the rule.
    public var infersEnums: Bool

    /// Creates options; every argument has the command line's default.
    /// - Parameters:
    ///   - rootName: The top-level class; for a top-level array, its elements' class.
    ///   - keyStyle: The key translator the models are written for; `.auto` picks one from the keys.
    ///   - emitsStructs: Emits structs instead of final classes.
    ///   - namespace: The enum that wraps the output, if any.
    ///   - infersEnums: Turns string properties with few distinct values into enums.
    public init(
        rootName: String = "Response", keyStyle: KeyStyle = .auto, emitsStructs: Bool = false,
        namespace: String? = nil, infersEnums: Bool = false
    ) {
        self.rootName = rootName
        self.keyStyle = keyStyle
        self.emitsStructs = emitsStructs
        self.namespace = namespace
        self.infersEnums = infersEnums
    }
}

/// The key translator the generated models are written for.
public enum KeyStyle: String, CaseIterable, Equatable, Sendable {
    /// `KeyTranslator.snakeCase`: `screen_name` ⇄ `screenName`.
    case snake
    /// `KeyTranslator.identity`: property names are the keys.
    case camel
    /// `snake` when most keys are snake_case, else `camel`.
    case auto
}

/// One JSON sample and the name it is shown under (a file name, or `stdin`).
public struct Sample: Sendable {
    /// The name shown in the header comment and in errors.
    public var name: String
    /// The JSON text, UTF-8 encoded.
    public var bytes: [UInt8]

    /// Creates a sample.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}
