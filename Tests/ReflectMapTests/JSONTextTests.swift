import Foundation
import ReflectMap
import Testing

// How numbers and strings in JSON text become Swift values: exact integers, correctly rounded
// doubles, every escape, and only UTF-8.

struct Numbers: Mappable {
    var small: Int64 = 0
    var big: UInt64 = 0
    var real = 0.0
    var exact = Decimal(0)
}

struct Reals: Mappable {
    var double = 0.0
    var single: Float = 0
}

struct Texts: Mappable {
    var name = ""
    var note: String?
}

@Suite("JSON text: numbers are read exactly")
struct JSONNumberTextTests {
    let mapper = JSONMapper()

    @Test("Integers are exact across the whole Int64 and UInt64 range")
    func integerRange() throws {
        let numbers = try mapper.map(
            Numbers.self, from: json(#"{"small": -9223372036854775808, "big": 18446744073709551615}"#))
        #expect(numbers.small == .min)
        #expect(numbers.big == .max)
        let error = mappingError {
            _ = try JSONMapper(mode: .strict).map(
                Numbers.self, from: json(#"{"small": 0, "big": 18446744073709551616, "real": 0, "exact": 0}"#))
        }
        #expect(error?.kind == .numberOutOfRange(value: "18446744073709551616", type: "UInt64"))
        #expect(error?.path == "big")
    }

    @Test(
        "Doubles are correctly rounded, where JSONSerialization is not",
        arguments: [
            "0.30000000000000004", "43.420273000000016", "-65.613616999999977", "2.2250738585072014e-308",
            "1.7976931348623157e308", "5e-324", "0.1", "123456789012345678901234567890.5", "9007199254740993.0",
        ])
    func correctlyRoundedDoubles(text: String) throws {
        let numbers = try mapper.map(Numbers.self, from: json(#"{"real": \#(text)}"#))
        #expect(numbers.real == Double(text))
    }

    @Test("Runs of 1 to 20 digits before and after the point are correctly rounded, whatever follows them")
    func digitRunsOfEveryLength() throws {
        let integerDigits = Array("98765432109876543210")
        let fractionDigits = Array("01234567890123456789")
        // The bytes around the digits' class ('/' and ':' border '0' and '9'), and enough padding
        // for the number's end to fall at every place in an eight-byte word.
        for follower in ["}", " }", "e1}", "E-2}"] {
            for padding in 0...8 {
                let tail = follower + String(repeating: " ", count: padding)
                for integerCount in 1...20 {
                    for fractionCount in 0...20 {
                        var text = String(integerDigits[..<integerCount])
                        if fractionCount > 0 { text += "." + String(fractionDigits[..<fractionCount]) }
                        let number = text + follower.filter { $0 != "}" && $0 != " " }
                        let expected = -(Double(number) ?? .nan)
                        let json = #"{"single":-"# + number + #","double":-"# + text + tail
                        let read = try mapper.map(Reals.self, from: Data(json.utf8))
                        #expect(read.double == expected, "-\(text)\(tail)")
                        #expect(read.single == Float(expected), "-\(number) into a Float")
                    }
                }
            }
        }
        for neighbour in ["/", ":"] {
            let error = mappingError {
                _ = try mapper.map(Numbers.self, from: json(#"{"real":1234.5678901\#(neighbour)}"#))
            }
            #expect(error?.byteOffset == 20, "a '\(neighbour)' after the digits")
        }
    }

    @Test("A number too large for a Double is rejected with its offset; one too small is zero")
    func doubleLimits() throws {
        let error = mappingError { _ = try mapper.map(Numbers.self, from: json(#"{"real": 1e400}"#)) }
        #expect(error?.byteOffset == 9)
        #expect(error?.path == "real")
        #expect(try mapper.map(Numbers.self, from: json(#"{"real": 1e-400}"#)).real == 0)
    }

    @Test("A number with a million-digit fraction and a seven-digit exponent is still read exactly")
    func hugeExponent() throws {
        let zeros = String(repeating: "0", count: 999_999)
        let ten = try mapper.map(Numbers.self, from: json(#"{"real": 0.\#(zeros)1e1000001}"#))
        #expect(ten.real == 10)
        let error = mappingError { _ = try mapper.map(Numbers.self, from: json(#"{"real": 0.\#(zeros)1e2000000}"#)) }
        guard case .malformedJSON? = error?.kind else {
            Issue.record("expected malformedJSON, got \(String(describing: error))")
            return
        }
    }

    @Test("Integers beyond 64 bits reach Double properties as the nearest Double, and never as NaN")
    func hugeIntegersIntoDoubles() throws {
        let digits = String(repeating: "9", count: 200)
        #expect(try mapper.map(Numbers.self, from: json(#"{"real": \#(digits)}"#)).real == Double(digits))
        #expect(
            try mapper.map(Numbers.self, from: json(#"{"real": 123456789012345678901234567890}"#)).real
                == 123456789012345678901234567890.0)
        let error = mappingError {
            _ = try JSONMapper(mode: .strict).map(
                Numbers.self, from: json(#"{"small": 0, "big": \#(digits), "real": 0, "exact": 0}"#))
        }
        guard case .numberOutOfRange? = error?.kind else {
            Issue.record("expected numberOutOfRange, got \(String(describing: error))")
            return
        }
    }

    @Test("Integers of 20 to 38 digits reach a Double property correctly rounded")
    func longIntegersIntoDoubles() throws {
        var random = SystemRandomNumberGenerator()
        for count in 20...38 {
            for _ in 0..<20 {
                var digits = String(Int.random(in: 1...9, using: &random))
                for _ in 1..<count { digits.append(String(Int.random(in: 0...9, using: &random))) }
                let read = try mapper.map(Numbers.self, from: json(#"{"real": \#(digits)}"#)).real
                #expect(read == Double(digits), "\(digits)")
            }
        }
    }

    @Test("An integer beyond Double's range is rejected, as JSONSerialization rejects it")
    func integerBeyondDouble() throws {
        let tooBig = "[131, " + String(repeating: "6", count: 320) + "]"
        #expect((try? JSONSerialization.jsonObject(with: json(tooBig))) == nil)
        let error = mappingError { _ = try JSONValue(parsing: json(tooBig)) }
        #expect(error?.byteOffset == 6)
        #expect(error?.description.contains("(320 characters) is too large for a Double") == true)
        let model = #"{"real": \#(String(repeating: "6", count: 320))}"#
        #expect(mappingError { _ = try mapper.map(Numbers.self, from: json(model)) }?.byteOffset == 9)
    }
}

@Suite("JSON text: strings are decoded and validated as UTF-8")
struct JSONStringTextTests {
    let mapper = JSONMapper()

    @Test("Strings decode every escape and surrogate pair")
    func stringEscapes() throws {
        let texts = try mapper.map(Texts.self, from: json(#"{"name": "a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00\u0000"}"#))
        #expect(texts.name == "a\"b\\c/d\u{8}\u{C}\n\r\t\u{E9}\u{1F600}\u{0}")
    }

    @Test(
        "Lone surrogates, invalid UTF-8 and raw control characters are rejected",
        arguments: [
            Data(#"{"name": "\ud800"}"#.utf8), Data(#"{"name": "\udc00\ud800"}"#.utf8),
            Data(#"{"name": ""#.utf8) + Data([0xC3, 0x28]) + Data(#""}"#.utf8),
            Data(#"{"name": ""#.utf8) + Data([0xED, 0xA0, 0x80]) + Data(#""}"#.utf8),
            Data(#"{"name": "a"#.utf8) + Data([0x0A]) + Data(#""}"#.utf8),
        ])
    func invalidStrings(data: Data) {
        let error = mappingError { _ = try mapper.map(Texts.self, from: data) }
        guard case .malformedJSON? = error?.kind else {
            Issue.record("expected malformedJSON, got \(String(describing: error))")
            return
        }
        #expect(error?.byteOffset != nil)
    }

    @Test(
        "Strings are scanned right whatever their length and wherever a quote, escape, control character or bad byte falls"
    )
    func stringBlockBoundaries() throws {
        // The scanner looks at sixteen bytes at a time and goes byte by byte near the end of the
        // input, so every length, every position of the odd byte, and every distance from the end
        // is tried, in a mapped value, a skipped value and a key.
        let odd: [(bytes: [UInt8], decoded: String?)] = [
            (Array("é".utf8), "é"), ([UInt8(ascii: "\\"), UInt8(ascii: "n")], "\n"), ([0xFF], nil), ([0xC3], nil),
            ([0x01], nil),
        ]
        for length in 0...34 {
            for position in 0...length {
                for (bytes, decoded) in odd {
                    let prefix = [UInt8](repeating: UInt8(ascii: "a"), count: position)
                    let suffix = [UInt8](repeating: UInt8(ascii: "b"), count: length - position)
                    let content = prefix + bytes + suffix
                    let expected = decoded.map {
                        String(repeating: "a", count: position) + $0 + String(repeating: "b", count: length - position)
                    }
                    for padding in [0, 7, 15] {
                        let tail = [UInt8](repeating: UInt8(ascii: " "), count: padding)
                        let mapped = Data(#"{"name":""#.utf8 + content + #""}"#.utf8 + tail)
                        let skipped = Data(#"{"other":""#.utf8 + content + #"","name":"x"}"#.utf8 + tail)
                        let key = Data(#"{""#.utf8 + content + #"":1,"name":"x"}"#.utf8 + tail)
                        if let expected {
                            #expect(try mapper.map(Texts.self, from: mapped).name == expected)
                            #expect(try mapper.map(Texts.self, from: skipped).name == "x")
                            #expect(try mapper.map(Texts.self, from: key).name == "x")
                        } else {
                            for data in [mapped, skipped, key] {
                                let error = mappingError { _ = try mapper.map(Texts.self, from: data) }
                                guard case .malformedJSON? = error?.kind else {
                                    Issue.record(
                                        "\(Array(data)) was not refused as malformed: \(String(describing: error))")
                                    continue
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// `\u` and four hex digits.
    static func escape(_ unit: UInt32, uppercase: Bool = true) -> String {
        let hex = String(unit, radix: 16, uppercase: uppercase)
        return #"\u"# + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// Whether the string's contents are taken in a mapped value, a skipped value and a key, and the
    /// mapped value when they are; `nil` when all three routes refuse them as malformed.
    func read(_ contents: String) -> String? {
        let mapped = mappingResult { try mapper.map(Texts.self, from: json(#"{"name":"\#(contents)"}"#)).name }
        let skipped = mappingResult {
            try mapper.map(Texts.self, from: json(#"{"other":"\#(contents)","name":"x"}"#)).name
        }
        let key = mappingResult { try mapper.map(Texts.self, from: json(#"{"\#(contents)":1,"name":"x"}"#)).name }
        #expect((mapped == nil) == (skipped == nil) && (mapped == nil) == (key == nil), "\(contents)")
        return mapped
    }

    private func mappingResult(_ body: () throws -> String) -> String? {
        do { return try body() } catch let error as MappingError {
            guard case .malformedJSON = error.kind else {
                Issue.record("\(error)")
                return nil
            }
            return nil
        } catch {
            Issue.record("\(error)")
            return nil
        }
    }

    @Test(
        "A \\u escape decodes at each end of UTF-8's lengths and of the surrogate ranges, and pairs only high with low")
    func unicodeEscapeBoundaries() throws {
        for unit: UInt32 in [0x0, 0x1F, 0x20, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF] {
            let expected = Unicode.Scalar(unit).map { String(Character($0)) }
            #expect(read(Self.escape(unit)) == expected, "\(unit)")
            #expect(read(Self.escape(unit, uppercase: false)) == expected, "\(unit)")
        }
        for (high, low, scalar): (UInt32, UInt32, UInt32) in [
            (0xD800, 0xDC00, 0x10000), (0xD800, 0xDFFF, 0x103FF), (0xDBFF, 0xDC00, 0x10FC00),
            (0xDBFF, 0xDFFF, 0x10FFFF),
        ] {
            let expected = Unicode.Scalar(scalar).map { String(Character($0)) }
            #expect(read(Self.escape(high) + Self.escape(low)) == expected, "\(high) \(low)")
        }
        // A low surrogate alone, and a high one followed by anything but a low one.
        for contents in [
            Self.escape(0xDC00), Self.escape(0xDFFF), Self.escape(0xDC00) + Self.escape(0xD800), Self.escape(0xD800),
            Self.escape(0xDBFF), Self.escape(0xD800) + "x", Self.escape(0xD800) + #"\n"#,
            Self.escape(0xD800) + Self.escape(0x41), Self.escape(0xD800) + Self.escape(0xD800),
            Self.escape(0xD800) + Self.escape(0xDBFF), Self.escape(0xDBFF) + Self.escape(0xE000),
            Self.escape(0xD800) + #"\u"#, Self.escape(0xD800) + #"\uDC0"#,
        ] {
            #expect(read(contents) == nil, "\(contents)")
        }
    }

    @Test("Each of the four hex digits of a \\u escape takes 0-9, a-f and A-F, and refuses the bytes beside them")
    func unicodeEscapeHexDigits() throws {
        let digits: [(Character, UInt32)] = [
            ("0", 0), ("9", 9), ("a", 10), ("f", 15), ("A", 10), ("F", 15),
        ]
        for place in 0..<4 {
            for (digit, value) in digits {
                var hex = Array("0000")
                hex[place] = digit
                let unit = value << (4 * UInt32(3 - place))
                let expected = Unicode.Scalar(unit).map { String(Character($0)) }
                #expect(read(#"\u"# + String(hex)) == expected, "\(hex)")
            }
            for stray: Character in ["/", ":", "@", "G", "`", "g", " ", "x"] {
                var hex = Array("0041")
                hex[place] = stray
                #expect(read(#"\u"# + String(hex)) == nil, "\(hex)")
            }
        }
    }

    @Test("Input must be UTF-8: a byte order mark is skipped, UTF-16 is rejected")
    func encodings() throws {
        let withMark = Data([0xEF, 0xBB, 0xBF]) + json(#"{"name": "x"}"#)
        #expect(try mapper.map(Texts.self, from: withMark).name == "x")
        let utf16 = #"{"name": "x"}"#.data(using: .utf16LittleEndian) ?? Data()
        #expect(mappingError { _ = try mapper.map(Texts.self, from: utf16) } != nil)
    }
}

@Suite("JSON text: whitespace between tokens")
struct JSONWhitespaceTextTests {
    struct Spaced: Mappable, Equatable {
        var a = 0
        var b: [String] = []
        var c: JSONValue = .null
        var d = false
    }

    /// The tokens of one document that holds every kind of value, an object and an array.
    static let tokens = [
        "{", #""a""#, ":", "1", ",", #""b""#, ":", "[", #""x""#, ",", #""y""#, "]", ",", #""c""#, ":", "{", #""k""#,
        ":",
        "null", "}", ",", #""d""#, ":", "true", "}",
    ]

    /// Whitespace runs of `length` bytes: spaces, spaces after a newline, tabs, and spaces that end in
    /// a carriage return and a newline, so that a run's last byte is sometimes not a space.
    static func runs(_ length: Int) -> [String] {
        guard length > 0 else { return [""] }
        let spaces = String(repeating: " ", count: length - 1)
        let crlf = length >= 2 ? String(repeating: " ", count: length - 2) + "\r\n" : "\n"
        return [spaces + " ", "\n" + spaces, String(repeating: "\t", count: length), crlf]
    }

    @Test("Runs of 0 to 40 whitespace bytes of each kind before every token read as the compact document")
    func whitespaceRuns() throws {
        let mapper = JSONMapper()
        let compact = Data(Self.tokens.joined().utf8)
        let expected = try mapper.map(Spaced.self, from: compact)
        #expect(expected == Spaced(a: 1, b: ["x", "y"], c: .object(["k": .null]), d: true))
        let tree = try JSONValue(parsing: compact)
        for length in 0...40 {
            for run in Self.runs(length) {
                let spaced = Data((Self.tokens.map { run + $0 }.joined() + run).utf8)
                #expect(try mapper.map(Spaced.self, from: spaced) == expected, "\(length) \(run.debugDescription)")
                #expect(try JSONValue(parsing: spaced) == tree, "\(length) \(run.debugDescription)")
            }
        }
    }

    @Test("A byte that is not JSON whitespace, at any place in a run of spaces, is an error at its offset")
    func nonWhitespaceInRuns() {
        let mapper = JSONMapper()
        for length in 1...40 {
            for place in [0, length / 2, length - 1] {
                for stray: UInt8 in [0x0B, 0x0C, 0x00, 0x1F, 0x21, 0xA0] {
                    var run = [UInt8](repeating: 0x20, count: length)
                    run[place] = stray
                    // The run sits after the first member's colon.
                    let text = Array(#"{"a":"#.utf8) + run + Array(#"1,"b":[]}"#.utf8)
                    let error = mappingError { _ = try mapper.map(Spaced.self, from: Data(text)) }
                    #expect(error?.byteOffset == 5 + place, "\(length) \(place) \(stray)")
                }
            }
        }
    }
}
