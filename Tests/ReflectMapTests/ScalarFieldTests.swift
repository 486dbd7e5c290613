import Foundation
import ReflectMap
import Testing

/// A field of a built-in scalar type (`Int`, `Int64`, `Double`, `Bool`, `String`, or an optional of
/// one) is read by the fill loop directly, with the built-in adapter's own read; an array's elements
/// of the same type are read through the adapter. So each value is mapped twice, as a field and as
/// the one element of an array, and the two must agree: the same value kept, the same value refused,
/// the same error in strict mode, on bytes and on a tree, in a struct and in a class.
@Suite("Fields of built-in scalar types")
struct ScalarFieldTests {
    struct Plain: Mappable {
        var int = -7
        var ints: [Int] = []
        var int64: Int64 = -7
        var int64s: [Int64] = []
        var double = -7.5
        var doubles: [Double] = []
        var bool = true
        var bools: [Bool] = []
        var string = "default"
        var strings: [String] = []
    }

    final class Optionals: Mappable {
        var int: Int? = -7
        var ints: [Int?] = []
        var int64: Int64? = -7
        var int64s: [Int64?] = []
        var double: Double? = -7.5
        var doubles: [Double?] = []
        var bool: Bool? = true
        var bools: [Bool?] = []
        var string: String? = "default"
        var strings: [String?] = []
        init() {}
    }

    /// Values at and beyond each type's limits, of every JSON kind, and strings the lenient mode
    /// coerces.
    static let values: [String] = [
        "0", "1", "-1", "42", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
        "-9223372036854775809", "1.0", "1.5", "-0.0", "1e2", "1E400", "12345678901234567890", "true", "false",
        "null", #""""#, #""12""#, #""-3""#, #""1.5""#, #""true""#, #""yes""#, #""text""#, #""caf\u00e9""#,
        #""\ud83d\ude00""#, "[]", "[1]", "{}", #"{"a": 1}"#,
    ]

    static let keys = ["int", "int64", "double", "bool", "string"]

    /// The JSON with `value` as the field `key` and as the one element of the array beside it.
    static func document(_ key: String, _ value: String) -> String {
        #"{"\#(key)": \#(value), "\#(key)s": [\#(value)]}"#
    }

    /// Every member present and usable, but the field `key` (or, with `inArray`, its array) holding
    /// `value`: so that in strict mode only `value` can fail.
    static func complete(_ key: String, _ value: String, inArray: Bool) -> Data {
        let usable = ["int": "1", "int64": "1", "double": "1.5", "bool": "true", "string": #""s""#]
        let members = keys.map { name in
            let field = name == key && !inArray ? value : usable[name, default: "null"]
            let element = name == key && inArray ? value : usable[name, default: "null"]
            return #""\#(name)": \#(field), "\#(name)s": [\#(element)]"#
        }
        return Data(("{" + members.joined(separator: ", ") + "}").utf8)
    }

    /// The outcome of one mapping: the field's value and the array's first element as text (or the
    /// defaults), or the error's kind.
    enum Outcome: Equatable {
        case values(field: String, element: String?)
        case failed(MappingError.Kind)
    }

    static func outcome(_ body: () throws -> (field: String, element: String?)) -> Outcome {
        do {
            let (field, element) = try body()
            return .values(field: field, element: element)
        } catch let error as MappingError {
            // Malformed JSON names the byte it is at, which differs between the field and the array.
            if case .malformedJSON = error.kind { return .failed(.malformedJSON("")) }
            return .failed(error.kind)
        } catch {
            return .failed(.malformedJSON("\(error)"))
        }
    }

    /// A value as text, an optional's wrapped value or `nil`.
    static func text(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return "\(value)" }
        return mirror.children.first.map { text($0.value) } ?? "nil"
    }

    /// A model's field `key` and the first element of its array `key + "s"` (`nil` when the array is
    /// empty), as text.
    static func values(_ model: Any, _ key: String) -> (field: String, element: String?) {
        var field = ""
        var element: String?
        for child in Mirror(reflecting: model).children {
            if child.label == key { field = text(child.value) }
            if child.label == key + "s" { element = (child.value as? [Any])?.first.map(text) }
        }
        return (field, element)
    }

