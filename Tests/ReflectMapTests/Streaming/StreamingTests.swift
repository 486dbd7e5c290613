import Foundation
import ReflectMap
import Testing

struct StreamedOrder: Mappable, Equatable {
    var id = 0
    var price = 0.0
    var items: [String] = []
}

/// Reads every element of `data` through a synchronous reader fed from memory in chunks of `bufferSize`.
func streamed<T: Mappable>(
    _ type: T.Type, _ data: Data, layout: JSONStreamLayout = .array, bufferSize: Int, mapper: JSONMapper = JSONMapper()
) throws -> (values: [T], report: MappingReport) {
    // A file on disk keeps the test independent of pipe buffer sizes.
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).json")
    try data.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var reader = try mapper.elementReader(T.self, contentsOf: url, layout: layout, bufferSize: bufferSize)
    var values: [T] = []
    while let value = try reader.next() { values.append(value) }
    return (values, reader.report)
}

/// What a read gave: the models written back as JSON and the report, or the error's kind, path and offset.
enum StreamOutcome: Equatable, CustomStringConvertible {
    case mapped(json: String, report: MappingReport)
    case failed(kind: MappingError.Kind, path: String, offset: Int?)

    init(_ mapper: JSONMapper, _ body: () throws -> ([StreamedOrder], MappingReport)) {
        do {
            let (values, report) = try body()
            self = .mapped(
                json: String(decoding: (try? mapper.data(from: values)) ?? Data(), as: UTF8.self), report: report)
        } catch let error as MappingError {
            self = .failed(kind: error.kind, path: error.path, offset: error.byteOffset)
        } catch {
            self = .failed(kind: .malformedJSON("unexpected \(error)"), path: "", offset: nil)
        }
    }

    var description: String {
        switch self {
        case .mapped(let json, let report): return "mapped \(json.prefix(200)) \(report)"
        case .failed(let kind, let path, let offset):
            return "failed \(kind) at \(path) offset \(offset.map(String.init) ?? "-")"
        }
    }
}

/// An object holding a streamed array, for comparing with the whole-document key path.
private struct Holder: Mappable {
    var items: [StreamedOrder] = []
}

