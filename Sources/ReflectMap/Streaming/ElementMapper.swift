/// Maps the elements a splitter finds, one at a time, with the mapper's full rules.
///
/// Each element is read in place in the splitter's buffer, as ``JSONMapper/mapArray(_:from:)`` reads the same element
/// in the whole array: an element that does not map is dropped and reported in lenient mode and
/// thrown in strict mode, and hooks run. The reader starts at the element's place (the key path's
/// keys and the element's index: `data.items[1234].price`), so errors and report entries are placed
/// where they are thrown; malformed-JSON offsets are moved to the whole input's.
struct ElementMapper<Model: Mappable>: Sendable {
    let mapper: JSONMapper
    /// The key path's steps, which lead to the streamed array: keys until the splitter has found the
    /// array, then each step as the container it entered spells it (an index in an array).
    var prefix: [PathComponent]
    /// The key path of the streamed array, for the report handler.
    let keyPath: String?
    /// Whether each element is a document of its own (a JSON Lines line, which may start with a byte
    /// order mark, as a document read alone may) rather than a value inside the streamed array.
    let elementsAreDocuments: Bool
    /// The index the next element gets.
    private(set) var index = 0

    init(mapper: JSONMapper, layout: JSONStreamLayout) {
        self.mapper = mapper
        if case .array(let keyPath) = layout.kind {
            prefix = JSONKeyPath(keyPath).steps.map(PathComponent.key)
            self.keyPath = keyPath.isEmpty ? nil : keyPath
            elementsAreDocuments = false
        } else {
            prefix = []
            keyPath = nil
            elementsAreDocuments = true
        }
    }

    /// Maps the element in `buffer[range]`, which starts at input offset `offset`.
    mutating func map(
        _ buffer: [UInt8], range: Range<Int>, offset: Int, reporting: Bool
    ) throws -> StreamedElement<Model> {
        let position = index
        index += 1
        do {
            let (model, report) = try InputBytes.reading(buffer, in: range) {
                try mapper.readElement(
                    Model.self, bytes: $0, at: prefix + [.index(position)], isDocument: elementsAreDocuments,
                    reporting: reporting || mapper.reportHandler != nil
                )
            }
            if let handler = mapper.reportHandler {
                mapper.deliver(report ?? MappingReport(), for: Model.self, at: keyPath, to: handler)
            }
            return StreamedElement(
                index: position, value: model, report: reporting ? report ?? MappingReport() : MappingReport())
        } catch var error as MappingError {
            error.byteOffset = error.byteOffset.map { $0 + offset }
            throw error
        }
    }
}
