import Foundation
import ReflectMap
import Testing

/// One string property, for a string's contents mapped on their own.
private struct Text: Mappable {
    var text = ""
}

/// The string a document `{"text": "…"}` maps to, or `nil` when it does not map.
private func mappedText(_ contents: [UInt8]) -> String? {
    let document = Array(#"{"text": ""#.utf8) + contents + Array(#""}"#.utf8)
    return (try? JSONMapper(mode: .strict).map(Text.self, from: Data(document)))?.text
}

@Suite("Strings read and written sixteen bytes at a time")
struct StringBlockTests {
    @Test("A special byte anywhere in a string gives JSONSerialization's String, or is refused")
    func stringContentsAtEveryPosition() throws {
        for (special, valid) in specialBytes where special != [0x22] {
            for length in special.count...40 {
                for position in 0...(length - special.count) {
                    let contents =
                        [UInt8](repeating: UInt8(ascii: "a"), count: position) + special
                        + [UInt8](repeating: UInt8(ascii: "a"), count: length - position - special.count)
                    let mapped = mappedText(contents)
                    #expect((mapped != nil) == valid, "\(special) at \(position) of \(length)")
                    guard let mapped else { continue }
                    let document = Array("[\"".utf8) + contents + Array("\"]".utf8)
                    let expected = try #require(
                        try JSONSerialization.jsonObject(with: Data(document)) as? [String])
                    #expect(mapped == expected[0])
                    #expect(mapped.utf8.elementsEqual(expected[0].utf8))
                }
            }
        }
    }

    @Test("Two three-byte sequences together are checked as the standard library checks them")
    func pairsOfThreeByteSequences() throws {
        let seconds: [UInt8] = [0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0]
        for first in UInt8(0xE0)...0xEF {
            for firstSecond in seconds {
                for second in UInt8(0xE0)...0xEF {
                    for secondSecond in seconds {
                        let pair = [first, firstSecond, 0x80, second, secondSecond, 0xBF]
                        let valid = String(validating: pair, as: UTF8.self) != nil
                        // After 0 to 3 ASCII bytes, and followed by a few, so that every load is a word.
                        for lead in 0...3 {
                            let contents = [UInt8](repeating: 0x41, count: lead) + pair + [0x41, 0x41, 0x41]
                            let document = Array(#"["#.utf8) + [0x22] + contents + [0x22] + Array("]".utf8)
                            let mapped = mappedText(contents)
                            #expect((mapped != nil) == valid, "\(pair) after \(lead)")
                            if let mapped {
                                #expect(Array(mapped.utf8) == contents)
                            }
                            #expect((skipBothWays(document) == .skipped(to: document.count)) == valid)
                        }
                    }
                }
            }
        }
    }

    @Test("A string of 0 to 64 bytes with a byte to escape anywhere is written as JSONSerialization reads it back")
    func writtenStringsWithASpecialByteAnywhere() throws {
        let specials: [[UInt8]] = [
            [0x22], [0x5C], [0x2F], [0x00], [0x0A], [0x1F], [0x7F], [0xC3, 0xA9], [0xE3, 0x81, 0x82],
        ]
        for slashes in [false, true] {
            var mapper = JSONMapper()
            if slashes { mapper.outputFormatting.remove(.withoutEscapingSlashes) }
            for special in specials {
                for length in special.count...64 {
                    for position in 0...(length - special.count) {
                        let bytes =
                            [UInt8](repeating: UInt8(ascii: "a"), count: position) + special
                            + [UInt8](repeating: UInt8(ascii: "a"), count: length - position - special.count)
                        let text = String(decoding: bytes, as: UTF8.self)
                        let written = try mapper.data(from: Text(text: text))
                        let object = try JSONSerialization.jsonObject(with: written) as? [String: String]
                        #expect(object == ["text": text], "\(special) at \(position) of \(length)")
                        // A slash is escaped exactly when the mapper is asked to.
                        let escapedSlash = String(decoding: written, as: UTF8.self).contains(#"\/"#)
                        #expect(escapedSlash == (special == [0x2F] && slashes))
                    }
                }
            }
        }
    }
}
