// The libFuzzer entry point. Built by Fuzz/run.sh together with the ReflectMap sources as one module
// (so it also reaches internal API), with `-sanitize=fuzzer,address`. Not part of the package.
//
// For each input it:
// 1. parses with JSONValue and with JSONSerialization, and traps if one accepts what the other
//    rejects, wherever both are defined (see `bothDefined`);
// 2. re-parses what it accepted after writing it back, and traps if the value changed;
// 3. maps the bytes into models in lenient and strict mode, and traps if mapping calls valid JSON
//    malformed, or accepts JSON that JSONValue rejected;
// 4. maps the same JSON through the dictionary route, and traps if the two routes disagree on
//    success, or on the model and the report where both succeed;
// 5. does the same for one of the models built on adapters, transforms, key paths and polymorphism (Fuzz/FuzzTypes.swift, chosen
//    by the input's shape: a registered adapter that throws on bad input, @JSONTransform, nested
//    @JSONKey paths, a polymorphic class hierarchy, Sets and keyed dictionaries, Codable properties,
//    didFinishMapping hooks that reject), and also checks: both routes agree on the error's kind and path, the hooks run as often on both
//    routes, lenient mode throws only at the top level (besides malformed JSON and depth), writing
//    and reading back round-trips (strictly, where the first read was clean), and `update(_:from:)`
//    on a default value agrees with `map`. See `checkTypes`;
// 6. streams the input as an array in chunks of 1 to 64 bytes and compares the answer with
//    mapWithReport([FuzzModel].self) in both modes. See Fuzz/FuzzStreaming.swift;
// 7. runs both routes of the scanner's sixteen-byte steps on the input, and traps if they disagree:
//    the one-loop skip and the stepwise walk (as the bare input and inside an array), the vector and
//    the word checks of UTF-8 (the input as a string's contents), and the vector and word scans for a
//    string's end and a whitespace run, from every offset. See `checkRoutes`.
import Foundation

struct FuzzModel: Mappable {
    var id = 0
    var name: String?
    var values: [Double] = []
    var child: FuzzChild?
    var table: [String: Int] = [:]
    var free: JSONValue?
    var big: UInt64 = 0
}

struct FuzzChild: Mappable {
    var flag = false
    var children: [FuzzChild] = []
    var ratio: Float = 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let parsed: JSONValue?
    var trailingComma = false
    var overflow = false
    do {
        parsed = try JSONValue(parsing: data)
    } catch let error as MappingError {
        guard let offset = error.byteOffset else { fatalError("a parse error without a byte offset: \(error)") }
        // JSONSerialization accepts a trailing comma (`[1,]`, `{"a":1,}`), which RFC 8259 does not.
        trailingComma = error.description.contains("after ','")
        // JSONSerialization does not check a number that a repeated key overrides, even one too
        // large for a Double (`{"a": 1e999, "a": 1}`); every number is checked here.
        overflow = error.description.contains("too large for a Double") && isInfinite(data, at: offset)
        parsed = nil
    } catch {
        fatalError("JSONValue threw something other than MappingError: \(error)")
    }

    if bothDefined(data) {
        let reference = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        if (parsed == nil) != (reference == nil), !((trailingComma || overflow) && reference != nil) {
            fatalError("JSONValue \(parsed == nil ? "rejects" : "accepts") what JSONSerialization \(reference == nil ? "rejects" : "accepts")")
        }
    }

    if let parsed {
        var writer = JSONWriter(settings: WriteSettings(), toTree: false)
        do {
            try writer.writeJSONValue(parsed)
        } catch {
            fatalError("a parsed value cannot be written: \(error)")
        }
        guard let again = try? JSONValue(parsing: writer.output.data()), again == parsed else {
            fatalError("writing and re-reading changed the value")
        }
    }

    for mode in [MappingMode.lenient, .strict] {
        let mapper = JSONMapper(mode: mode)
        do {
            let (model, report) = try mapper.mapWithReport(FuzzModel.self, from: data)
            guard let parsed else { fatalError("mapping accepted JSON that JSONValue rejects") }
            guard let (other, otherReport) = try? mapper.mapWithReport(FuzzModel.self, fromJSONObject: parsed.jsonObject) else {
                fatalError("the dictionary route rejects what the byte route maps")
            }
            // Beyond 38 digits the dictionary route holds an integer as a rounded Decimal, as
            // JSONSerialization does, so a JSONValue property differs by design.
            guard report == otherReport, hasLongDigitRun(data)
                || (try? mapper.data(from: model)) == (try? mapper.data(from: other)) else {
                fatalError("the byte and dictionary routes map the same JSON differently")
            }
        } catch let error as MappingError {
            if let parsed, !exceedsMapperDepth(data),
               (try? mapper.mapWithReport(FuzzModel.self, fromJSONObject: parsed.jsonObject)) != nil {
                fatalError("the byte route rejects what the dictionary route maps: \(error)")
            }
            if case .malformedJSON = error.kind, parsed != nil, !exceedsMapperDepth(data) {
                fatalError("mapping called valid JSON malformed: \(error)")
            }
        } catch {
            fatalError("mapping threw something other than MappingError: \(error)")
        }
    }
    checkTypes(data, parsed)
    checkStreaming(data, parsed)
    checkRoutes(Array(data))
    return 0
}

