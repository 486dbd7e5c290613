import Foundation
import Testing

@testable import ReflectMap

/// Every sixteen-byte window of `bytes`, as the scanner loads it.
private func blocks(of bytes: [UInt8]) -> [SIMD2<UInt64>] {
    guard bytes.count >= 16 else { return [] }
    return InputBytes.reading(bytes) { input in (0...(bytes.count - 16)).compactMap { input.block(at: $0) } }
}

/// What a string run is, byte by byte: the bytes before the first `"`, `\` or control byte, and
/// whether one of them is above ASCII.
private func expectedStringRun(_ block: SIMD2<UInt64>) -> (length: Int, hasHigh: Bool) {
    let bytes = (0..<16).map { UInt8(truncatingIfNeeded: block[$0 / 8] >> (8 * UInt64($0 % 8))) }
    let length = bytes.firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } ?? 16
    return (length, bytes[..<length].contains { $0 >= 0x80 })
}

/// The bytes a writer copies as they are at the start of a block, byte by byte.
private func expectedUnescapedRun(_ block: SIMD2<UInt64>, slash: UInt8) -> Int {
    let bytes = (0..<16).map { UInt8(truncatingIfNeeded: block[$0 / 8] >> (8 * UInt64($0 % 8))) }
    return bytes.firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 || $0 == slash } ?? 16
}

