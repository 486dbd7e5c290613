import Foundation

/// Why mapping failed, and where in the JSON.
///
/// ``path`` spells the location with JSON keys and array indices, such as
/// `statuses[3].user.followers_count`; it is empty for the top-level value. ``description`` is one
/// sentence that names both.
public struct MappingError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The bytes are not valid JSON. The message comes from the parser.
        case malformedJSON(String)
        /// The JSON nests deeper than the mapper's limit.
        case nestingTooDeep(limit: Int)
        /// A value has the wrong JSON type, such as a string where a number belongs.
        case typeMismatch(expected: String, found: String)
        /// A non-optional property received `null` (strict mode, or a value that must not be null).
        case nullValue(expected: String)
        /// A non-optional property has no key in the JSON (strict mode).
        case missingKey(expected: String)
        /// A number does not fit its property without being truncated or rounded to an integer.
        case numberOutOfRange(value: String, type: String)
        /// A value has the right JSON type but is not valid for its property, such as an unknown enum
        /// raw value, a malformed URL, UUID or date, or bad base64.
        case invalidValue(value: String, type: String)
        /// The model has a property whose type the mapper cannot fill.
        case unsupportedType(type: String, property: String)
        /// A key path given to `map(_:from:at:)` does not lead to a value.
        case keyPathNotFound(String)
        /// A model refers back to itself, so it cannot be written as JSON.
        case referenceCycle(type: String)
        /// A value cannot be represented in JSON, such as a non-finite number.
        case notRepresentable(value: String)
        /// Your code refused the value: a ``JSONAdapter`` or a Codable type threw while converting
        /// it, or a model's ``Mappable/didFinishMapping()`` threw. `reason` describes the error thrown.
        case rejected(type: String, reason: String)
    }

    /// What went wrong.
    public var kind: Kind
    /// The JSON path of the value, in JSON-key spelling: `statuses[3].user.followers_count`.
    public var path: String {
        MappingPath.render(components)
    }

    /// For malformed JSON read from bytes, the offset of the byte where the problem was found.
    public var byteOffset: Int?
    /// For malformed JSON read from bytes or a string, where ``byteOffset`` is: its line and column,
    /// both from 1. A line ends at `\n` (a `\r\n` pair counts once); the column counts characters.
    public var location: SourceLocation?

    /// A place in JSON text, as an editor shows it.
    public struct SourceLocation: Sendable, Equatable {
        /// The line, from 1.
        public var line: Int
        /// The column, from 1, in characters.
        public var column: Int
        /// The text of the line around the place, at most 24 characters each side, with `…` where it
        /// was cut.
        public var excerpt: String

        /// Creates a location.
        /// - Parameters:
        ///   - line: The line, from 1.
        ///   - column: The column, from 1, in characters.
        ///   - excerpt: The text of the line around the place.
        public init(line: Int, column: Int, excerpt: String) {
            self.line = line
            self.column = column
            self.excerpt = excerpt
        }
    }
    /// The JSON value that could not be used, when it is a scalar (`null`, a boolean, a number or a
    /// string); `nil` for objects and arrays, and for errors about the input as a whole.
    public var value: JSONValue?

    /// More about the problem than its kind says, for its description: for a key path that leads
    /// nowhere, the first step that failed and what stood there.
    var detail: String?

    var components: [PathComponent]
    /// Whether ``components`` has been set where the error arose. The mapper gives an error that has
    /// none (one thrown by the scanner, say) the reader's or writer's path when it reaches the top.
    var isLocated: Bool
    /// Whether the error was thrown once its value had been read to its end: an object's error,
    /// settled after its last member. A reader that goes on past the value then has nothing to skip.
    var valueIsRead = false

    /// Creates an error; the mapper gives it the JSON path where it was thrown.
    /// - Parameter kind: What went wrong.
    public init(_ kind: Kind) {
        self.kind = kind
        self.components = []
        self.isLocated = false
    }

    init(_ kind: Kind, at components: [PathComponent]) {
        self.kind = kind
        self.components = components
        self.isLocated = true
    }

    /// Whether reading can skip the failing value and go on: the error is about one value the model
    /// cannot take, not about the input as a whole (malformed JSON, nesting beyond the limit).
    var isRecoverable: Bool {
        switch kind {
        case .malformedJSON, .nestingTooDeep: return false
        default: return true
        }
    }

    /// Two errors are equal when they say the same thing about the same place.
    public static func == (lhs: MappingError, rhs: MappingError) -> Bool {
        lhs.kind == rhs.kind && lhs.components == rhs.components && lhs.byteOffset == rhs.byteOffset
            && lhs.value == rhs.value
    }

    /// One sentence naming the problem and its path.
    public var description: String {
        let place = components.isEmpty ? "the top-level value" : "\"\(path)\""
        switch kind {
        case .malformedJSON(let message):
            return "The data is not valid JSON: \(message)\(whereInText)"
        case .nestingTooDeep(let limit):
            return "The JSON at \(place) nests deeper than the limit of \(limit) levels.\(whereInText)"
        case .typeMismatch(let expected, let found):
            return "Expected \(expected) at \(place) but found \(found)."
        case .nullValue(let expected):
            return "Expected \(expected) at \(place) but found null."
        case .missingKey(let expected):
            return "The key for \(place) is missing; expected \(expected)."
        case .numberOutOfRange(let value, let type):
            return "The number \(value) at \(place) does not fit in \(type)."
        case .invalidValue(let value, let type):
            return "The value \(value) at \(place) is not a valid \(type)."
        case .unsupportedType(let type, let property):
            return "The property \(property) has type \(type), which ReflectMap cannot fill; "
                + "make it Mappable, or mark it @JSONIgnored."
        case .keyPathNotFound(let keyPath):
            return "The key path \"\(keyPath)\" does not lead to a value in the JSON\(detail.map { ": \($0)" } ?? "")."
        case .referenceCycle(let type):
            return "A \(type) at \(place) refers back to itself, so it cannot be written as JSON."
        case .notRepresentable(let value):
            return "The value \(value) at \(place) cannot be represented in JSON."
        case .rejected(let type, let reason):
            return "The \(type) at \(place) was rejected: \(reason)"
        }
    }

    /// The line, column, excerpt and path of an error about the text, as a sentence after its own.
    private var whereInText: String {
        var text = ""
        if let location {
            text += " Line \(location.line), column \(location.column)"
            text += location.excerpt.isEmpty ? "." : ": `\(location.excerpt)`."
        }
        if !components.isEmpty { text += " Inside \"\(path)\"." }
        return text
    }

    /// The error with its ``location`` in `bytes`, when it has a byte offset there and no location yet.
    func locating(in bytes: InputBytes) -> MappingError {
        guard location == nil, let offset = byteOffset, offset >= 0, offset <= bytes.count else { return self }
        var error = self
        error.location = bytes.sourceLocation(of: offset)
        return error
    }

    /// How ``Kind/rejected(type:reason:)`` describes an error that user code threw.
    static func reason(of error: any Error) -> String {
        if let error = error as? DecodingError {
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                .valueNotFound(_, let context):
                let path = context.codingPath.map(\.stringValue).joined(separator: ".")
                return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
            @unknown default:
                return String(describing: error)
            }
        }
        if let error = error as? LocalizedError, let description = error.errorDescription { return description }
        return String(describing: error)
    }
}

/// One step of a JSON path.
enum PathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)
}

enum MappingPath {
    static func render(_ components: [PathComponent]) -> String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}
