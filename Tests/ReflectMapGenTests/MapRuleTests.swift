@testable import ReflectMapGen
import Testing

// The map rule (MapRule) on each side of each threshold. The eight real payloads are in
// GeneratedModelTests' "What each payload generates".

/// `{"plugins": {"k0": value(0), "k1": value(1), …}}`, keys that look like names, not ids.
private func plugins(_ count: Int, value: (Int) -> String) -> String {
    #"{"plugins": {"# + (0..<count).map { #""k\#($0)": \#(value($0))"# }.joined(separator: ", ") + "}}"
}

/// Each plugin has `name` and `version`; one in four also has `wiki`.
private func plugin(_ index: Int) -> String {
    #"{"name": "p\#(index)", "version": "1.\#(index)""# + (index % 4 == 0 ? #", "wiki": "w""# : "") + "}"
}

@Suite("Map rule")
struct MapRuleTests {
    @Test(
        "Twenty or more keys whose object values merge into one shape make a dictionary of one class with optionals",
        arguments: [(19, false), (20, true), (654, true)])
    func objectValues(keys: Int, isMap: Bool) throws {
        let source = try generate(plugins(keys, value: plugin))
        let lines = propertyLines(source)
        #expect(lines.first == (isMap ? "var plugins: [String: Plugin] = [:]" : "var plugins = Plugins()"))
        if isMap {
            #expect(lines.dropFirst() == [#"var name = """#, #"var version = """#, "var wiki: String?"])
        }
    }

    @Test(
        "Object values merge when at least half of the keys they hold are keys at least half of them have",
        arguments: [(2, true), (3, false)])
    func commonKeyShare(uniqueKeys: Int, isMap: Bool) throws {
        // Every value has `a` and `b` and its own unique keys: 2 / (2 + 2) = 0.5, 2 / (2 + 3) = 0.4.
        let json = plugins(20) { index in
            "{"
                + (["\"a\": 1", "\"b\": 2"] + (0..<uniqueKeys).map { "\"u\(index)_\($0)\": 3" }).joined(separator: ", ")
                + "}"
        }
        #expect(try generate(json).contains("var plugins: [String: Plugin] = [:]") == isMap)
    }

    @Test("Object values of unrelated shapes keep the object a class")
    func unrelatedShapes() throws {
        let source = try generate(plugins(30) { #"{"only\#($0)": 1}"# })
        #expect(propertyLines(source).first == "var plugins = Plugins()")
    }

    @Test(
        "Scalar values need fifty keys of one kind: [String: String], [String: Int]",
        arguments: [
            (49, "\"v\"", "var plugins = Plugins()"), (50, "\"v\"", "var plugins: [String: String] = [:]"),
            (50, "7", "var plugins: [String: Int] = [:]"), (50, "true", "var plugins: [String: Bool] = [:]"),
        ])
    func scalarValues(keys: Int, value: String, expected: String) throws {
        #expect(propertyLines(try generate(plugins(keys) { _ in value })).first == expected)
    }

    @Test("Values of different kinds keep the object a class")
    func mixedKinds() throws {
        let source = try generate(plugins(60) { $0.isMultiple(of: 2) ? "1" : "\"one\"" })
        #expect(propertyLines(source).first == "var plugins = Plugins()")
    }

    @Test(
        "Array values need twenty keys and one element kind",
        arguments: [
            (19, "[1, 2]", "var plugins = Plugins()"), (20, "[1, 2]", "var plugins: [String: [Int]] = [:]"),
            (20, #"[1, "a"]"#, "var plugins = Plugins()"),
        ])
    func arrayValues(keys: Int, value: String, expected: String) throws {
        #expect(propertyLines(try generate(plugins(keys) { _ in value })).first == expected)
    }

    @Test("Objects seen several times with the same keys every time are records, however many keys")
    func recurringKeys() throws {
        let record = "{" + (0..<60).map { "\"f\($0)\": \"v\"" }.joined(separator: ", ") + "}"
        #expect(try generate(#"{"rows": [\#(record), \#(record)]}"#).contains("var rows: [Row] = []"))
        // The same number of keys, but different ones in each object: data.
        let first = "{" + (0..<30).map { "\"a\($0)\": \"v\"" }.joined(separator: ", ") + "}"
        let second = "{" + (0..<30).map { "\"b\($0)\": \"v\"" }.joined(separator: ", ") + "}"
        #expect(try generate(#"{"rows": [\#(first), \#(second)]}"#).contains("var rows: [[String: String]] = []"))
    }

    @Test("Keys that look like ids make a dictionary whatever their number")
    func idKeys() throws {
        #expect(try generate(#"{"names": {"7": "seven"}}"#).contains("var names: [String: String] = [:]"))
        #expect(MapRule.isIDLike("138586341") && MapRule.isIDLike("0F8FAD5B-D9CB-469F-A165-70867728950E"))
        #expect(!MapRule.isIDLike("k1") && !MapRule.isIDLike("0f8fad5b-d9cb-469f-a165") && !MapRule.isIDLike(""))
    }

    @Test("The top level stays a class, however many keys it has")
    func rootStaysAClass() throws {
        let json = "{" + (0..<60).map { "\"f\($0)\": \"v\"" }.joined(separator: ", ") + "}"
        #expect(propertyLines(try generate(json)).count == 60)
    }
}