    /// Lenient mode: the field holds what the array's element holds, or its default when the
    /// array dropped the element; and both are reported alike.
    @Test("A field keeps exactly the value the array of its type keeps, on bytes and on a tree", arguments: keys)
    func fieldsAgreeWithArrays(key: String) throws {
        let mapper = JSONMapper()
        let defaults = (
            plain: Self.values(Plain(), key).field, optional: Self.values(Optionals(), key).field
        )
        for value in Self.values {
            let json = Self.document(key, value)
            let data = Data(json.utf8)
            var routes: [(String, () throws -> Plain, () throws -> Optionals)] = [
                ("bytes", { try mapper.map(Plain.self, from: data) }, { try mapper.map(Optionals.self, from: data) })
            ]
            // JSONSerialization refuses a number beyond Double's range, which the bytes route reads.
            if let tree = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                routes.append(
                    ("tree", { try mapper.map(Plain.self, from: tree) }, { try mapper.map(Optionals.self, from: tree) })
                )
            }
            let fieldAlone = Data(#"{"\#(key)": \#(value)}"#.utf8)
            let arrayAlone = Data(#"{"\#(key)s": [\#(value)]}"#.utf8)
            guard (try? mapper.map(Plain.self, from: data)) != nil else {
                // JSON that no mapping takes (a number beyond Double's range): refused alike.
                let field = Self.outcome { (Self.values(try mapper.map(Plain.self, from: fieldAlone), key).field, nil) }
                let array = Self.outcome { (Self.values(try mapper.map(Plain.self, from: arrayAlone), key).field, nil) }
                #expect(field == array, "\(key) \(value)")
                #expect(field != .values(field: defaults.plain, element: nil), "\(key) \(value)")
                continue
            }
            for (route, plain, optional) in routes {
                let read = try Self.values(plain(), key)
                #expect(read.field == (read.element ?? defaults.plain), "\(key) \(value) on \(route)")
                let readOptional = try Self.values(optional(), key)
                #expect(
                    readOptional.field == (readOptional.element ?? defaults.optional), "\(key)? \(value) on \(route)")
            }
            let (_, fieldReport) = try mapper.mapWithReport(Plain.self, from: fieldAlone)
            let (_, arrayReport) = try mapper.mapWithReport(Plain.self, from: arrayAlone)
            #expect(fieldReport.skipped.count == arrayReport.skipped.count, "\(key) \(value): skipped")
            #expect(fieldReport.coercions.count == arrayReport.coercions.count, "\(key) \(value): coercions")
        }
    }

    /// Strict mode: the field and the array's element are refused with the same kind of error, or
    /// both kept.
    @Test("In strict mode a field is refused exactly when the array of its type is", arguments: keys)
    func strictFieldsAgreeWithArrays(key: String) throws {
        let mapper = JSONMapper(mode: .strict)
        for value in Self.values {
            let field = Self.complete(key, value, inArray: false)
            let array = Self.complete(key, value, inArray: true)
            let plainField = Self.outcome { (Self.values(try mapper.map(Plain.self, from: field), key).field, nil) }
            let plainArray = Self.outcome {
                (Self.values(try mapper.map(Plain.self, from: array), key).element ?? "dropped", nil)
            }
            #expect(plainField == plainArray, "\(key) \(value)")
            let optionalField = Self.outcome {
                (Self.values(try mapper.map(Optionals.self, from: field), key).field, nil)
            }
            let optionalArray = Self.outcome {
                (Self.values(try mapper.map(Optionals.self, from: array), key).element ?? "dropped", nil)
            }
            #expect(optionalField == optionalArray, "\(key)? \(value)")
        }
    }

    /// A model holding `value` in every field and as every array's one element.
    static func filled(int: Int, int64: Int64, double: Double, bool: Bool, string: String) -> (Plain, Optionals) {
        var plain = Plain()
        (plain.int, plain.ints, plain.int64, plain.int64s) = (int, [int], int64, [int64])
        (plain.double, plain.doubles, plain.bool, plain.bools) = (double, [double], bool, [bool])
        (plain.string, plain.strings) = (string, [string])
        let optionals = Optionals()
        (optionals.int, optionals.ints, optionals.int64, optionals.int64s) = (int, [int], int64, [int64])
        (optionals.double, optionals.doubles, optionals.bool, optionals.bools) = (double, [double], bool, [bool])
        (optionals.string, optionals.strings) = (string, [string])
        return (plain, optionals)
    }

