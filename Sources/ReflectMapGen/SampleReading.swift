import Foundation
import ReflectMap

/// Reads a sample from a file or standard input without loading a huge one whole: the first elements
/// of a top-level array or of JSON Lines, up to a limit, through ReflectMap's streaming splitter. The
/// rest of the input is not read.
public enum SampleReading {
    /// The default number of elements read from an array or JSON Lines sample.
    public static let defaultElementLimit = 10_000

    /// What was read.
    public struct Result: Sendable {
        /// The sample: the document itself, or the elements read, as one JSON array.
        public var sample: Sample
        /// For an array or JSON Lines, how many elements were read; `nil` for a single document.
        public var elementsRead: Int?
        /// Whether the input had more elements than were read.
        public var isTruncated: Bool
    }

    /// Reads a sample.
    /// - Parameters:
    ///   - handle: The input, read a chunk at a time.
    ///   - name: The name the sample is shown under.
    ///   - limit: The most elements read from an array or JSON Lines.
    ///   - chunkSize: How many bytes each read takes.
    /// - Returns: The sample, and how many elements it holds.
    /// - Throws: ``GeneratorError/malformedJSON(source:offset:reason:)`` for malformed JSON in what was read.
    public static func read(
        from handle: FileHandle, name: String, limit: Int = defaultElementLimit,
        chunkSize: Int = 1 << 16
    ) throws -> Result {
        var chunks = { () throws -> Data? in try handle.read(upToCount: chunkSize) }
        return try read(name: name, limit: limit, next: &chunks)
    }

    /// Reads a sample from chunks of bytes (`next` returns `nil` or empty data at the end).
    static func read(name: String, limit: Int, next: inout () throws -> Data?) throws -> Result {
        // The layout follows from the first byte: `[` is an array, anything else one document or JSON Lines.
        var head = Data()
        var isEnd = false
        while JSONStreamLayout.detected(from: head) == nil {
            guard let chunk = try next(), !chunk.isEmpty else {
                isEnd = true
                break
            }
            head.append(chunk)
        }
        let layout = JSONStreamLayout.detected(from: head) ?? .jsonLines
        let isArray = layout == .array
        var splitter = ElementSplitter(layout: layout, maxDepth: 512)
        splitter.append(head)
        if isEnd { splitter.finish() }
        var elements: [[UInt8]] = []
        var isTruncated = false
        do {
            reading: while true {
                switch try splitter.next() {
                case .element(let range, _):
                    if elements.count == limit {
                        isTruncated = true
                        break reading
                    }
                    elements.append(Array(splitter.buffer[range]))
                case .needsInput:
                    if let chunk = try next(), !chunk.isEmpty { splitter.append(chunk) } else { splitter.finish() }
                case .end:
                    break reading
                }
            }
        } catch let error as MappingError {
            var reason = error.description
            if case .malformedJSON(let message) = error.kind { reason = message }
            throw GeneratorError.malformedJSON(source: name, offset: error.byteOffset ?? 0, reason: reason)
        }
        if !isArray && elements.count == 1 && !isTruncated {
            return Result(sample: Sample(name: name, bytes: elements[0]), elementsRead: nil, isTruncated: false)
        }
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += element
        }
        bytes.append(UInt8(ascii: "]"))
        return Result(sample: Sample(name: name, bytes: bytes), elementsRead: elements.count, isTruncated: isTruncated)
    }
}