/// Step 7: both routes of each sixteen-byte step agree on the input.
private func checkRoutes(_ input: [UInt8]) {
    func skipped(_ bytes: [UInt8], stepwise: Bool) -> String {
        InputBytes.reading(bytes) { view in
            var scanner = JSONScanner(bytes: view)
            do {
                if stepwise {
                    try scanner.skipValueStepwise(depthBudget: 256, limit: 256)
                } else {
                    try scanner.skipValue(depthBudget: 256, limit: 256)
                }
                return "skipped to \(scanner.index)"
            } catch {
                return "\(error) at \((error as? MappingError)?.byteOffset ?? -1)"
            }
        }
    }
    for bytes in [input, Array("[".utf8) + input + Array("]".utf8)] where !bytes.isEmpty {
        let inOneLoop = skipped(bytes, stepwise: false)
        let stepwise = skipped(bytes, stepwise: true)
        guard inOneLoop == stepwise else { fatalError("the skips disagree: \(inOneLoop), stepwise \(stepwise)") }
    }
    // The input as a string's raw contents, between quotes, with room after them for whole blocks.
    let quoted = [UInt8(ascii: "\"")] + input + [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: " "), count: 16)
    InputBytes.reading(quoted) { view in
        let scanner = JSONScanner(bytes: view, isDocument: false)
        let span = StringSpan(start: 1, end: 1 + input.count, hasEscapes: false, isASCII: false)
        func outcome(_ check: () throws -> Void) -> String {
            do {
                try check()
                return "valid"
            } catch {
                return "\(error) at \((error as? MappingError)?.byteOffset ?? -1)"
            }
        }
        let vector = outcome { try scanner.validateUTF8(span) }
        let words = outcome { try scanner.validateUTF8ByWords(span) }
        guard vector == words else { fatalError("the UTF-8 checks disagree: \(vector), \(words)") }
    }
    InputBytes.reading(input) { view in
        for start in 0..<min(input.count, 64) {
            let words = ByteBlock.wordStringContentsEnd(in: view, from: start)
            var byWords = JSONScanner(bytes: view, isDocument: false)
            byWords.index = start
            byWords.skipWhitespaceByWords()
            var anyRoute = JSONScanner(bytes: view, isDocument: false)
            anyRoute.index = start
            anyRoute.skipWhitespace()
            guard byWords.index == anyRoute.index else { fatalError("the whitespace runs disagree from \(start)") }
            #if arch(x86_64)
            guard ByteBlock.vectorStringContentsEnd(in: view, from: start) == words else {
                fatalError("the string scans disagree from \(start)")
            }
            #endif
        }
    }
}

/// Inputs where JSONSerialization's answer is not RFC 8259's by design, so comparing would be noise
/// (besides trailing commas, handled above):
/// other encodings (it detects UTF-16 and UTF-32), invalid UTF-8 and unpaired surrogate escapes
/// (it may repair them), and nesting near its own limit of 512.
private func bothDefined(_ data: Data) -> Bool {
    if data.contains(0) || data.starts(with: [0xEF, 0xBB, 0xBF]) || data.starts(with: [0xFE, 0xFF])
        || data.starts(with: [0xFF, 0xFE]) { return false }
    guard let text = String(validating: data, as: UTF8.self) else { return false }
    if text.contains("\\u") { return false }
    return data.filter { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }.count < 400
}

/// Whether the number at `offset` is beyond Double's range.
private func isInfinite(_ data: Data, at offset: Int) -> Bool {
    let numberBytes = Set("+-.0123456789eE".utf8)
    let text = String(decoding: data.dropFirst(offset).prefix { numberBytes.contains($0) }, as: UTF8.self)
    return Double(text)?.isInfinite == true
}

/// Whether 39 or more digits stand in a row somewhere.
func hasLongDigitRun(_ data: Data) -> Bool {
    var run = 0
    for byte in data {
        run = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? run + 1 : 0
        if run >= 39 { return true }
    }
    return false
}

/// Whether the input may nest deeper than the mapper's limit (256), which JSONValue's 512 allows.
func exceedsMapperDepth(_ data: Data) -> Bool {
    data.filter { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }.count >= 256
}