@Suite("Streaming large documents")
struct StreamingTests {
    let orders = json(
        #"""
        [{"id": 1, "price": 9.5, "items": ["a"]},
         {"id": 2, "price": 3, "items": []}, {"id": 3, "price": 0.25, "items": ["b", "c\"]"]}]
        """#)

    @Test("A top-level array streams element by element, split at every possible byte")
    func topLevelArrayAtEveryBoundary() throws {
        let whole = try JSONMapper().mapArray(StreamedOrder.self, from: orders)
        for size in 1...12 {
            #expect(try streamed(StreamedOrder.self, orders, bufferSize: size).values == whole, "buffer \(size)")
        }
        #expect(whole.map(\.id) == [1, 2, 3])
    }

    @Test("The array at a key path streams, and the rest of the document is still checked")
    func arrayAtKeyPath() throws {
        let envelope = json(
            #"{"meta": {"n": [1, {"x": "]"}]}, "data": {"skip": "}", "items": [{"id": 7}, {"id": 8}], "next": null}, "total": 2}"#
        )
        for size in [1, 2, 3, 5, 64] {
            for path in ["data.items", ".data.items."] {
                let values = try streamed(StreamedOrder.self, envelope, layout: .array(at: path), bufferSize: size)
                    .values
                #expect(values.map(\.id) == [7, 8], "buffer \(size)")
            }
        }
        let broken = json(#"{"data": {"items": [{"id": 7}]}, "total": 2,}"#)
        let error = mappingError {
            _ = try streamed(StreamedOrder.self, broken, layout: .array(at: "data.items"), bufferSize: 4)
        }
        guard case .malformedJSON = error?.kind else {
            Issue.record("expected malformed JSON, got \(String(describing: error))"); return
        }
        let missing = mappingError {
            _ = try streamed(StreamedOrder.self, broken, layout: .array(at: "data.nothing"), bufferSize: 4)
        }
        #expect(missing?.kind == .keyPathNotFound("data.nothing"))
    }

    @Test(
        "A streamed key path indexes arrays and walks past values of every kind, split at every byte, as the whole-document key path does"
    )
    func keyPathThroughArrays() throws {
        let document = json(
            #"""
            {"skip": [1, "a\"]", {"x": [true, null]}], "results": [{"items": [{"id": 1}]}, {"items": [{"id": 2}, {"id": 3}]}],
             "tail": {"k": [0]}}
            """#)
        for size in [1, 2, 3, 7, 64] {
            let values = try streamed(
                StreamedOrder.self, document, layout: .array(at: "results.1.items"), bufferSize: size
            ).values
            #expect(values.map(\.id) == [2, 3], "buffer \(size)")
        }
        #expect(try JSONMapper().map(Holder.self, from: document, at: "results.1").items.map(\.id) == [2, 3])
        for path in ["results.2.items", "results.x.items", "skip.0.items", "tail.k.0"] {
            let missing = mappingError {
                _ = try streamed(StreamedOrder.self, document, layout: .array(at: path), bufferSize: 5)
            }
            #expect(missing?.kind == .keyPathNotFound(path), "\(path)")
        }
        // What follows the array, inside the arrays and objects the path entered, is still checked.
        let broken = json(#"{"results": [{"items": [{"id": 1}], "x": 1}, {"y": [1,]}]}"#)
        let error = mappingError {
            _ = try streamed(StreamedOrder.self, broken, layout: .array(at: "results.0.items"), bufferSize: 3)
        }
        guard case .malformedJSON = error?.kind else {
            Issue.record("expected malformed JSON, got \(String(describing: error))"); return
        }
    }

    @Test(
        "A value a streamed key path walks past is checked in full: malformed JSON there ends the stream at its offset")
    func walkedPastValuesAreChecked() throws {
        for text in [#"{"a": [1, 2,], "items": []}"#, #"{"a": 12x, "items": []}"#, #"{"a": "\q", "items": []}"#] {
            let error = mappingError {
                _ = try streamed(StreamedOrder.self, json(text), layout: .array(at: "items"), bufferSize: 4)
            }
            guard case .malformedJSON = error?.kind else {
                Issue.record("\(text): got \(String(describing: error))"); continue
            }
            // The same offset as the whole document's parse gives.
            let whole = mappingError { _ = try JSONValue(parsing: json(text)) }
            #expect(error?.byteOffset != nil && error?.byteOffset == whole?.byteOffset, "\(text)")
        }
    }

    @Test(
        "A streamed key path whose key comes again after the array ends the stream, since the last member counts"
    )
    func repeatedKeyInAStreamedPath() throws {
        let document = json(#"{"items": [{"id": 1}], "items": [{"id": 2}]}"#)
        let error = mappingError {
            _ = try streamed(StreamedOrder.self, document, layout: .array(at: "items"), bufferSize: 4)
        }
        #expect(error?.kind == .keyPathNotFound("items"))
        #expect(
            try JSONMapper().map(
                Holder.self, from: json(#"{"h": {"items": [{"id": 1}]}, "h": {"items": [{"id": 2}]}}"#), at: "h"
            ).items.map(\.id) == [2])
    }

    @Test("JSON Lines, and concatenated or whitespace-separated documents, stream as elements")
    func jsonLinesAndConcatenatedDocuments() throws {
        let lines = json("{\"id\": 1}\n{\"id\": 2}\r\n\n{\"id\": 3}{\"id\": 4} {\"id\": 5}")
        for size in 1...9 {
            let values = try streamed(StreamedOrder.self, lines, layout: .jsonLines, bufferSize: size).values
            #expect(values.map(\.id) == [1, 2, 3, 4, 5], "buffer \(size)")
        }
        #expect(try streamed(StreamedOrder.self, json(""), layout: .jsonLines, bufferSize: 4).values.isEmpty)
        #expect(try streamed(StreamedOrder.self, json(" \n "), layout: .jsonLines, bufferSize: 1).values.isEmpty)
    }

    @Test(
        "An element that does not map is dropped and reported in lenient mode, and thrown in strict mode, with its index"
    )
    func elementFailuresFollowTheMode() throws {
        let input = json(
            #"[{"id": 1, "price": 1, "items": []}, {"id": 2, "price": "x", "items": []}, "not an order", {"id": 4, "price": 1, "items": []}]"#
        )
        let (values, report) = try streamed(StreamedOrder.self, input, bufferSize: 3)
        #expect(values.map(\.id) == [1, 2, 4])
        #expect(report.skipped.map(\.path) == ["[1].price", "[2]"])
        let strict = mappingError {
            _ = try streamed(StreamedOrder.self, input, bufferSize: 3, mapper: JSONMapper(mode: .strict))
        }
        #expect(strict?.path == "[1].price")
        let inPath = mappingError {
            _ = try streamed(
                StreamedOrder.self,
                json(#"{"data": [{"id": 1, "price": 1, "items": []}, {"id": "two", "price": 1, "items": []}]}"#),
                layout: .array(at: "data"),
                bufferSize: 2, mapper: JSONMapper(mode: .strict))
        }
        #expect(inPath?.path == "data[1].id")
    }

    @Test("Malformed JSON anywhere ends the stream with the byte offset in the whole input")
    func malformedInputGivesTheWholeInputsOffset() throws {
        // The bad byte is inside the third element, at offset 27.
        let input = json(#"[{"id": 1}, {"id": 2}, {"id": tru}]"#)
        let error = mappingError { _ = try streamed(StreamedOrder.self, input, bufferSize: 5) }
        guard case .malformedJSON = error?.kind else { Issue.record("got \(String(describing: error))"); return }
        let whole = mappingError { _ = try JSONMapper().mapArray(StreamedOrder.self, from: input) }
        #expect(error?.byteOffset == whole?.byteOffset)
        for bad in [#"[{"id": 1} {"id": 2}]"#, #"[{"id": 1},]"#, #"[{"id": 1}] x"#, #"[{"id": [1}]"#, #"{"id": 1}"#] {
            let error = mappingError { _ = try streamed(StreamedOrder.self, json(bad), bufferSize: 2) }
            #expect(error != nil, "\(bad)")
        }
    }

    @Test(
        "A byte order mark is skipped only at the start of the input: inside a streamed array it is malformed, as in the whole array"
    )
    func byteOrderMarkOnlyAtTheStart() throws {
        struct Number: Mappable { var n = 0 }
        let bom = "\u{FEFF}"
        // The element after the mark is a scalar, which the splitter hands over whole, mark and all.
        let inside = Data("[{\"n\": 1},\(bom)2]".utf8)
        let whole = mappingError { _ = try JSONMapper().mapArray(Number.self, from: inside) }
        guard case .malformedJSON = whole?.kind else {
            Issue.record("whole array: \(String(describing: whole))"); return
        }
        for bufferSize in [1, 2, 3, 64] {
            let error = mappingError { _ = try streamed(Number.self, inside, bufferSize: bufferSize) }
            guard case .malformedJSON = error?.kind else {
                Issue.record("streamed, \(bufferSize): \(String(describing: error))"); continue
            }
        }
        let leading = try streamed(Number.self, Data("\(bom)[{\"n\": 1}, {\"n\": 2}]".utf8), bufferSize: 3)
        #expect(leading.values.map(\.n) == [1, 2])
        let lines = try streamed(
            Number.self, Data("\(bom){\"n\": 1}\n{\"n\": 2}\n".utf8), layout: .jsonLines, bufferSize: 3)
        #expect(lines.values.map(\.n) == [1, 2])
    }

    @Test("A truncated input ends with an error, never a short result, and an empty one is an error for an array")
    func truncatedAndEmptyInputs() throws {
        let text = String(decoding: orders, as: UTF8.self)
        for cut in stride(from: 1, to: text.utf8.count - 1, by: 3) {
            let prefix = Data(text.utf8.prefix(cut))
            let error = mappingError { _ = try streamed(StreamedOrder.self, prefix, bufferSize: 4) }
            guard case .malformedJSON = error?.kind else {
                Issue.record("a cut at \(cut) gave \(String(describing: error))")
                continue
            }
        }
        let empty = mappingError { _ = try streamed(StreamedOrder.self, json(""), bufferSize: 4) }
        guard case .malformedJSON = empty?.kind else { Issue.record("got \(String(describing: empty))"); return }
        let truncatedLine = mappingError {
            _ = try streamed(StreamedOrder.self, json("{\"id\": 1}\n{\"id\""), layout: .jsonLines, bufferSize: 4)
        }
        guard case .malformedJSON = truncatedLine?.kind else {
            Issue.record("got \(String(describing: truncatedLine))"); return
        }
    }

    @Test("Streamed elements equal mapArray's on the same bytes, in both modes, with the same reports")
    func differentialAgainstMapArray() throws {
        var random = SplitMix64(state: 2026_11_24)
        for seed in 0..<60 {
            var corpus = SampleCorpus(seed: UInt64(seed), maxFaults: 2, faultPercent: 10)
            let documents = (0..<4).map { _ in String(decoding: corpus.document(), as: UTF8.self) }
            let input = Data(("[" + documents.joined(separator: ",\n") + "]").utf8)
            for mode in [MappingMode.lenient, .strict] {
                let mapper = JSONMapper(mode: mode)
                let size = Int(random.next() % 40) + 1
                let whole = SampleOutcome(mapper) { try mapper.mapWithReport([Sample].self, from: input) }
                let stream = SampleOutcome(mapper) {
                    var reader = mapper.elementReader(Sample.self, from: try Self.handle(input), bufferSize: size)
                    var values: [Sample] = []
                    // Each element's whole report, put together: the reader's own report keeps each
                    // kind of entry at each path once.
                    var report = MappingReport()
                    while let element = try reader.nextWithReport() {
                        if let value = element.value { values.append(value) }
                        report.unmappedKeys += element.report.unmappedKeys
                        report.unfilledProperties += element.report.unfilledProperties
                        report.coercions += element.report.coercions
                        report.skipped += element.report.skipped
                        report.unknownValues += element.report.unknownValues
                    }
                    return (values, report)
                }
                #expect(stream == whole, "seed \(seed), \(mode), buffer \(size)")
            }
        }
    }

    @Test("The reader's report is the same size for 1,000 and 100,000 elements of one shape, and counts repeats")
    func boundedReport() throws {
        func report(_ count: Int) throws -> (MappingReport, Int) {
            let element = #"{"id": "7", "price": "x", "extra": 1}"#
            let input = Data(("[" + Array(repeating: element, count: count).joined(separator: ",") + "]").utf8)
            var reader = JSONMapper().elementReader(StreamedOrder.self, from: try Self.handle(input))
            var mapped = 0
            while try reader.next() != nil { mapped += 1 }
            #expect(mapped == count)
            return (reader.report, reader.repeatedEntries)
        }
        let (small, smallRepeats) = try report(1_000)
        let (large, largeRepeats) = try report(100_000)
        for report in [small, large] {
            #expect(report.unmappedKeys == ["[0].extra"])
            #expect(report.unfilledProperties == ["[0].items"])
            #expect(report.coercions.map(\.path) == ["[0].id"])
            #expect(report.skipped.map(\.path) == ["[0].price"])
        }
        #expect(small.coercions[0].occurrences == 1_000 && small.skipped[0].occurrences == 1_000)
        #expect(large.coercions[0].occurrences == 100_000 && large.skipped[0].occurrences == 100_000)
        // Four entries per element, kept once each: the rest are counted.
        #expect(smallRepeats == 4 * 999)
        #expect(largeRepeats == 4 * 99_999)
    }

    @Test("Under a key path, too, the reader's report holds each kind of entry at each path once")
    func boundedReportUnderAKeyPath() throws {
        for count in [1, 2, 1_000] {
            let element = #"{"id": 1, "extra": true}"#
            let input = Data(
                (#"{"data": {"items": ["# + Array(repeating: element, count: count).joined(separator: ",") + "]}}").utf8
            )
            var reader = JSONMapper().elementReader(
                StreamedOrder.self, from: try Self.handle(input), layout: .array(at: "data.items"))
            while try reader.next() != nil {}
            #expect(reader.report.unmappedKeys == ["data.items[0].extra"])
            #expect(reader.report.unfilledProperties == ["data.items[0].items", "data.items[0].price"])
            #expect(reader.repeatedEntries == 3 * (count - 1))
        }
    }

    @Test("A report keeps distinct paths apart, and an element's own path beyond its index")
    func distinctPathsKept() throws {
        let input = Data(#"[{"id": 1, "a": 1}, {"id": 2, "b": 2}, {"id": 3, "a": 3, "items": [{}]}]"#.utf8)
        var reader = JSONMapper().elementReader(StreamedOrder.self, from: try Self.handle(input))
        var elementReports: [MappingReport] = []
        while let element = try reader.nextWithReport() { elementReports.append(element.report) }
        #expect(reader.report.unmappedKeys == ["[0].a", "[1].b"])
        #expect(reader.report.skipped.map(\.path) == ["[2].items[0]"])
        #expect(elementReports[2].unmappedKeys == ["[2].a"])
        // Repeated: [1].price and [1].items unfilled, then [2].a unmapped and [2].price unfilled.
        #expect(reader.report.unfilledProperties == ["[0].items", "[0].price"])
        #expect(reader.repeatedEntries == 4)
    }

    @Test("A handle the caller gives is read to its end and left open")
    func handleLeftOpen() throws {
        let input = Data(#"[{"id": 1}, {"id": 2}]"#.utf8)
        let handle = try Self.handle(input)
        var reader = JSONMapper().elementReader(StreamedOrder.self, from: handle)
        while try reader.next() != nil {}
        // Still open: it seeks and reads again.
        try handle.seek(toOffset: 0)
        #expect(try handle.readToEnd() == input)
        try handle.close()
    }

    /// A file handle over `data`, on a temporary file that is gone once the handle is.
    static func handle(_ data: Data) throws -> FileHandle {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).json")
        try data.write(to: url)
        let handle = try FileHandle(forReadingFrom: url)
        try FileManager.default.removeItem(at: url)
        return handle
    }
}

/// What a read of `[Sample]` gave, for the differential test.
enum SampleOutcome: Equatable {
    case mapped(json: String, report: MappingReport)
    case failed(kind: MappingError.Kind, path: String)

    init(_ mapper: JSONMapper, _ body: () throws -> ([Sample], MappingReport)) {
        do {
            let (values, report) = try body()
            self = .mapped(
                json: String(decoding: (try? mapper.data(from: values)) ?? Data(), as: UTF8.self), report: report)
        } catch let error as MappingError {
            self = .failed(kind: error.kind, path: error.path)
        } catch {
            self = .failed(kind: .malformedJSON("unexpected \(error)"), path: "")
        }
    }
}

@Suite("Splitting JSON Lines as bytes arrive")
struct JSONLinesSplittingTests {
    @Test("A document is handed over as soon as its last byte arrives, before the input ends")
    func documentHandedOverAtItsEnd() throws {
        var splitter = ElementSplitter(layout: .jsonLines, maxDepth: 64)
        splitter.append(Array(#"{"a": 1}"#.utf8) + [0x0A] + Array(#"{"a": 2}"#.utf8))
        var found = 0
        while case .element = try splitter.next() { found += 1 }
        #expect(found == 2)
        splitter.append(Array("\n[3]\n".utf8))
        while case .element = try splitter.next() { found += 1 }
        #expect(found == 3)
    }
}
