import Foundation
import ReflectMap
import Testing

struct Widths: Mappable {
    var i8: Int8 = 0
    var i16: Int16 = 0
    var i32: Int32 = 0
    var i64: Int64 = 0
    var u8: UInt8 = 0
    var u16: UInt16 = 0
    var u32: UInt32 = 0
    var u64: UInt64 = 0
    var int = 0
    var uint: UInt = 0
    var float: Float = 0
    var double = 0.0
}

struct Values: Mappable {
    var flag = false
    var text = ""
    var price = Decimal(0)
    var link: URL?
    var token: UUID?
    var blob = Data()
    var when: Date?
}

@Suite("Scalars")
struct ScalarTests {
    let mapper = JSONMapper()

    @Test("Every integer width maps its extreme values exactly")
    func integerExtremes() throws {
        let widths = try mapper.map(
            Widths.self,
            from: json(
                #"""
                {"i8": -128, "i16": 32767, "i32": -2147483648, "i64": -9223372036854775808,
                 "u8": 255, "u16": 65535, "u32": 4294967295, "u64": 18446744073709551615,
                 "int": 9223372036854775807, "uint": 18446744073709551615, "float": 0.5, "double": 1.0e-300}
                """#))
        #expect(widths.i8 == .min && widths.i16 == .max && widths.i32 == .min && widths.i64 == .min)
        #expect(widths.u8 == .max && widths.u16 == .max && widths.u32 == .max && widths.u64 == .max)
        #expect(widths.int == .max && widths.uint == .max)
        #expect(widths.float == 0.5 && widths.double == 1.0e-300)
    }

    @Test(
        "Numbers that do not fit are reported, never truncated",
        arguments: [
            (#"{"i8": 300}"#, "i8", "300"),
            (#"{"u8": -1}"#, "u8", "-1"),
            (#"{"int": 1.5}"#, "int", "1.5"),
            (#"{"int": 18446744073709551615}"#, "int", "18446744073709551615"),
            (#"{"i64": 123456789012345678901234567890}"#, "i64", "123456789012345678901234567890"),
            (#"{"float": 1e300}"#, "float", "1e+300"),
        ])
    func outOfRange(input: String, path: String, shown: String) throws {
        var complete: [String: Any] = [
            "i8": 0, "i16": 0, "i32": 0, "i64": 0, "u8": 0, "u16": 0, "u32": 0, "u64": 0, "int": 0, "uint": 0,
            "float": 0, "double": 0,
        ]
        complete.merge(try #require(try jsonObject(json(input)) as? [String: Any])) { $1 }
        let strict = mappingError { _ = try JSONMapper(mode: .strict).map(Widths.self, from: complete) }
        #expect(strict?.path == path)
        if case .numberOutOfRange(let value, _)? = strict?.kind {
            #expect(value == shown)
        } else {
            Issue.record("expected numberOutOfRange, got \(String(describing: strict))")
        }
        let (lenient, report) = try mapper.mapWithReport(Widths.self, from: json(input))
        #expect(lenient.i8 == 0 && lenient.u8 == 0 && lenient.int == 0 && lenient.float == 0 && lenient.i64 == 0)
        #expect(report.skipped.map(\.path) == [path])
    }

    @Test(
        "Integers read from bytes agree with the same JSON read from a dictionary, at every edge of the plain-integer path",
        arguments: [
            "0", "-0", "7", "-7", "12345678", "123456789", "1234567890123456", "12345678901234567",
            "9223372036854775807", "-9223372036854775807", "-9223372036854775808", "9223372036854775808",
            "18446744073709551615", "18446744073709551616", "99999999999999999999", "12.0", "12.5", "1e3", "1E3",
            "-1e-2", "255", "256", "-129",
        ])
    func plainIntegersAgreeWithTrees(numeral: String) throws {
        struct Integers: Mappable {
            var int = 0
            var u8: UInt8 = 0
            var i8: Int8 = 0
            var u64: UInt64 = 0
            var list: [Int] = []
        }
        let data = json(
            #"{"int": \#(numeral), "u8": \#(numeral), "i8": \#(numeral), "u64": \#(numeral), "list": [\#(numeral), \#(numeral)]}"#
        )
        for mapper in [JSONMapper(), JSONMapper(mode: .strict)] {
            let routes = bothRoutes(Integers.self, data, mapper)
            #expect(routes.bytes == routes.dictionary, "\(numeral), \(mapper.mode)")
        }
    }

    @Test("Malformed integers are refused as malformed JSON", arguments: ["01", "-", "-01", "1.", "1e", "--1", "+1"])
    func malformedIntegers(numeral: String) {
        struct Counter: Mappable { var count = 0 }
        let error = mappingError { _ = try JSONMapper().map(Counter.self, from: json(#"{"count": \#(numeral)}"#)) }
        guard case .malformedJSON? = error?.kind else {
            Issue.record("\(numeral): expected malformed JSON, got \(String(describing: error))")
            return
        }
    }

    @Test("An integral double fits an integer property")
    func integralDouble() throws {
        #expect(
            try JSONMapper(mode: .strict).map(
                Widths.self,
                fromJSONObject: [
                    "int": 12.0, "i8": 0, "i16": 0, "i32": 0, "i64": 0, "u8": 0, "u16": 0, "u32": 0, "u64": 0,
                    "uint": 0, "float": 0, "double": 0,
                ]
            ).int == 12)
    }

    @Test("Bool, String, Decimal, URL, UUID and Data map from their JSON forms")
    func otherScalars() throws {
        let values = try mapper.map(
            Values.self,
            from: json(
                #"""
                {"flag": true, "text": "héllo ✓", "price": 19.99, "link": "https://example.com/a?b=c",
                 "token": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "blob": "AAEC/w=="}
                """#))
        #expect(values.flag)
        #expect(values.text == "héllo ✓")
        #expect(values.price == Decimal(string: "19.99"))
        #expect(values.link?.host == "example.com")
        #expect(values.token == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(values.blob == Data([0, 1, 2, 255]))
    }

    @Test("Large decimals keep every digit")
    func largeDecimal() throws {
        let values = try mapper.map(Values.self, from: json(#"{"price": 123456789012345678901234567890}"#))
        #expect(values.price == Decimal(string: "123456789012345678901234567890"))
    }

    @Test(
        "Invalid URL, UUID and base64 strings are rejected with their path",
        arguments: [
            (#"{"token": "not-a-uuid"}"#, "token"),
            (#"{"blob": "%%%"}"#, "blob"),
            (#"{"when": "yesterday"}"#, "when"),
        ])
    func invalidStrings(input: String, path: String) throws {
        var complete: [String: Any] = ["flag": true, "text": "", "price": 1, "blob": ""]
        complete.merge(try #require(try jsonObject(json(input)) as? [String: Any])) { $1 }
        let error = mappingError { _ = try JSONMapper(mode: .strict).map(Values.self, from: complete) }
        #expect(error?.path == path)
        if case .invalidValue? = error?.kind {
        } else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
        }
    }

    @Test(
        "Dates follow each strategy",
        arguments: [
            (DateStrategy.secondsSince1970, #"{"when": 1700000000.5}"#),
            (DateStrategy.millisecondsSince1970, #"{"when": 1700000000500}"#),
            (DateStrategy.iso8601, #"{"when": "2023-11-14T22:13:20.500Z"}"#),
        ])
    func dateStrategies(strategy: DateStrategy, input: String) throws {
        let mapper = JSONMapper(dateStrategy: strategy)
        let values = try mapper.map(Values.self, from: json(input))
        #expect(values.when == Date(timeIntervalSince1970: 1_700_000_000.5))
        let again = try mapper.map(Values.self, from: mapper.data(from: values))
        #expect(again.when == values.when)
    }

    @Test("ISO 8601 dates without fractional seconds read and write as whole seconds")
    func iso8601WholeSeconds() throws {
        let values = try mapper.map(Values.self, from: json(#"{"when": "2024-05-01T12:30:00Z"}"#))
        #expect(values.when == Date(timeIntervalSince1970: 1_714_566_600))
        #expect(try mapper.dictionary(from: values)["when"] as? String == "2024-05-01T12:30:00Z")
    }

    @Test("Formatted and custom date strategies read and write")
    func formattedAndCustomDates() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let formatted = JSONMapper(dateStrategy: .formatted(formatter))
        let day = try formatted.map(Values.self, from: json(#"{"when": "2024-02-29"}"#))
        #expect(day.when == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(try formatted.dictionary(from: day)["when"] as? String == "2024-02-29")

        let custom = JSONMapper(
            dateStrategy: .custom(
                read: { json in (json as? String).flatMap(Double.init).map { Date(timeIntervalSince1970: $0) } },
                write: { date in String(date.timeIntervalSince1970) }
            ))
        let stamped = try custom.map(Values.self, from: json(#"{"when": "86400.0"}"#))
        #expect(stamped.when == Date(timeIntervalSince1970: 86400))
        #expect(try custom.dictionary(from: stamped)["when"] as? String == "86400.0")
    }

    @Test("Swift values in a hand-built dictionary map like JSONSerialization's")
    func swiftNativeValues() throws {
        let widths = try mapper.map(
            Widths.self, from: ["i8": Int8(5), "u64": UInt64.max, "float": Float(1.25), "double": 2, "int": Int16(-7)])
        #expect(widths.i8 == 5 && widths.u64 == .max && widths.float == 1.25 && widths.double == 2 && widths.int == -7)
        let values = try mapper.map(
            Values.self, from: ["flag": true, "text": "t", "price": Decimal(string: "1.10") as Any])
        #expect(values.flag && values.text == "t" && values.price == Decimal(string: "1.1"))
    }
}
