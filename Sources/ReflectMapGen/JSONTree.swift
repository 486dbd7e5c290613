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
    /// The text is read by ReflectMap's own scanner, so the generator accepts exactly the documents
    /// the mapper reads (RFC 8259, strictly).
    /// - Parameter bytes: The document, UTF-8 encoded; a leading byte order mark is skipped.
    /// - Throws: ``GeneratorError/malformedJSON(source:offset:reason:)`` (with an empty source name)
    ///   for text that is not JSON by RFC 8259, or that nests deeper than 512 levels.
    public static func parse(_ bytes: [UInt8]) throws -> JSONTree {
        try InputBytes.reading(bytes) { try parse(JSONScanner(bytes: $0)) }
    }

    private static func parse(_ scanner: JSONScanner) throws -> JSONTree {
        var builder = TreeBuilder(scanner: scanner)
        do {
            let tree = try builder.value()
            try builder.scanner.finish()
            return tree
        } catch let error as MappingError {
            let offset = error.byteOffset ?? builder.scanner.index
            var reason = error.description
            if case .malformedJSON(let message) = error.kind {
                let suffix = " at byte \(offset)."
                reason = message.hasSuffix(suffix) ? String(message.dropLast(suffix.count)) : message
            }
            throw GeneratorError.malformedJSON(source: "", offset: offset, reason: reason)
        }
    }
}

/// Builds a ``JSONTree`` from ReflectMap's ``JSONScanner``, which validates every token; the builder
/// adds only what the scanner leaves to its callers: key order, number spelling and the depth limit.
private struct TreeBuilder {
    var scanner: JSONScanner
    private var depth = 0
    private static let maxDepth = 512

    init(scanner: JSONScanner) {
        self.scanner = scanner
    }

    /// Reads the value under the cursor.
    mutating func value() throws -> JSONTree {
        switch try scanner.peek() {
        case UInt8(ascii: "{"):
            return try nested { builder in .object(try builder.members()) }
        case UInt8(ascii: "["):
            return try nested { builder in .array(try builder.elements()) }
        case UInt8(ascii: "\""):
            return .string(try scanner.string(scanner.scanString()))
        case UInt8(ascii: "t"):
            try scanner.literal(.true)
            return .bool(true)
        case UInt8(ascii: "f"):
            try scanner.literal(.false)
            return .bool(false)
        case UInt8(ascii: "n"):
            try scanner.literal(.null)
            return .null
        default:
            let start = scanner.index
            _ = try scanner.number()
            return .number(SampleNumber(text: scanner.bytes.text(start..<scanner.index)))
        }
    }

    /// Enters the container under the cursor, one level deeper than the limit allows at most.
    private mutating func nested(_ body: (inout TreeBuilder) throws -> JSONTree) throws -> JSONTree {
        guard depth < Self.maxDepth else {
            throw GeneratorError.malformedJSON(
                source: "", offset: scanner.index, reason: "Nesting deeper than the limit of \(Self.maxDepth) levels")
        }
        depth += 1
        defer { depth -= 1 }
        scanner.enterContainer()
        return try body(&self)
    }

    private mutating func members() throws -> [JSONTree.Member] {
        var members: [JSONTree.Member] = []
        while let key = try scanner.nextKey(first: members.isEmpty) {
            members.append(JSONTree.Member(key: try scanner.string(key), value: try value()))
        }
        return members
    }

    private mutating func elements() throws -> [JSONTree] {
        var elements: [JSONTree] = []
        while try scanner.nextElement(first: elements.isEmpty) {
            elements.append(try value())
        }
        return elements
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
