import Foundation
import ReflectMap
import Testing

/// What one walk over a value did: where it stopped, or the error it threw.
enum SkipOutcome: Equatable {
    case skipped(to: Int)
    case failed(MappingError)
}

/// Skips the value at the start of `bytes` with the one-loop walk (`stepwise: false`) or the stepwise
/// one, from a fresh scanner.
private func skip(_ bytes: [UInt8], stepwise: Bool, depthBudget: Int = 256) -> SkipOutcome {
    InputBytes.reading(bytes) { input in
        var scanner = JSONScanner(bytes: input)
        do {
            if stepwise {
                try scanner.skipValueStepwise(depthBudget: depthBudget, limit: depthBudget)
            } else {
                try scanner.skipValue(depthBudget: depthBudget, limit: depthBudget)
            }
            return .skipped(to: scanner.index)
        } catch let error as MappingError {
            return .failed(error)
        } catch {
            return .failed(MappingError(.malformedJSON("\(error)")))
        }
    }
}

/// Both walks over `bytes`, which must agree; the one-loop walk's outcome.
func skipBothWays(
    _ bytes: [UInt8], depthBudget: Int = 256, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> SkipOutcome {
    let inOneLoop = skip(bytes, stepwise: false, depthBudget: depthBudget)
    let stepwise = skip(bytes, stepwise: true, depthBudget: depthBudget)
    #expect(
        inOneLoop == stepwise, "\(String(decoding: bytes.prefix(120), as: UTF8.self))",
        sourceLocation: sourceLocation)
    return inOneLoop
}

/// The documents of the fuzz corpus, beside the tests in the repository.
private func fuzzCorpus() throws -> [(name: String, bytes: [UInt8])] {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    return try names.map { ($0, Array(try Data(contentsOf: directory.appendingPathComponent($0)))) }
}

