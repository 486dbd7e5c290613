import Foundation
@testable import ReflectMapGen
import Testing

/// Hands out one chunk, then the end.
func once(_ text: String) -> () throws -> Data? {
    var given = false
    return {
        defer { given = true }
        return given ? nil : Data(text.utf8)
    }
}

@Suite("Huge samples")
struct SampleReadingTests {
    /// Chunks of a JSON array of `count` objects, counting how many bytes were handed out.
    final class Chunks {
        let text: [UInt8]
        var offset = 0
        init(count: Int) {
            text = Array(
                ("[" + (0..<count).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: ",") + "]").utf8)
        }
        func next() -> Data? {
            guard offset < text.count else { return nil }
            defer { offset += 1000 }
            return Data(text[offset..<min(offset + 1000, text.count)])
        }
    }

    @Test("A huge array sample is read only up to the element limit, and says how many elements it read")
    func arraySampleIsBounded() throws {
        let chunks = Chunks(count: 100_000)
        var next: () throws -> Data? = { chunks.next() }
        let result = try SampleReading.read(name: "orders.json", limit: 50, next: &next)
        #expect(result.elementsRead == 50)
        #expect(result.isTruncated)
        #expect(chunks.offset < 10_000, "read \(chunks.offset) of \(chunks.text.count) bytes")
        let tree = try JSONTree.parse(result.sample.bytes)
        guard case .array(let elements) = tree else { Issue.record("not an array"); return }
        #expect(elements.count == 50)
    }

    @Test("JSON Lines become an array sample; a single document stays itself; a short array is read whole")
    func jsonLinesAndSingleDocuments() throws {
        var lines = once("{\"id\": 1}\n{\"id\": 2, \"x\": true}\n")
        let fromLines = try SampleReading.read(name: "log.jsonl", limit: 10, next: &lines)
        #expect(fromLines.elementsRead == 2 && !fromLines.isTruncated)
        #expect(String(decoding: fromLines.sample.bytes, as: UTF8.self) == #"[{"id": 1},{"id": 2, "x": true}]"#)

        var single = once(#" {"id": 1} "#)
        let document = try SampleReading.read(name: "one.json", limit: 10, next: &single)
        #expect(document.elementsRead == nil)
        #expect(String(decoding: document.sample.bytes, as: UTF8.self) == #"{"id": 1}"#)

        let chunks = Chunks(count: 20)
        var next: () throws -> Data? = { chunks.next() }
        let short = try SampleReading.read(name: "short.json", limit: 50, next: &next)
        #expect(short.elementsRead == 20 && !short.isTruncated)
    }

    @Test("Malformed JSON in what was read is the generator's malformed-JSON error, with the offset")
    func malformedSample() throws {
        var next = once(#"[{"id": 1}, {"id": 2]"#)
        #expect(throws: GeneratorError.self) { try SampleReading.read(name: "bad.json", limit: 10, next: &next) }
    }

    @Test("--sample sets the element limit, and must be a positive number")
    func sampleOption() throws {
        #expect(try GeneratorCommand(arguments: ["a.json", "--sample", "25"]).sampleLimit == 25)
        #expect(try GeneratorCommand(arguments: ["a.json"]).sampleLimit == SampleReading.defaultElementLimit)
        #expect(throws: GeneratorError.self) { try GeneratorCommand(arguments: ["a.json", "--sample", "0"]) }
    }
}
