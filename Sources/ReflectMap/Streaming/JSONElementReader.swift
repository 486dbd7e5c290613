import Foundation

/// Reads the elements of a streamed JSON document one at a time, synchronously: Jackson's
/// `MappingIterator`, for command-line tools and server loops. Make one with
/// ``JSONMapper/elementReader(_:contentsOf:layout:bufferSize:)`` or
/// ``JSONMapper/elementReader(_:from:layout:bufferSize:)``.
///
/// ```swift
/// var orders = try mapper.elementReader(Order.self, contentsOf: exportURL)
/// while let order = try orders.next() {
///     total += order.amount
/// }
/// print(orders.report.skipped)   // lenient mode: what was dropped, as "[1234].price: …"
/// ```
///
/// Memory holds the read buffer and the largest element, whatever the input's size. Each element is
/// mapped with the mapper's full rules. In lenient mode an element that does not map is dropped and
/// reported; in strict mode ``next()`` throws with the element's path (`[1234].price`). Malformed or
/// truncated input throws ``MappingError/Kind/malformedJSON(_:)`` with the byte offset in the whole
/// input. After an error the reader returns `nil`.
public struct JSONElementReader<Model: Mappable> {
    private var stream: ElementStream<Model>
    private let read: () throws -> [UInt8]?
    private var reports = StreamReport()

    /// What the elements read so far reported, in memory bounded by the distinct paths reported at,
    /// whatever the number of elements: each kind of entry at each path (the element's index aside)
    /// is kept once, with the path of the first element that reported it (`[1234].price`), and
    /// counts the elements that repeated it in ``MappingReport/Entry/occurrences``. Each element's
    /// whole report comes with ``nextWithReport()``.
    public var report: MappingReport { reports.report }

    /// How many entries of the elements' reports repeated one that ``report`` keeps, at the same path
    /// of another element, and were counted rather than kept.
    public var repeatedEntries: Int { reports.repeats }

    init(mapper: JSONMapper, layout: JSONStreamLayout, reporting: Bool, read: @escaping () throws -> [UInt8]?) {
        stream = ElementStream(mapper: mapper, layout: layout, reporting: reporting)
        self.read = read
    }

    /// How many elements have been read, dropped ones included.
    public var count: Int { stream.count }

    /// The next model, skipping elements that lenient mode dropped.
    /// - Returns: The model, or `nil` at the end of the stream.
    /// - Throws: ``MappingError`` for malformed or truncated input, and in strict mode for an element
    ///   that does not map; an error reading the input as it is.
    public mutating func next() throws -> Model? {
        while let element = try nextWithReport() {
            if let value = element.value { return value }
        }
        return nil
    }

    /// The next element with its own report; its value is `nil` when lenient mode dropped it.
    /// - Returns: The element, or `nil` at the end of the stream.
    /// - Throws: As ``next()`` does.
    public mutating func nextWithReport() throws -> StreamedElement<Model>? {
        while true {
            switch try stream.next() {
            case .element(let element):
                // A clean report adds nothing: its element's path is not even spelled.
                if !element.report.isClean {
                    reports.append(element.report, elementPath: stream.elementPath(element.index))
                }
                return element
            case .needsInput:
                if let chunk = try read(), !chunk.isEmpty {
                    stream.append(chunk)
                } else {
                    stream.finish()
                }
            case .end:
                return nil
            }
        }
    }
}
