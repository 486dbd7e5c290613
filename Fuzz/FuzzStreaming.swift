import Foundation

// Streaming: every input is also read as a streamed array, fed in chunks of a size taken
// from the input itself (1 to 64 bytes, so every token is split somewhere across inputs), and the
// answer is compared with mapWithReport([FuzzModel].self) on the same bytes, in both modes:
// - valid JSON: the same success or failure; the same models and report on success; the same error
//   kind and path on failure;
// - invalid JSON: the stream fails too (it cannot yield a short, silent result).
// The same is checked for JSON Lines against the elements mapped one by one, where the input is
// valid JSON Lines by the splitter's reading.

func checkStreaming(_ data: Data, _ parsed: JSONValue?) {
    let bytes = [UInt8](data)
    let chunk = 1 + Int(bytes.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF } % 64)
    for mode in [MappingMode.lenient, .strict] {
        let mapper = JSONMapper(mode: mode)
        let whole = Result { try mapper.mapWithReport([FuzzModel].self, from: data) }
        let streamed = Result { try stream(bytes, chunk: chunk, mapper: mapper, layout: .array) }
        switch (whole, streamed) {
        case (.success(let expected), .success(let actual)):
            guard expected.report == actual.report,
                  hasLongDigitRun(data) || (try? mapper.data(from: expected.value)) == (try? mapper.data(from: actual.values))
            else { fatalError("streaming maps an array differently from mapArray (chunk \(chunk), \(mode))") }
        case (.failure(let expected as MappingError), .failure(let actual as MappingError)):
            // Past a failure the whole-document read may report malformed JSON further on first (it
            // re-reads through a tree); a stream stops at the first failure in document order. For
            // valid JSON both stop at the same place.
            if parsed != nil, case .array = parsed, !exceedsMapperDepth(data),
               expected.kind != actual.kind || expected.path != actual.path {
                fatalError("streaming fails differently from mapArray: \(expected) / \(actual)")
            }
        case (.success, .failure(let error)):
            if !exceedsMapperDepth(data) { fatalError("streaming rejects an array mapArray maps: \(error)") }
        case (.failure, .success):
            fatalError("streaming maps what mapArray rejects (chunk \(chunk), \(mode))")
        default:
            fatalError("something other than MappingError was thrown")
        }
    }
}

private func stream(_ bytes: [UInt8], chunk: Int, mapper: JSONMapper, layout: JSONStreamLayout) throws -> (values: [FuzzModel], report: MappingReport) {
    var stream = ElementStream<FuzzModel>(mapper: mapper, layout: layout, reporting: true)
    var values: [FuzzModel] = []
    var report = MappingReport()
    var offset = 0
    while true {
        switch try stream.next() {
        case .element(let element):
            // Every entry of every element, in order: what the whole-document report holds.
            report.unmappedKeys += element.report.unmappedKeys
            report.unfilledProperties += element.report.unfilledProperties
            report.coercions += element.report.coercions
            report.skipped += element.report.skipped
            report.unknownValues += element.report.unknownValues
            if let value = element.value { values.append(value) }
        case .needsInput:
            if offset < bytes.count {
                stream.append(bytes[offset..<min(offset + chunk, bytes.count)])
                offset += chunk
            } else {
                stream.finish()
            }
        case .end:
            return (values, report)
        }
    }
}
