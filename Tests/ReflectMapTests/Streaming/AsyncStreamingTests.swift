import Foundation
import ReflectMap
import Synchronization
import Testing

/// An async sequence of chunks that never ends, counting how many chunks were taken from it.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
struct EndlessChunks: AsyncSequence {
    typealias Element = [UInt8]
    let counter: PullCounter

    struct AsyncIterator: AsyncIteratorProtocol {
        let owner: EndlessChunks
        /// Released with the last copy of the iterator: the stream has let go of its source.
        let token: ReleaseToken
        var index = 0
        mutating func next() async throws -> [UInt8]? {
            // A real source suspends now and then; one that never does would hold its thread for ever.
            await Task.yield()
            owner.counter.pulls.withLock { $0 += 1 }
            defer { index += 1 }
            return Array((index == 0 ? "[" : ",").utf8) + Array(#"{"id": \#(index), "price": 1, "items": []}"#.utf8)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(owner: self, token: ReleaseToken(counter: counter)) }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
final class PullCounter: Sendable {
    let pulls = Mutex(0)
    let released = Mutex(false)
}

/// Marks its counter's source released when it goes.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
final class ReleaseToken: Sendable {
    let counter: PullCounter
    init(counter: PullCounter) { self.counter = counter }
    deinit { counter.released.withLock { $0 = true } }
}

@Suite("Streaming large documents, asynchronously")
struct AsyncStreamingTests {
    let lines = (0..<50).map { #"{"id": \#($0), "price": \#($0).5, "items": ["x"]}"# }

    func temporaryFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("async-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("A file streams as an AsyncSequence, as an array, at a key path and as JSON Lines")
    func fileSources() async throws {
        let array = try temporaryFile("[" + lines.joined(separator: ",") + "]")
        let wrapped = try temporaryFile(#"{"data": {"items": ["# + lines.joined(separator: ",") + "]}}")
        let jsonLines = try temporaryFile(lines.joined(separator: "\n") + "\n")
        defer { for url in [array, wrapped, jsonLines] { try? FileManager.default.removeItem(at: url) } }
        let mapper = JSONMapper(mode: .strict)
        for (url, layout) in [
            (array, JSONStreamLayout.array), (wrapped, .array(at: "data.items")), (jsonLines, .jsonLines),
        ] {
            var ids: [Int] = []
            for try await order in mapper.elements(StreamedOrder.self, contentsOf: url, layout: layout, bufferSize: 7) {
                ids.append(order.id)
            }
            #expect(ids == Array(0..<50))
        }
    }

    @Test("An AsyncSequence of bytes and one of chunks stream alike, and reports come with each element")
    func byteAndChunkSources() async throws {
        let text = "[" + lines.joined(separator: ",") + #", "not an order"]"#
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in text.utf8 { continuation.yield(byte) }
            continuation.finish()
        }
        var ids: [Int] = []
        for try await order in JSONMapper().elements(StreamedOrder.self, from: bytes, bufferSize: 5) {
            ids.append(order.id)
        }
        #expect(ids == Array(0..<50))

        let chunks = AsyncStream<Data> { continuation in
            for piece in stride(from: 0, to: text.utf8.count, by: 11) {
                continuation.yield(Data(text.utf8.dropFirst(piece).prefix(11)))
            }
            continuation.finish()
        }
        var reported: [StreamedElement<StreamedOrder>] = []
        for try await element in JSONMapper().elementsWithReports(StreamedOrder.self, fromChunks: chunks) {
            reported.append(element)
        }
        #expect(reported.count == 51)
        #expect(reported.last?.value == nil)
        #expect(reported.last?.index == 50)
        #expect(reported.last?.report.skipped.map(\.path) == ["[50]"])
    }

    @Test("Standard input, or any file handle, streams through a pipe")
    func fileHandleSource() async throws {
        let pipe = Pipe()
        let writer = Task.detached {
            for line in lines { pipe.fileHandleForWriting.write(Data((line + "\n").utf8)) }
            try pipe.fileHandleForWriting.close()
        }
        var ids: [Int] = []
        for try await order in JSONMapper().elements(
            StreamedOrder.self, from: pipe.fileHandleForReading, layout: .jsonLines)
        {
            ids.append(order.id)
        }
        try await writer.value
        #expect(ids == Array(0..<50))
    }

    @Test("Cancelling the consuming task stops reading from the source")
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
    func cancellationStopsReading() async throws {
        let counter = PullCounter()
        let source = EndlessChunks(counter: counter)
        let (firstTen, reached) = AsyncStream<Void>.makeStream()
        let consumer = Task {
            var seen = 0
            for try await _ in JSONMapper().elements(StreamedOrder.self, fromChunks: source) {
                seen += 1
                if seen == 10 { reached.yield() }
            }
            return seen
        }
        for await _ in firstTen { break }
        consumer.cancel()
        let result = await consumer.result
        guard case .failure(let error) = result else {
            Issue.record("an endless stream ended")
            return
        }
        #expect(error is CancellationError)
        // The consumer has ended, and with it the stream: it holds its source no more, and it pulled
        // only what the ten elements and the cancellation's check took, one chunk an element.
        #expect(counter.released.withLock { $0 })
        let pulled = counter.pulls.withLock { $0 }
        #expect(pulled >= 10 && pulled <= 12, "\(pulled) pulls")
    }
}
