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

    /// The elements of the array at a key path, such as `"data.items"` or `"results.0.items"`, read by
    /// the rules of ``JSONMapper/map(_:from:at:)-(_,Data,_)``'s key paths: leading and trailing dots are ignored,
    /// an empty key path is the top-level array, a step names an object's member, and in an array a step
    /// of digits indexes it. When an object repeats a key, its last member is the one that counts; a
    /// stream cannot hold the whole object to find it, so it follows the first member with the key. The
    /// rest of the document is read and checked after the array ends: when an object on the path repeats,
    /// after the streamed array, the key the path followed, the stream ends with
    /// ``MappingError/Kind/keyPathNotFound(_:)``, since the elements it gave came from a member that does
    /// not count. A key path that leads nowhere, or to something that is not an array, ends the stream
    /// with the same error.
    ///
    /// - Parameter keyPath: Dot-separated steps: object keys and array indices; `\.` is a dot inside a
    ///   key, and `\\` a backslash.
    /// - Returns: The layout.
    public static func array(at keyPath: String) -> JSONStreamLayout {
        JSONStreamLayout(kind: .array(keyPath: keyPath))
    }

    /// JSON values one after another: JSON Lines (NDJSON), and concatenated or whitespace-separated
    /// documents. Empty input has no elements.
    public static let jsonLines = JSONStreamLayout(kind: .lines)

    /// The layout the first bytes of a stream show, for a caller that was not told it: `.array` when
    /// the first byte after a byte order mark and whitespace is `[`, else `.jsonLines`; `nil` while
    /// those bytes are all that has come.
    package static func detected(from head: some Collection<UInt8>) -> JSONStreamLayout? {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { !$0.isJSONWhitespace }) else { return nil }
        return first == .openBracket ? .array : .jsonLines
    }
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