    @Test(
        "A field is written exactly as the array of its type writes its element, to bytes and to a tree",
        arguments: [
            (0, Int64(0), 0.0, false, ""), (1, 1, 1.5, true, "text"), (-1, -1, -0.0, false, "caf\u{e9} \"q\" \\ /"),
            (Int.max, Int64.max, 1e300, true, "\u{1F600}\n\t\u{1}"),
            (Int.min, Int64.min, -Double.leastNonzeroMagnitude, false, "</script>"),
        ] as [(Int, Int64, Double, Bool, String)]
    )
    func fieldsAreWrittenAsArraysWriteElements(
        int: Int, int64: Int64, double: Double, bool: Bool, string: String
    ) throws {
        let (plain, optionals) = Self.filled(int: int, int64: int64, double: double, bool: bool, string: string)
        for options in [JSONMapper.OutputFormatting.sortedKeys, [.sortedKeys, .withoutEscapingSlashes]] {
            var mapper = JSONMapper()
            mapper.outputFormatting = options
            for json in [try mapper.string(from: plain), try mapper.string(from: optionals)] {
                for key in Self.keys {
                    // `"int":1,` and `"ints":[1],` in the same document: the field's text is the element's.
                    let field = try #require(json.firstRange(of: #""\#(key)":"#)).upperBound
                    let element = try #require(json.firstRange(of: #""\#(key)s":["#)).upperBound
                    let fieldText = json[field...].prefix { $0 != "," && $0 != "}" }
                    let elementText = json[element...].prefix { $0 != "]" }
                    #expect(fieldText == elementText, "\(key) in \(json)")
                }
            }
            let tree = try #require(try mapper.jsonObject(from: plain) as? [String: Any])
            for key in Self.keys {
                let field = try #require(tree[key])
                let element = try #require((tree[key + "s"] as? [Any])?.first)
                #expect("\(field)" == "\(element)", "\(key) in the tree")
            }
        }
    }

    @Test("An absent optional field is left out, or written as null when the mapper writes nil as null")
    func absentOptionalsAreLeftOutOrNull() throws {
        let empty = Optionals()
        (empty.int, empty.int64, empty.double, empty.bool, empty.string) = (nil, nil, nil, nil, nil)
        var mapper = JSONMapper()
        mapper.outputFormatting = .sortedKeys
        #expect(
            try mapper.string(from: empty)
                == #"{"bools":[],"doubles":[],"int64s":[],"ints":[],"strings":[]}"#)
        mapper.writesNilAsNull = true
        #expect(
            try mapper.string(from: empty)
                == #"{"bool":null,"bools":[],"double":null,"doubles":[],"int":null,"int64":null,"int64s":[],"#
                + #""ints":[],"string":null,"strings":[]}"#)
    }

    @Test("A Double field that JSON cannot hold is refused with its member's path", arguments: [Double.nan, .infinity])
    func unwritableDoublesNameTheirField(value: Double) throws {
        var plain = Plain()
        plain.double = value
        let error = try #require(throws: MappingError.self) { try JSONMapper().data(from: plain) }
        #expect(error.path == "double")
        let optionals = Optionals()
        optionals.double = value
        let optionalError = try #require(throws: MappingError.self) { try JSONMapper().data(from: optionals) }
        #expect(optionalError.path == "double")
    }

    /// Adds one to every integer it reads, and reads every string upper-cased.
    struct PlusOne: JSONAdapter {
        func read(_ json: JSONValue) throws -> Int {
            guard case .number(.integer(let number)) = json, let value = Int(exactly: number) else {
                throw MappingError(.invalidValue(value: "\(json)", type: "Int"))
            }
            return value + 1
        }
        func write(_ value: Int) throws -> JSONValue { .number(.integer(Int64(value - 1))) }
    }

    struct Shouting: JSONAdapter {
        func read(_ json: JSONValue) throws -> String {
            guard case .string(let text) = json else {
                throw MappingError(.invalidValue(value: "\(json)", type: "String"))
            }
            return text.uppercased()
        }
        func write(_ value: String) throws -> JSONValue { .string(value.lowercased()) }
    }

    @Test("A mapper's own adapter for a built-in scalar type still reads every field of that type")
    func registeredAdaptersStillRead() throws {
        let mapper = JSONMapper(adapters: [PlusOne(), Shouting()])
        let json = #"{"int": 41, "ints": [1], "string": "quiet", "strings": ["low"], "int64": 5}"#
        let plain = try mapper.map(Plain.self, from: Data(json.utf8))
        #expect(plain.int == 42)
        #expect(plain.ints == [2])
        #expect(plain.string == "QUIET")
        #expect(plain.strings == ["LOW"])
        #expect(plain.int64 == 5)
        let optionals = try mapper.map(Optionals.self, from: Data(json.utf8))
        #expect(optionals.int == 42)
        #expect(optionals.string == "QUIET")
        let tree = try mapper.map(Plain.self, from: ["int": 41, "string": "quiet"])
        #expect(tree.int == 42)
        #expect(tree.string == "QUIET")
    }
}