/// Special bytes in a string's contents, each with whether it leaves the string valid.
let specialBytes: [(bytes: [UInt8], valid: Bool)] = [
    (Array("A".utf8), true),
    ([0x22], false),  // a quote: the string ends early, and the rest is not JSON
    (Array(#"\n"#.utf8), true),
    (Array(#"\/"#.utf8), true),
    (Array(#"\u00e9"#.utf8), true),
    (Array(#"\ud83d\ude00"#.utf8), true),
    (Array(#"\ud83d"#.utf8), false),
    (Array(#"\a"#.utf8), false),
    ([0x01], false),
    ([0x1F], false),
    ([0x7F], true),
    ([0x80], false),
    ([0xC3, 0xA9], true),
    ([0xC0, 0xAF], false),
    ([0xE3, 0x81, 0x82], true),
    ([0xE3, 0x81, 0x82, 0xE4, 0xB8, 0x80], true),
    ([0xEF, 0xBC, 0x81, 0xE3, 0x81, 0x82], true),
    ([0xE0, 0xA0, 0x80], true),
    ([0xE0, 0x80, 0x80], false),
    ([0xED, 0x9F, 0xBF], true),
    ([0xED, 0xA0, 0x80], false),
    ([0xE3, 0x81, 0x82, 0xED, 0xA0, 0x80], false),
    ([0xE3, 0x81], false),
    ([0xF0, 0x9F, 0x98, 0x80], true),
    ([0xF4, 0x90, 0x80, 0x80], false),
]

@Suite("Skipping a value in one loop")
struct SkippingTests {
    @Test("Every JSONTestSuite file is skipped as the stepwise walk skips it: to one byte, or with one error")
    func jsonTestSuiteFilesSkipAlike() throws {
        let files = try suiteFiles("")
        #expect(files.count > 300)
        var failed = 0
        for (name, data) in files {
            let bytes = Array(data)
            // Bare, as the only element of an array, and as a member's value after other members.
            let outcomes = [
                skipBothWays(bytes),
                skipBothWays(Array("[".utf8) + bytes + Array("]".utf8)),
                skipBothWays(Array(#"{"a": [1, {"b": null}], "value": "#.utf8) + bytes + Array("}".utf8)),
            ]
            if case .failed = outcomes[1] { failed += 1 }
            if name.hasPrefix("y_") {
                #expect(outcomes[1] == .skipped(to: bytes.count + 2), "\(name)")
            }
        }
        // Every n_ file but those that are valid JSON up to trailing bytes the container walk never
        // reaches (a value, then garbage) fails inside the array too.
        #expect(failed > 150)
    }

    @Test("Every document of the fuzz corpus is skipped alike by both walks")
    func fuzzCorpusSkipsAlike() throws {
        let corpus = try fuzzCorpus()
        #expect(corpus.count >= 9)
        for (name, bytes) in corpus {
            _ = skipBothWays(bytes)
            let outcome = skipBothWays(Array("[".utf8) + bytes + Array("]".utf8))
            if (try? JSONValue(parsing: Data(bytes))) != nil {
                #expect(outcome == .skipped(to: bytes.count + 2), "\(name)")
            }
        }
    }

    @Test("Strings of 0 to 64 bytes with a special byte anywhere are skipped, as keys and values, if valid")
    func stringsWithASpecialByteAtEveryPosition() {
        for (special, valid) in specialBytes {
            for length in 0...64 {
                if length == 0 {
                    _ = skipBothWays(Array(#"{"": [""]}"#.utf8))
                    continue
                }
                guard special.count <= length else { continue }
                for position in 0...(length - special.count) {
                    let contents =
                        [UInt8](repeating: UInt8(ascii: "a"), count: position) + special
                        + [UInt8](repeating: UInt8(ascii: "a"), count: length - position - special.count)
                    let quoted = [UInt8(ascii: "\"")] + contents + [UInt8(ascii: "\"")]
                    // The string last, where fewer than sixteen bytes follow it, and with room after it.
                    for padding in [0, 20] {
                        let document =
                            Array(#"{"k": ["#.utf8) + quoted + Array("], ".utf8) + quoted + Array(": true".utf8)
                            + [UInt8](repeating: UInt8(ascii: " "), count: padding) + Array("}".utf8)
                        let outcome = skipBothWays(document)
                        #expect(
                            (outcome == .skipped(to: document.count)) == valid,
                            "\(special) at \(position) of \(length), padding \(padding)")
                    }
                }
            }
        }
    }

    @Test("Nesting to the depth budget is skipped and one level more is too deep, around 64 levels")
    func nestingAtTheBudget() {
        for depth in [1, 2, 63, 64, 65, 66, 100] {
            for budget in [depth - 1, depth, depth + 1] where budget >= 0 {
                for (open, close) in [("[", "]"), (#"{"a":"#, "}")] {
                    let document = Array(
                        (String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)).utf8)
                    let outcome = skipBothWays(document, depthBudget: budget)
                    if budget >= depth {
                        #expect(outcome == .skipped(to: document.count), "\(depth) in \(budget)")
                    } else if case .failed(let error) = outcome {
                        #expect(error.kind == .nestingTooDeep(limit: budget), "\(depth) in \(budget)")
                    } else {
                        Issue.record("\(depth) levels were skipped with a budget of \(budget)")
                    }
                }
            }
        }
    }

    @Test("Literals, numbers and empty containers are skipped where fewer than eight bytes remain and where more do")
    func scalarsNearTheEnd() {
        let values = ["true", "false", "null", "0", "-1", "1.5e3", "12345678901234567890", "[]", "{}", #""""#]
        let wrong = ["tru", "nul", "fals", "truE", "nulL", "falsE", "01", "-", "1.", "1e", "[,]", "{,}", "[1,]"]
        for padding in [0, 1, 7, 8, 16] {
            let spaces = String(repeating: " ", count: padding)
            for value in values {
                let document = Array("[\(value)\(spaces)]".utf8)
                #expect(skipBothWays(document) == .skipped(to: document.count), "\(value) \(padding)")
                let inObject = Array(#"{"k":\#(value)\#(spaces)}"#.utf8)
                #expect(skipBothWays(inObject) == .skipped(to: inObject.count), "\(value) \(padding)")
            }
            for value in wrong {
                let document = Array("[\(value)\(spaces)]".utf8)
                if case .skipped = skipBothWays(document) { Issue.record("\(value) was skipped") }
            }
        }
    }

}
