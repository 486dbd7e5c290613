import Foundation

/// The splitter and the element mapper together: input goes in a chunk at a time, mapped elements
/// come out. The synchronous reader, the asynchronous sequence and ReflectMapClient's streamed responses
/// each drive one.
package struct ElementStream<Model: Mappable>: Sendable {
    package enum Step {
        case element(StreamedElement<Model>)
        case needsInput
        case end
    }

    private var splitter: ElementSplitter
    private var elements: ElementMapper<Model>
    private let reporting: Bool
    /// Set once the stream has ended or failed: it then yields nothing more.
    package private(set) var isOver = false
    /// The bytes of the element whose mapping failed, once one has: what a caller shows of it.
    package private(set) var failedElement: Data?

    package init(mapper: JSONMapper, layout: JSONStreamLayout, reporting: Bool) {
        splitter = ElementSplitter(layout: layout, maxDepth: mapper.maxDepth)
        elements = ElementMapper(mapper: mapper, layout: layout)
        self.reporting = reporting
    }

    /// How many elements have been read.
    package var count: Int { elements.index }

    /// The JSON path of the element at `index`, as its report's paths begin: `[7]`, or
    /// `data.items[7]` under a key path.
    package func elementPath(_ index: Int) -> String {
        MappingPath.render(elements.prefix + [.index(index)])
    }

    package mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        splitter.append(bytes)
    }

    package mutating func finish() {
        splitter.finish()
    }

    package mutating func next() throws -> Step {
        if isOver { return .end }
        do {
            switch try splitter.next() {
            case .element(let range, let offset):
                // The splitter has walked the key path by now, so its steps are known as keys or indices.
                if elements.index == 0 { elements.prefix = splitter.enteredPath }
                do {
                    return .element(
                        try elements.map(splitter.buffer, range: range, offset: offset, reporting: reporting))
                } catch {
                    failedElement = Data(splitter.buffer[range])
                    throw error
                }
            case .needsInput:
                return .needsInput
            case .end:
                isOver = true
                return .end
            }
        } catch {
            isOver = true
            throw error
        }
    }
}