@Suite("Sixteen bytes at a time")
struct ByteBlockTests {
    /// Inputs for both routes: every JSONTestSuite file, every byte value at every position of a run
    /// of letters, and pairs of special bytes at every position.
    private static func inputs() throws -> [[UInt8]] {
        var inputs = try suiteFiles("").map { Array($0.data) }
        let specials: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xC3, 0xE3, 0xFF]
        for byte in UInt8.min...UInt8.max {
            for position in 0..<16 {
                var block = [UInt8](repeating: UInt8(ascii: "a"), count: 24)
                block[position] = byte
                inputs.append(block)
            }
        }
        for first in specials {
            for position in 0..<16 {
                for (offset, second) in specials.enumerated() {
                    var block = [UInt8](repeating: UInt8(ascii: "a"), count: 24)
                    block[position] = first
                    block[(position + 1 + offset) % 24] = second
                    inputs.append(block)
                }
            }
        }
        return inputs
    }

    @Test("A string run is found alike by the vector and the word route, and as byte by byte")
    func stringRunsAgree() throws {
        var count = 0
        for input in try Self.inputs() {
            for block in blocks(of: input) {
                let expected = expectedStringRun(block)
                // Compared by hand: an expectation per block would cost more than the routes.
                if ByteBlock.wordStringRun(block) != expected {
                    Issue.record("word route: \(block) gave \(ByteBlock.wordStringRun(block)), not \(expected)")
                }
                #if arch(x86_64)
                if ByteBlock.vectorStringRun(block) != expected {
                    Issue.record("vector route: \(block) gave \(ByteBlock.vectorStringRun(block)), not \(expected)")
                }
                #endif
                count += 1
            }
        }
        #expect(count > 50_000)
    }

    @Test("A string's contents end at the same byte by the vector and the word loop, from every offset")
    func stringContentsEndsAgree() throws {
        // Inputs of up to 100 bytes, each from every offset.
        let inputs =
            try Self.inputs().filter { $0.count <= 100 } + [
                Array(repeating: 0x61, count: 70) + [0xE3, 0x81, 0x82, 0x22]
            ]
        for input in inputs {
            InputBytes.reading(input) { bytes in
                for start in 0...input.count {
                    // Whole blocks from `start`, up to the first that holds a stop.
                    let fullEnd = start + 16 * ((input.count - start) / 16)
                    let stop = input[start...].firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } ?? input.count
                    let end = stop < fullEnd ? stop : fullEnd
                    let expected = (end, input[start..<end].contains { $0 >= 0x80 })
                    let words = ByteBlock.wordStringContentsEnd(in: bytes, from: start)
                    if words != expected {
                        Issue.record("word loop: \(input) from \(start): \(words), not \(expected)")
                    }
                    #if arch(x86_64)
                    let vector = ByteBlock.vectorStringContentsEnd(in: bytes, from: start)
                    if vector != expected {
                        Issue.record("vector loop: \(input) from \(start): \(vector), not \(expected)")
                    }
                    #endif
                }
            }
        }
    }

    @Test("The bytes a writer copies as they are are found alike by both routes, with and without slashes")
    func unescapedRunsAgree() throws {
        for input in try Self.inputs() {
            for block in blocks(of: input) {
                for slash in [UInt8(ascii: "/"), UInt8(ascii: "\"")] {
                    let expected = expectedUnescapedRun(block, slash: slash)
                    if ByteBlock.wordUnescapedRun(block, slash: slash) != expected {
                        Issue.record("word route: \(block), slash \(slash): not \(expected)")
                    }
                    #if arch(x86_64)
                    if ByteBlock.vectorUnescapedRun(block, slash: slash) != expected {
                        Issue.record("vector route: \(block), slash \(slash): not \(expected)")
                    }
                    #endif
                }
            }
        }
    }

    @Test("A whitespace run ends at the same byte by the vector loop and the word loop, from every offset")
    func whitespaceRunsAgree() throws {
        let whitespace: [UInt8] = [0x20, 0x0A, 0x0D, 0x09]
        var inputs = try suiteFiles("y_").map { Array($0.data) }
        for length in 0...40 {
            for stop in [UInt8(ascii: "a"), 0x0B, 0x0C, 0x00, 0x1F, 0x21, 0xA0] {
                // Runs of each whitespace byte, of all four in turn, and of indentation (a line feed, then
                // spaces), ended by a byte that is not one.
                for pattern in whitespace.map({ [$0] }) + [whitespace, [0x0A, 0x20, 0x20, 0x20]] {
                    let run = (0..<length).map { pattern[$0 % pattern.count] }
                    inputs.append(run + [stop] + Array("  \n".utf8))
                    inputs.append(run)
                    // The run goes on past a tab or a carriage return after its spaces and line feeds.
                    inputs.append(run + [0x09, 0x20, 0x0D, stop])
                }
            }
        }
        for input in inputs {
            InputBytes.reading(input) { bytes in
                for offset in 0...input.count {
                    var vector = JSONScanner(bytes: bytes, isDocument: false)
                    vector.index = offset
                    vector.skipWhitespace()
                    var words = JSONScanner(bytes: bytes, isDocument: false)
                    words.index = offset
                    words.skipWhitespaceByWords()
                    let expected = input[offset...].firstIndex { !$0.isJSONWhitespace } ?? input.count
                    if vector.index != expected || words.index != expected {
                        Issue.record("\(input) from \(offset): \(vector.index) and \(words.index), not \(expected)")
                    }
                }
            }
        }
        #if arch(x86_64)
        for input in inputs {
            for block in blocks(of: input) {
                let bytes = (0..<16).map { UInt8(truncatingIfNeeded: block[$0 / 8] >> (8 * UInt64($0 % 8))) }
                let expected = bytes.firstIndex { !$0.isJSONWhitespace } ?? 16
                if ByteBlock.vectorWhitespaceRun(block) != expected {
                    Issue.record("vector route: \(bytes) gave \(ByteBlock.vectorWhitespaceRun(block)), not \(expected)")
                }
                // Indentation: spaces and line feeds only, the run the scanner tries first.
                let indentation = bytes.firstIndex { $0 != 0x20 && $0 != 0x0A } ?? 16
                let run = ByteBlock.vectorIndentationRun(block)
                if run != indentation { Issue.record("indentation: \(bytes) gave \(run), not \(indentation)") }
            }
        }
        #endif
    }

    /// Characters at the ends of UTF-8's ranges, and sequences that are not UTF-8.
    private static let characters: [[UInt8]] = [
        [0x41], [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xE0, 0xBF, 0xBF], [0xE1, 0x80, 0x80],
        [0xEC, 0xBF, 0xBF], [0xED, 0x80, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
        [0xF0, 0x90, 0x80, 0x80], [0xF0, 0xBF, 0xBF, 0xBF], [0xF1, 0x80, 0x80, 0x80], [0xF3, 0xBF, 0xBF, 0xBF],
        [0xF4, 0x80, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xE3, 0x81, 0x82], [0xE3, 0x81, 0x82, 0xE4, 0xB8, 0x80],
    ]
    private static let notUTF8: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0xC2, 0xC0], [0xE0, 0x9F, 0xBF],
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xE3, 0x81], [0xE3, 0x41, 0x81], [0xE3, 0x81, 0x41],
        [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF8], [0xFF],
        [0xF1, 0x80, 0x80], [0xE3, 0x81, 0x82, 0x82],
    ]

    /// Both routes' outcome for `contents` as a string's raw bytes: `nil`, or the error thrown.
    /// `trailing` bytes of whitespace follow the string: with seventeen or more, the vector route
    /// judges every block of it; with fewer, the blocks near the input's end are the word route's.
    private static func validations(
        _ contents: [UInt8], trailing: Int
    ) -> (vector: MappingError?, words: MappingError?) {
        let document =
            [UInt8(ascii: "\"")] + contents + [UInt8(ascii: "\"")] + [UInt8](repeating: 0x20, count: trailing)
        return InputBytes.reading(document) { bytes in
            let scanner = JSONScanner(bytes: bytes, isDocument: false)
            let span = StringSpan(start: 1, end: 1 + contents.count, hasEscapes: false, isASCII: false)
            func outcome(_ check: () throws -> Void) -> MappingError? {
                do {
                    try check()
                    return nil
                } catch {
                    return error as? MappingError ?? MappingError(.malformedJSON("\(error)"))
                }
            }
            return (outcome { try scanner.validateUTF8(span) }, outcome { try scanner.validateUTF8ByWords(span) })
        }
    }

    @Test(
        "UTF-8 is accepted or refused alike by the vector and the word route, with the same error, and as the standard library says"
    )
    func utf8RoutesAgree() {
        var contents: [[UInt8]] = []
        for item in Self.characters + Self.notUTF8 {
            for length in item.count...48 {
                for position in 0...(length - item.count) {
                    let before = (0..<position).map { UInt8(0x61 + $0 % 26) }
                    let after = [UInt8](repeating: 0x7A, count: length - position - item.count)
                    contents.append(before + item + after)
                    // The same item after a run of three-byte characters, and before one.
                    contents.append(
                        [0xE3, 0x81, 0x82] + before + item + [0xE4, 0xB8, 0x80] + after)
                }
            }
        }
        // A sequence cut short at every position of a block, then a whole block or more of ASCII,
        // then continuation bytes: a step of ASCII must not carry the cut sequence's calls on.
        for cut: [UInt8] in [[0xC2], [0xE3], [0xE3, 0x81], [0xF0], [0xF0, 0x9F], [0xF0, 0x9F, 0x98]] {
            for position in 0...31 {
                for ascii in [16, 17, 31, 32] {
                    let before = [UInt8](repeating: 0x61, count: position)
                    contents.append(before + cut + [UInt8](repeating: 0x62, count: ascii) + [0x80, 0x80, 0x80])
                }
            }
        }
        var generator = SplitMix64(state: 0x5EED)
        let alphabet = Self.characters + Self.characters + Self.notUTF8
        for _ in 0..<3_000 {
            let count = Int(generator.next() % 24)
            contents.append((0..<count).flatMap { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
        for bytes in contents {
            let valid = String(validating: bytes, as: UTF8.self) != nil
            for trailing in [10, 16, 17] {
                let (vector, words) = Self.validations(bytes, trailing: trailing)
                if vector != words || (words == nil) != valid {
                    Issue.record(
                        "\(bytes), \(trailing) bytes after: vector \(String(describing: vector)), words \(String(describing: words))"
                    )
                }
            }
        }
    }
}
