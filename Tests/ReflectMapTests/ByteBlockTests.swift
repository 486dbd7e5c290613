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
}
