import Foundation
import ReflectMap

/// A parsed JSON document that keeps what the generator needs and `JSONSerialization` loses: the
/// order of each object's keys and the spelling of each number.
///
/// ```swift
/// let tree = try JSONTree.parse(Array(#"{"id": 1, "ratio": 0.5}"#.utf8))
/// ```
public indirect enum JSONTree: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as written in the document.
    case number(SampleNumber)
    /// A string, with its escapes decoded.
    case string(String)
    /// An array.
    case array([JSONTree])
    /// An object, with its members in document order.
    case object([Member])

    /// One member of a JSON object.
    public struct Member: Equatable, Sendable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSONTree

        /// Creates a member.
        public init(key: String, value: JSONTree) {
            self.key = key
            self.value = value
        }
    }

    /// Parses UTF-8 JSON text.
    ///
    /// The text is first checked by ReflectMap's own parser (``JSONValue/init(parsing:maxDepth:)``), so
    /// the generator accepts exactly the documents the mapper reads.
    /// - Parameter bytes: The document, UTF-8 encoded; a leading byte order mark is skipped.
    /// - Throws: ``GeneratorError/malformedJSON(source:offset:reason:)`` (with an empty source name)
    ///   for text that is not JSON by RFC 8259, or that nests deeper than 512 levels.
    public static func parse(_ bytes: [UInt8]) throws -> JSONTree {
        do {
            _ = try JSONValue(parsing: Data(bytes))
        } catch let error as MappingError {
            let offset = error.byteOffset ?? 0
            var reason = error.description
            if case .malformedJSON(let message) = error.kind {
                let suffix = " at byte \(offset)."
                reason = message.hasSuffix(suffix) ? String(message.dropLast(suffix.count)) : message
            }
            throw GeneratorError.malformedJSON(source: "", offset: offset, reason: reason)
        }
        var reader = JSONReader(bytes)
        return try reader.document()
    }
}

/// A JSON number as written in the document, such as `505874924095815681` or `-65.61361699999998`.
public struct SampleNumber: Equatable, Sendable {
    /// The number's text.
    public var text: String

    /// Creates a number from its JSON text.
    public init(text: String) {
        self.text = text
    }

    /// Whether the text has no fraction and no exponent, such as `42` or `-7`.
    public var isInteger: Bool {
        !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
    }

    /// The value as an integer, when the text is an integer that fits `Int64`.
    public var int64Value: Int64? {
        isInteger ? Int64(text) : nil
    }

    /// The value as a `Double` (correctly rounded).
    public var doubleValue: Double {
        Double(text) ?? .nan
    }
}
