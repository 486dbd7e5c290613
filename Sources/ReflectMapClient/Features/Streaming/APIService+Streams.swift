import Foundation
import ReflectMap
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Streamed responses: each message is mapped as it arrives.
extension APIService {
    /// Streams a response whose body is JSON Lines (NDJSON) or a JSON array, mapping each line or
    /// element into `type` as its bytes arrive, so that no model waits for the whole body.
    ///
    /// Mapping runs ahead of the loop by a few dozen elements at most, and asks the transport for more
    /// bytes only then. `AsyncHTTPClientTransport` reads the connection only as those bytes are asked
    /// for, so a body of any size streams in flat memory and a slow loop slows the transfer.
    /// ``URLSessionTransport`` on Linux cannot pause a transfer (FoundationNetworking offers no way to),
    /// so when the server sends faster than the loop consumes, the bytes not mapped yet wait in memory
    /// there. For a file, `JSONMapper`'s `elements(_:contentsOf:layout:bufferSize:)` holds only the read
    /// buffer and one element.
    ///
    /// ```swift
    /// for try await chunk in service.stream(ChatRouter.complete(prompt), as: Chunk.self) {
    ///     print(chunk.text, terminator: "")
    /// }
    /// for try await order in service.stream(Export.orders, as: Order.self, layout: .array(at: "data.items")) {
    ///     try await save(order)
    /// }
    /// ```
    ///
    /// The layout is chosen so, unless `layout` says otherwise: the array at the endpoint's key path when
    /// it has one; else a JSON array when the body's first non-blank byte is `[`; else JSON Lines. The
    /// stream ends when the server closes the response. Cancelling the consuming task, or leaving the
    /// loop, closes the connection. JSON Lines and an array's elements are mapped by one set of rules:
    /// a line or element that does not map ends the stream with ``APIError/undecodable(_:body:)`` (the
    /// body is the line's or element's bytes, and the error's path names its place: `[1234].price`),
    /// except that lenient mode drops it, as `[Model]` drops an element; malformed JSON ends the stream
    /// the same way (with an empty body when it lies outside an element); a connection that breaks
    /// midway ends it with ``APIError/network(message:code:)``. The service's timeout applies between
    /// chunks, and retries happen only before the first byte.
    /// - Parameters:
    ///   - endpoint: The request to send.
    ///   - type: The class each line or element maps into.
    ///   - layout: `JSONStreamLayout.jsonLines`, `.array`,
    ///     `.array(at:)`, or `nil` to choose as above.
    /// - Returns: The mapped lines or elements, as they arrive; the stream throws ``APIError``.
    public func stream<T: Mappable>(
        _ endpoint: some Endpoint, as type: T.Type, layout: JSONStreamLayout? = nil
    ) -> AsyncThrowingStream<T, Error> {
        let mapper = configuration.mapper
        let chosen = layout ?? endpoint.keyPath.map(JSONStreamLayout.array(at:))
        return messages(
            endpoint, accept: "application/x-ndjson, application/jsonl, application/json",
            parser: ElementParser<T>(mapper: mapper, layout: chosen),
            split: { try $0.append($1) }, end: { try $0.finish() }, transform: { $0 })
    }

    /// Streams a server-sent events (`text/event-stream`) response, mapping each event's data into `type`
    /// as it arrives.
    ///
    /// It ends, is cancelled and fails as ``stream(_:as:layout:)`` does; an event whose data does not map ends it
    /// with ``APIError/undecodable(_:body:)``.
    /// - Parameters:
    ///   - endpoint: The request to send.
    ///   - type: The class each event's data maps into.
    /// - Returns: The events with their data mapped, as they arrive; the stream throws ``APIError``.
    public func events<T: Mappable>(
        _ endpoint: some Endpoint, as type: T.Type
    ) -> AsyncThrowingStream<ServerSentEvent<T>, Error> {
        let mapper = configuration.mapper
        // An event the stream ends before its blank line is discarded, so the end adds no event.
        return messages(
            endpoint, accept: "text/event-stream", parser: EventParser(),
            split: { $0.append($1) }, end: { _ in [] },
            transform: { message in
                ServerSentEvent(
                    event: message.event, id: message.id,
                    data: try Self.map(Data(message.data.utf8), as: T.self, mapper: mapper))
            })
    }

    private static func map<T: Mappable>(_ message: Data, as type: T.Type, mapper: JSONMapper) throws -> T {
        do {
            return try mapper.map(T.self, from: message)
        } catch let error as MappingError {
            throw APIError.undecodable(error, body: message)
        } catch {
            throw APIError.undecodable(MappingError(.malformedJSON("\(error)")), body: message)
        }
    }

    /// Opens the response through the pipeline (adapt, monitors, validation, retries before the first
    /// byte), then parses and maps messages in a task registered with the service.
    private func messages<Parser: Sendable, Message, Element>(
        _ endpoint: some Endpoint, accept: String, parser: Parser,
        split: @escaping @Sendable (inout Parser, Data) throws -> [Message],
        end: @escaping @Sendable (inout Parser) throws -> [Message],
        transform: @escaping @Sendable (Message) throws -> Element
    ) -> AsyncThrowingStream<Element, Error> {
        let (mapped, continuation) = AsyncThrowingStream<Element, Error>.makeStream()
        let gate = ElementGate()
        let consumer = PacedIterator(mapped, gate: gate)
        let call = begin(endpoint, accept: accept)
        let transport = self.transport
        let redirects = configuration.redirectPolicy
        let receiving = Receiving<AsyncThrowingStream<Data, any Error>>(
            attempt: { request in
                let (response, chunks) = try await transport.open(request, redirects: redirects)
                return (chunks, response)
            },
            monitored: { _ in nil },
            errorBody: { chunks in await Self.collect(chunks) })
        // Elements need not be Sendable; only this task yields them.
        let output = UncheckedBox(continuation)
        let task = Task<Void, Never> {
            let result: Result<Void, APIError> = await self.run(call, receiving) { chunks, _ in
                var parser = parser
                do {
                    for try await chunk in chunks {
                        for message in try split(&parser, chunk) {
                            try Self.yield(transform(message), to: output)
                            gate.produced()
                        }
                        try await gate.waitForRoom()
                    }
                    for message in try end(&parser) { try Self.yield(transform(message), to: output) }
                    return UncheckedBox(Task.isCancelled ? .failure(.cancelled) : .success(()))
                } catch {
                    return UncheckedBox(.failure(APIError.transport(error)))
                }
            }
            switch result {
            case .success: output.value.finish()
            case .failure(let error): output.value.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return AsyncThrowingStream<Element, Error> { try await consumer.next() }
    }

    /// Hands a freshly mapped element to the consumer; nothing else holds it.
    private static func yield<Element>(
        _ element: Element, to output: UncheckedBox<AsyncThrowingStream<Element, Error>.Continuation>
    ) {
        nonisolated(unsafe) let element = element
        output.value.yield(element)
    }

    /// An error response's body, its first `APIError.streamedBodyLimit` bytes at most: the rest is not read.
    private static func collect(_ chunks: AsyncThrowingStream<Data, any Error>) async -> Data {
        let limit = APIError.streamedBodyLimit
        var body = Data()
        do {
            for try await chunk in chunks {
                // A transport hands on what arrived while the consumer was busy as one chunk, of any size.
                body.append(chunk.prefix(limit - body.count))
                if body.count >= limit { break }
            }
        } catch {}
        return body
    }
}
