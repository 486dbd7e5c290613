/// Maps the elements a splitter finds, one at a time, with the mapper's full rules.
///
/// Each element is mapped as the only element of an array, `[element]`, through the byte route, so that
/// it is read exactly as ``JSONMapper/mapArray(_:from:)`` reads the same element in the whole array: an
/// element that does not map is dropped and reported in lenient mode and thrown in strict mode, hooks
/// run, and the tree route takes over where it would. Paths then get the element's real place: the key
/// path's keys and the element's index (`data.items[1234].price`), and malformed-JSON offsets the
/// element's offset in the whole input.
struct ElementMapper<Model: Mappable>: Sendable {
    let mapper: JSONMapper
    /// The key path's components, which prefix every path.
    let prefix: [PathComponent]
    /// The key path of the streamed array, for the report handler.
    let keyPath: String?
    /// The index the next element gets.
    private(set) var index = 0
    private var scratch: [UInt8] = []

    init(mapper: JSONMapper, layout: JSONStreamLayout) {
        self.mapper = mapper
        if case .array(let keyPath) = layout.kind {
            prefix = JSONKeyPath(keyPath).steps.map(PathComponent.key)
            self.keyPath = keyPath.isEmpty ? nil : keyPath
        } else {
            prefix = []
            keyPath = nil
        }
    }

    /// Maps the element in `buffer[range]`, which starts at input offset `offset`.
    mutating func map(_ buffer: [UInt8], range: Range<Int>, offset: Int, reporting: Bool) throws -> StreamedElement<Model> {
        let position = index
        index += 1
        scratch.removeAll(keepingCapacity: true)
        scratch.append(.openBracket)
        scratch.append(contentsOf: buffer[range])
        scratch.append(.closeBracket)
        do {
            let (models, report) = try mapper.read([Model].self, bytes: scratch, at: nil, reporting: reporting || mapper.reportHandler != nil)
            let located = relocated(report, index: position)
            if let handler = mapper.reportHandler { mapper.deliver(located, for: Model.self, at: keyPath, to: handler) }
            return StreamedElement(index: position, value: models.first, report: reporting ? located : MappingReport())
        } catch var error as MappingError {
            // The leading `[` moved every offset by one.
            error.byteOffset = error.byteOffset.map { max($0 - 1, 0) + offset }
            if let first = error.components.first, case .index = first {
                error.components = prefix + [.index(position)] + error.components.dropFirst()
            }
            throw error
        }
    }

    /// The report with `[0]` replaced by the element's place.
    private func relocated(_ report: MappingReport, index: Int) -> MappingReport {
        if report.isClean { return report }
        let place = MappingPath.render(prefix + [.index(index)])
        func move(_ path: String) -> String {
            path.hasPrefix("[0]") ? place + path.dropFirst(3) : path
        }
        // Messages quote the path too: `Expected Int at "[0].id" but found null.`
        func moveQuoted(_ message: String) -> String {
            guard let range = message.range(of: "\"[0]") else { return message }
            return message.replacingCharacters(in: range, with: "\"" + place)
        }
        func moveEntry(_ entry: MappingReport.Entry) -> MappingReport.Entry {
            var entry = entry
            entry.path = move(entry.path)
            entry.message = moveQuoted(entry.message)
            return entry
        }
        var moved = report
        moved.unmappedKeys = report.unmappedKeys.map(move)
        moved.unfilledProperties = report.unfilledProperties.map(move)
        moved.coercions = report.coercions.map(moveEntry)
        moved.skipped = report.skipped.map(moveEntry)
        moved.unknownValues = report.unknownValues.map(moveEntry)
        return moved
    }
}
