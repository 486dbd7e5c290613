@testable import ReflectMapGen
import Testing

// --enums (EnumRule) on each side of each threshold.

/// `{"items": [{"state": …}, …]}` with the values in turn.
private func items(_ values: [String], key: String = "state") -> String {
    #"{"items": ["# + values.map { #"{"\#(key)": "\#($0)"}"# }.joined(separator: ", ") + "]}"
}

/// `count` values cycling through `distinct` values named `v0`, `v1`, ….
private func cycling(_ count: Int, distinct: Int) -> [String] {
    (0..<count).map { "v\($0 % distinct)" }
}

private let enums = GeneratorOptions(infersEnums: true)

@Suite("Enums")
struct EnumTests {
    @Test("Off by default: the same strings stay String")
    func offByDefault() throws {
        #expect(propertyLines(try generate(items(cycling(40, distinct: 2)))).last == #"var state = """#)
    }

    @Test(
        "Thresholds: ten samples, two to ten cases, four samples a case on average",
        arguments: [
            (9, 2, false), (10, 2, true),  // minimumSamples
            (20, 1, false), (20, 2, true),  // minimumCases
            (40, 10, true), (44, 11, false),  // maximumCases
            (11, 3, false), (12, 3, true),  // minimumSamplesPerCase
        ])
    func thresholds(count: Int, distinct: Int, isEnum: Bool) throws {
        let line = propertyLines(try generate(items(cycling(count, distinct: distinct)), options: enums)).last
        #expect(line == (isEnum ? "var state: State?" : #"var state = """#))
    }

    @Test("An enum is String-backed, with a raw value only where the case name differs")
    func declaration() throws {
        let values =
            Array(repeating: "open", count: 6) + Array(repeating: "in_progress", count: 3)
            + Array(repeating: "closed", count: 3)
        let source = try generate(items(values), options: enums)
        #expect(
            source.contains(
                "enum State: String {\n    case open\n    case inProgress = \"in_progress\"\n    case closed\n}"))
    }

    @Test(
        "Values that give no case name of their own keep the place a String",
        arguments: [
            ["", "a"], ["1.0", "2.0"], ["Open", "open"],
        ])
    func unnameable(values: [String]) throws {
        let line = propertyLines(try generate(items((0..<12).map { values[$0 % values.count] }), options: enums)).last
        #expect(line == #"var state = """#)
    }

    @Test("Keywords become escaped case names")
    func keywords() throws {
        #expect(EnumRule.caseName(for: "default") == "`default`")
        #expect(EnumRule.caseName(for: "PushEvent") == "pushEvent")
        #expect(EnumRule.caseName(for: "zh-cn") == "zhCn")
    }

    @Test("A key that names a standard type takes the class's name as a prefix")
    func typeKey() throws {
        let source = try generate(items(cycling(12, distinct: 2), key: "type"), options: enums)
        #expect(source.contains("var type: ItemType?") && source.contains("enum ItemType: String {"))
    }

    @Test("Places with the same name share one enum with the values of both")
    func sharedEnum() throws {
        let users = (0..<12).map { #"{"lang": "\#(["en", "ja"][$0 % 2])"}"# }.joined(separator: ", ")
        let posts = (0..<12).map { #"{"lang": "\#(["ja", "es"][$0 % 2])"}"# }.joined(separator: ", ")
        let source = try generate(#"{"users": [\#(users)], "posts": [\#(posts)]}"#, options: enums)
        #expect(source.components(separatedBy: "var lang: Lang?").count == 3)
        #expect(source.contains("enum Lang: String {\n    case en\n    case ja\n    case es\n}"))
    }
}
