import Foundation

// Streaming: the elements of a top-level array (or of the array at a key path), or of JSON Lines, mapped
// one at a time from a file, a file handle or an async sequence of bytes, in memory bounded by the read
// buffer and the largest element. See the Streaming Large Documents article.

extension JSONMapper {
    /// The default size of a stream's reads: 64 KiB.
    public static let defaultStreamBufferSize = 65_536

    // MARK: Synchronous

    /// Reads the elements of a JSON file one at a time, synchronously.
    ///
    /// - Parameters:
    ///   - type: The element model type.
    ///   - url: A file URL.
    ///   - layout: How the elements are laid out: ``JSONStreamLayout/array`` (the default),
    ///     ``JSONStreamLayout/array(at:)`` or ``JSONStreamLayout/jsonLines``.
    ///   - bufferSize: How many bytes each read takes.
    /// - Returns: A reader whose `next()` gives each model in turn.
    /// - Throws: An error opening the file.
    public func elementReader<T: Mappable>(
        _ type: T.Type, contentsOf url: URL, layout: JSONStreamLayout = .array,
        bufferSize: Int = defaultStreamBufferSize
    ) throws -> JSONElementReader<T> {
        let handle = try FileHandle(forReadingFrom: url)
        let chunks = HandleChunks(handle: handle, size: max(bufferSize, 1), closesAtEnd: true)
        return JSONElementReader(mapper: self, layout: layout, reporting: true) { try chunks.read() }
    }

    /// Reads the elements arriving on a file handle (standard input, a pipe, an open file) one at a
    /// time, synchronously. The handle is read to its end and left open.
    ///
    /// - Parameters:
    ///   - type: The element model type.
    ///   - handle: The handle to read, such as `FileHandle.standardInput`.
    ///   - layout: How the elements are laid out.
    ///   - bufferSize: How many bytes each read takes.
    /// - Returns: A reader whose `next()` gives each model in turn.
    public func elementReader<T: Mappable>(
        _ type: T.Type, from handle: FileHandle, layout: JSONStreamLayout = .array,
        bufferSize: Int = defaultStreamBufferSize
    ) -> JSONElementReader<T> {
        let chunks = HandleChunks(handle: handle, size: max(bufferSize, 1), closesAtEnd: false)
        return JSONElementReader(mapper: self, layout: layout, reporting: true) { try chunks.read() }
    }

    // MARK: Asynchronous

    /// The elements of a JSON file, mapped one at a time as it is read.
    ///
    /// - Parameters:
    ///   - type: The element model type.
    ///   - url: A file URL. It is opened when iteration starts; a failure to open it is thrown then.
    ///   - layout: How the elements are laid out.
    ///   - bufferSize: How many bytes each read takes.
    /// - Returns: The models, as an `AsyncSequence`.
    public func elements<T: Mappable>(
        _ type: T.Type, contentsOf url: URL, layout: JSONStreamLayout = .array,
        bufferSize: Int = defaultStreamBufferSize
    ) -> MappedElements<T> {
        MappedElements(
            mapper: self, layout: layout, source: { FileChunks(url: url, size: max(bufferSize, 1)) }, output: \.value)
    }

    /// The elements arriving on a file handle, mapped one at a time.
    ///
    /// - Parameters:
    ///   - type: The element model type.
    ///   - handle: The handle to read, such as `FileHandle.standardInput`. Its reads block the thread
    ///     that iterates, as `FileHandle` reads do.
    ///   - layout: How the elements are laid out.
    ///   - bufferSize: How many bytes each read takes.
    /// - Returns: The models, as an `AsyncSequence`.
    public func elements<T: Mappable>(
        _ type: T.Type, from handle: FileHandle, layout: JSONStreamLayout = .array,
        bufferSize: Int = defaultStreamBufferSize
    ) -> MappedElements<T> {
        MappedElements(
            mapper: self, layout: layout,
            source: {
                HandleChunks(handle: handle, size: max(bufferSize, 1), closesAtEnd: false)
            }, output: \.value)
    }

