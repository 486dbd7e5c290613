import ReflectMapGen
import Testing

@Suite("JSON reader")
struct JSONTreeTests {
    @Test("Keeps key order and number spelling")
    func orderAndNumbers() throws {
        let tree = try JSONTree.parse(Array(#"{"z": 1, "a": -0.50, "m": 1e3}"#.utf8))
        guard case .object(let members) = tree else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m"])
        #expect(
            members.map(\.value) == [
                .number(SampleNumber(text: "1")), .number(SampleNumber(text: "-0.50")),
                .number(SampleNumber(text: "1e3")),
            ])
        #expect(SampleNumber(text: "1e3").isInteger == false)
        #expect(SampleNumber(text: "505874924095815681").int64Value == 505_874_924_095_815_681)
    }

    @Test("Decodes escapes and surrogate pairs")
    func escapes() throws {
        let tree = try JSONTree.parse(Array(#"["a\"\\\/\b\f\n\r\t", "\u00e9\ud83d\ude00", "日本"]"#.utf8))
        #expect(tree == .array([.string("a\"\\/\u{08}\u{0C}\n\r\t"), .string("é😀"), .string("日本")]))
    }

    @Test(
        "Refuses what is not JSON, exactly as the mapper does",
        arguments: [
            "", "{", "[1,]", "{\"a\" 1}", "01", "1.", "1e", "\"abc", "\"\\x\"", "\"\\u12\"", "tru", "[1] 2", "-",
            "\"a\u{01}\"",
            "[\"\\ud800x\"]", "[1e400]",
        ])
    func malformed(text: String) {
        #expect(throws: GeneratorError.self) { try JSONTree.parse(Array(text.utf8)) }
    }

    @Test("Refuses invalid UTF-8 with the offset of the bad byte")
    func invalidUTF8() {
        #expect(
            throws: GeneratorError.malformedJSON(source: "", offset: 2, reason: "Invalid UTF-8 byte 0xFF in a string")
        ) {
            try JSONTree.parse([UInt8(ascii: "["), UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\""), UInt8(ascii: "]")])
        }
    }

    @Test("Refuses nesting deeper than 512 levels instead of exhausting the stack")
    func depth() throws {
        #expect(throws: GeneratorError.self) {
            try JSONTree.parse(Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8))
        }
        #expect(throws: Never.self) {
            try JSONTree.parse(Array((String(repeating: "[", count: 500) + String(repeating: "]", count: 500)).utf8))
        }
    }
}
