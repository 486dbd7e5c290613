/// How the elements of a streamed document are laid out (see ``JSONMapper/elements(_:contentsOf:layout:bufferSize:)``).
///
/// ```swift
/// .array                      // [ {…}, {…}, … ]
/// .array(at: "data.items")    // {"data": {"items": [ {…}, … ]}, "total": 2}
/// .jsonLines                  // {…}\n{…}\n… , or documents one after another
/// ```
public struct JSONStreamLayout: Sendable, Equatable {
    enum Kind: Equatable {
        case array(keyPath: String)
        case lines
    }

    let kind: Kind

    /// The elements of a top-level JSON array.
    public static let array = JSONStreamLayout(kind: .array(keyPath: ""))

    /// The elements of the array at a key path of object keys, such as `"data.items"`. Leading and
    /// trailing dots are ignored, and an empty key path is the top-level array. The first member with
    /// each key is followed; the rest of the document is read and checked after the array ends. A key
    /// path that leads nowhere, or to something that is not an array, ends the stream with
    /// ``MappingError/Kind/keyPathNotFound(_:)``.
    ///
    /// - Parameter keyPath: Dot-separated object keys.
    /// - Returns: The layout.
    public static func array(at keyPath: String) -> JSONStreamLayout {
        JSONStreamLayout(kind: .array(keyPath: keyPath))
    }

    /// JSON values one after another: JSON Lines (NDJSON), and concatenated or whitespace-separated
    /// documents. Empty input has no elements.
    public static let jsonLines = JSONStreamLayout(kind: .lines)
}

/// One element of a stream, with what mapping it reported (see
/// ``JSONMapper/elementsWithReports(_:contentsOf:layout:bufferSize:)``).
public struct StreamedElement<Model> {
    /// The element's position in the stream, from 0.
    public let index: Int
    /// The model, or `nil` when lenient mode dropped an element that does not map (the report says why).
    public let value: Model?
    /// What did not match exactly, with paths that start at the element: `[1234].price`.
    public let report: MappingReport
}

extension StreamedElement: Sendable where Model: Sendable {}