    /// The elements in an `AsyncSequence` of bytes (a response body's bytes, say), mapped one at a time
    /// as they arrive.
    ///
    /// - Parameters:
    ///   - type: The element model type.
    ///   - bytes: The bytes.
    ///   - layout: How the elements are laid out.
    ///   - bufferSize: How many bytes are gathered before the splitter looks at them.
    /// - Returns: The models, as an `AsyncSequence`.
    @inlinable
    public func elements<T: Mappable, Bytes: AsyncSequence>(
        _ type: T.Type, from bytes: Bytes, layout: JSONStreamLayout = .array, bufferSize: Int = defaultStreamBufferSize
    ) -> MappedElements<T> where Bytes.Element == UInt8 {
        MappedElements(
            mapper: self, layout: layout,
            source: {
                ByteChunks(bytes.makeAsyncIterator(), size: max(bufferSize, 1))
            }, output: { (element: StreamedElement<T>) in element.value })
    }

    /// The elements in an `AsyncSequence` of chunks (`Data` or `[UInt8]`), mapped one at a time as the
    /// chunks arrive.
    ///
    /// - Parameters:
    ///   - type: The element model type.
    ///   - chunks: The chunks, in order.
    ///   - layout: How the elements are laid out.
    /// - Returns: The models, as an `AsyncSequence`.
    @inlinable
    public func elements<T: Mappable, Chunks: AsyncSequence>(
        _ type: T.Type, fromChunks chunks: Chunks, layout: JSONStreamLayout = .array
    ) -> MappedElements<T> where Chunks.Element: DataProtocol {
        MappedElements(
            mapper: self, layout: layout, source: { DataChunks(chunks.makeAsyncIterator()) },
            output: { (element: StreamedElement<T>) in element.value })
    }

    /// The elements of a JSON file with each one's report, mapped one at a time; an element lenient mode
    /// dropped comes with a `nil` value and the report that says why.
    ///
    /// - Parameters:
    ///   - type: The element model type.
    ///   - url: A file URL.
    ///   - layout: How the elements are laid out.
    ///   - bufferSize: How many bytes each read takes.
    /// - Returns: The elements with their reports, as an `AsyncSequence`.
    public func elementsWithReports<T: Mappable>(
        _ type: T.Type, contentsOf url: URL, layout: JSONStreamLayout = .array,
        bufferSize: Int = defaultStreamBufferSize
    ) -> MappedElements<StreamedElement<T>> {
        MappedElements(
            mapper: self, layout: layout, source: { FileChunks(url: url, size: max(bufferSize, 1)) },
            output: { (element: StreamedElement<T>) in element })
    }

    /// The elements in an `AsyncSequence` of chunks with each one's report.
    ///
    /// - Parameters:
    ///   - type: The element model type.
    ///   - chunks: The chunks, in order.
    ///   - layout: How the elements are laid out.
    /// - Returns: The elements with their reports, as an `AsyncSequence`.
    @inlinable
    public func elementsWithReports<T: Mappable, Chunks: AsyncSequence>(
        _ type: T.Type, fromChunks chunks: Chunks, layout: JSONStreamLayout = .array
    ) -> MappedElements<StreamedElement<T>> where Chunks.Element: DataProtocol {
        MappedElements(
            mapper: self, layout: layout, source: { DataChunks(chunks.makeAsyncIterator()) },
            output: { (element: StreamedElement<T>) in element })
    }
}

/// Opens a file when iteration starts and reads it in chunks, closing it at the end.
struct FileChunks: ChunkSource {
    let url: URL
    let size: Int
    private var handle: HandleChunks?

    init(url: URL, size: Int) {
        self.url = url
        self.size = size
    }

    mutating func next() async throws -> [UInt8]? {
        var chunks = try handle ?? HandleChunks(handle: FileHandle(forReadingFrom: url), size: size, closesAtEnd: true)
        defer { handle = chunks }
        return try await chunks.next()
    }
}
