import Foundation
import ReflectMap

/// Splits a streamed response into the models ``APIService/stream(_:as:layout:)`` yields: JSON Lines,
/// or the elements of a JSON array (or of the array at a key path), each mapped by ReflectMap's
/// streaming reader as its bytes arrive, by one set of rules: in lenient mode an element or line that
/// does not map is dropped, and errors name its place (`[12].price`). With no layout given, a body whose
/// first non-blank byte is `[` is an array, and anything else JSON Lines.
struct ElementParser<Model: Mappable>: Sendable {
    private let mapper: JSONMapper
    private var layout: JSONStreamLayout?
    private var elements: ElementStream<Model>?
    /// The bytes read before the first non-blank one, while the layout is still open.
    private var undecided = Data()
    /// An error found after elements that came before it in the same chunk: those are delivered first,
    /// and the error on the next call.
    private var pendingError: APIError?

    init(mapper: JSONMapper, layout: JSONStreamLayout?) {
        self.mapper = mapper
        self.layout = layout
    }

    mutating func append(_ chunk: Data) throws -> [Model] {
        if let pendingError { throw pendingError }
        guard let layout else {
            undecided.append(chunk)
            guard let chosen = JSONStreamLayout.detected(from: undecided) else { return [] }
            let buffered = undecided
            undecided = Data()
            self.layout = chosen
            return try route(buffered, layout: chosen)
        }
        return try route(chunk, layout: layout)
    }

    mutating func finish() throws -> [Model] {
        if let pendingError { throw pendingError }
        guard let layout else { return [] }
        var stream = elements ?? ElementStream(mapper: mapper, layout: layout, reporting: false)
        stream.finish()
        elements = stream
        return try drain()
    }

    private mutating func route(_ chunk: Data, layout: JSONStreamLayout) throws -> [Model] {
        var stream = elements ?? ElementStream(mapper: mapper, layout: layout, reporting: false)
        elements = nil
        stream.append(chunk)
        elements = stream
        return try drain()
    }

    /// The elements the bytes so far complete; a document that is malformed, or an element that does
    /// not map in strict mode, ends the stream with ``APIError/undecodable(_:body:)``, whose body is the
    /// failing element's bytes (empty for malformed JSON around the elements).
    private mutating func drain() throws -> [Model] {
        guard var stream = elements else { return [] }
        elements = nil
        defer { elements = stream }
        var models: [Model] = []
        do {
            while case .element(let element) = try stream.next() {
                if let value = element.value { models.append(value) }
            }
        } catch let error as MappingError {
            let failure = APIError.undecodable(error, body: stream.failedElement ?? Data())
            if models.isEmpty { throw failure }
            pendingError = failure
        }
        return models
    }
}
