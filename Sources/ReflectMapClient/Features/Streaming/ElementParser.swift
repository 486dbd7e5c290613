import Foundation
import ReflectMap

/// Splits a streamed response into the messages ``APIService/stream(_:as:layout:)`` maps: JSON Lines,
/// each line mapped on its own, or the elements of a JSON array (or of the array at a key path), mapped
/// by ReflectMap's streaming reader as their bytes arrive. With no layout given, a body whose first
/// non-blank byte is `[` is an array, and anything else JSON Lines.
struct ElementParser<Model: Mappable>: Sendable {
    enum Message {
        case line(Data)
        case element(Model)
    }

    private let mapper: JSONMapper
    private var layout: JSONStreamLayout?
    /// JSON Lines are split by the same splitter as ReflectMap's own streams, and each line is mapped
    /// by the caller, which names the line's bytes in its error.
    private var lines: ElementSplitter
    private var elements: ElementStream<Model>?
    /// The bytes read before the first non-blank one, while the layout is still open.
    private var undecided = Data()
    /// An error found after elements that came before it in the same chunk: those are delivered first,
    /// and the error on the next call.
    private var pendingError: APIError?

    init(mapper: JSONMapper, layout: JSONStreamLayout?) {
        self.mapper = mapper
        self.layout = layout
        lines = ElementSplitter(layout: .jsonLines, maxDepth: mapper.maxDepth)
    }

    mutating func append(_ chunk: Data) throws -> [Message] {
        if let pendingError { throw pendingError }
        guard let layout else {
            undecided.append(chunk)
            guard let first = undecided.first(where: { !Self.isBlank($0) }) else { return [] }
            let buffered = undecided
            undecided = Data()
            let chosen: JSONStreamLayout = first == UInt8(ascii: "[") ? .array : .jsonLines
            self.layout = chosen
            return try route(buffered, layout: chosen)
        }
        return try route(chunk, layout: layout)
    }

    mutating func finish() throws -> [Message] {
        if let pendingError { throw pendingError }
        guard let layout else { return [] }
        if layout == .jsonLines {
            lines.finish()
            return try splitLines()
        }
        var stream = elements ?? ElementStream(mapper: mapper, layout: layout, reporting: false)
        stream.finish()
        elements = stream
        return try drain()
    }

    private mutating func route(_ chunk: Data, layout: JSONStreamLayout) throws -> [Message] {
        if layout == .jsonLines {
            lines.append(chunk)
            return try splitLines()
        }
        var stream = elements ?? ElementStream(mapper: mapper, layout: layout, reporting: false)
        elements = nil
        stream.append(chunk)
        elements = stream
        return try drain()
    }

    /// The lines the bytes so far complete; malformed JSON ends the stream with
    /// ``APIError/undecodable(_:body:)`` after the lines before it.
    private mutating func splitLines() throws -> [Message] {
        var messages: [Message] = []
        do {
            while case .element(let range, _) = try lines.next() {
                messages.append(.line(Data(lines.buffer[range])))
            }
        } catch let error as MappingError {
            if messages.isEmpty { throw APIError.undecodable(error, body: Data()) }
            pendingError = .undecodable(error, body: Data())
        }
        return messages
    }

    /// The elements the bytes so far complete; a document that is malformed or does not map ends the
    /// stream with ``APIError/undecodable(_:body:)``.
    private mutating func drain() throws -> [Message] {
        guard var stream = elements else { return [] }
        elements = nil
        defer { elements = stream }
        var messages: [Message] = []
        do {
            while case .element(let element) = try stream.next() {
                if let value = element.value { messages.append(.element(value)) }
            }
        } catch let error as MappingError {
            if messages.isEmpty { throw APIError.undecodable(error, body: Data()) }
            pendingError = .undecodable(error, body: Data())
        }
        return messages
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
