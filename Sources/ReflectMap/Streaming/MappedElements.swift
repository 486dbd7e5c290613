import Foundation

/// The elements of a streamed JSON document as an `AsyncSequence`, mapped one at a time as their bytes
/// arrive. Make one with ``JSONMapper/elements(_:from:layout:bufferSize:)-(_,Bytes,_,_)`` and friends.
///
/// ```swift
/// for try await order in mapper.elements(Order.self, contentsOf: exportURL, layout: .array(at: "data.items")) {
///     await store(order)
/// }
/// ```
///
/// Memory holds the read buffer and the largest element. Iterating twice reads the source twice where
/// the source allows it (a file does; a byte sequence that can be iterated once does not). Cancelling the
/// consuming task stops reading at the next chunk. Errors are as ``JSONElementReader``'s.
public struct MappedElements<Element>: AsyncSequence {
    /// The error the sequence throws, as ``JSONElementReader``'s.
    public typealias Failure = any Error

    private let make: () -> AsyncIterator

    @usableFromInline
    init<Model: Mappable>(
        mapper: JSONMapper, layout: JSONStreamLayout, source: @escaping () -> any ChunkSource,
        output: @escaping (StreamedElement<Model>) -> Element?
    ) {
        make = {
            var stream = ElementStream<Model>(mapper: mapper, layout: layout, reporting: true)
            var chunks = source()
            return AsyncIterator {
                while true {
                    switch try stream.next() {
                    case .element(let element):
                        if let result = output(element) { return result }
                    case .needsInput:
                        try Task.checkCancellation()
                        if let chunk = try await chunks.next(), !chunk.isEmpty {
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
    }

    /// Starts reading the source.
    /// - Returns: The iterator.
    public func makeAsyncIterator() -> AsyncIterator {
        make()
    }

    /// Reads the elements one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let step: () async throws -> Element?

        init(_ step: @escaping () async throws -> Element?) {
            self.step = step
        }

        /// The next element.
        /// - Returns: The element, or `nil` at the end of the stream.
        /// - Throws: ``MappingError`` for malformed or truncated input, and in strict mode for an element
        ///   that does not map; an error reading the source as it is; `CancellationError` when the task
        ///   is cancelled.
        public mutating func next() async throws -> Element? {
            try await step()
        }
    }
}

/// Where a stream's bytes come from, a chunk at a time; `nil` or an empty chunk ends the input.
@usableFromInline
protocol ChunkSource {
    mutating func next() async throws -> [UInt8]?
}

/// Gathers an `AsyncSequence` of bytes into chunks. Inlinable, so that the per-byte loop is specialised
/// for the caller's sequence.
@usableFromInline
struct ByteChunks<Base: AsyncIteratorProtocol>: ChunkSource where Base.Element == UInt8 {
    @usableFromInline var base: Base
    @usableFromInline let size: Int

    @inlinable
    init(_ base: Base, size: Int) {
        self.base = base
        self.size = size
    }

    @inlinable
    mutating func next() async throws -> [UInt8]? {
        var chunk: [UInt8] = []
        chunk.reserveCapacity(size)
        while chunk.count < size, let byte = try await base.next() {
            chunk.append(byte)
        }
        return chunk.isEmpty ? nil : chunk
    }
}

/// Takes an `AsyncSequence` of chunks (`Data`, `[UInt8]`) as they come.
@usableFromInline
struct DataChunks<Base: AsyncIteratorProtocol>: ChunkSource where Base.Element: DataProtocol {
    @usableFromInline var base: Base

    @inlinable
    init(_ base: Base) {
        self.base = base
    }

    @inlinable
    mutating func next() async throws -> [UInt8]? {
        while let chunk = try await base.next() {
            if !chunk.isEmpty { return [UInt8](chunk) }
        }
        return nil
    }
}

/// Reads a file handle in chunks. The synchronous reader calls ``read()`` on its own thread; the async
/// sequence makes each read on a serial dispatch queue of its own, so that a read that waits (a pipe,
/// standard input) holds a thread outside Swift's cooperative pool, which it could otherwise starve.
struct HandleChunks: ChunkSource {
    let handle: FileHandle
    let size: Int
    /// Closes the handle at the end, for handles the stream opened itself.
    let closesAtEnd: Bool
    private let queue = DispatchQueue(label: "ReflectMap.HandleChunks")

    init(handle: FileHandle, size: Int, closesAtEnd: Bool) {
        self.handle = handle
        self.size = size
        self.closesAtEnd = closesAtEnd
    }

    mutating func next() async throws -> [UInt8]? {
        let reader = self
        return try await withCheckedThrowingContinuation { continuation in
            reader.queue.async { continuation.resume(with: Result { try reader.read() }) }
        }
    }

    func read() throws -> [UInt8]? {
        guard let data = try handle.read(upToCount: size), !data.isEmpty else {
            if closesAtEnd { try? handle.close() }
            return nil
        }
        return [UInt8](data)
    }
}
