import Foundation
import ReflectMap
import Testing

// JSON as a String, in and out: what GSON's fromJson/toJson and HandyJSON's deserialize(from:) and
// toJSONString() users type first. A string maps by the byte route, with the same results, errors and
// reports as its UTF-8 as Data.

private struct TextAccount: Mappable, Equatable {
    var id = 0
    var screenName = ""
    var tags: [String] = []
    var owner: Owner?

    struct Owner: Mappable, Equatable {
        var name = ""
    }
}

@Suite("JSON text as a String, in and out")
struct StringTextTests {
    let mapper = JSONMapper(keyTranslator: .snakeCase)
    let text = #"{"id": 7, "screen_name": "Zoë \"z\" 🦊", "tags": ["a", "b\u00e9"], "owner": {"name": "Ada"}}"#

    @Test("map(_:from: String) gives what map(_:from: Data) gives for the same UTF-8")
    func mapsAsData() throws {
        let fromString = try mapper.map(TextAccount.self, from: text)
        #expect(fromString == (try mapper.map(TextAccount.self, from: Data(text.utf8))))
        #expect(fromString.screenName == "Zoë \"z\" 🦊")
        #expect(fromString.tags == ["a", "bé"])
        #expect(fromString.owner?.name == "Ada")
        #expect(try JSONMapper().map(TextAccount.self, from: #"{"id": 1}"#).id == 1)
    }

    @Test("A real payload read from a String maps exactly as its Data does")
    func realPayload() throws {
        let data = try fixture("twitter")
        let text = try #require(String(data: data, encoding: .utf8))
        let fromString = try mapper.map(TwitterSearch.self, from: text)
        let fromData = try mapper.map(TwitterSearch.self, from: data)
        #expect(try mapper.data(from: fromString) == mapper.data(from: fromData))
        #expect(fromString.statuses.count == 100)
    }

    @Test("mapArray, [Model].self, a key path and update take a String")
    func otherEntryPoints() throws {
        let list = #"[{"id": 1}, {"id": 2, "screen_name": "b"}]"#
        #expect(try mapper.mapArray(TextAccount.self, from: list).map(\.id) == [1, 2])
        #expect(try mapper.map([TextAccount].self, from: list).map(\.screenName) == ["", "b"])
        let envelope = #"{"data": {"users": [{"id": 3}, {"id": 4}]}}"#
        #expect(try mapper.map(TextAccount.self, from: envelope, at: "data.users.1").id == 4)
        var account = try mapper.map(TextAccount.self, from: text)
        try mapper.update(&account, from: #"{"tags": []}"#)
        #expect(account.tags.isEmpty)
        #expect(account.screenName == "Zoë \"z\" 🦊")
    }

    @Test("string(from:) is data(from:) as text, in every output formatting")
    func stringOut() throws {
        let account = try mapper.map(TextAccount.self, from: text)
        #expect(try mapper.string(from: account) == String(decoding: try mapper.data(from: account), as: UTF8.self))
        #expect(
            try mapper.string(from: account)
                == #"{"id":7,"owner":{"name":"Ada"},"screen_name":"Zoë \"z\" 🦊","tags":["a","bé"]}"#)
        var pretty = mapper
        pretty.outputFormatting = [.prettyPrinted, .sortedKeys]
        let prettyText = try pretty.string(from: account)
        #expect(prettyText == String(decoding: try pretty.data(from: account), as: UTF8.self))
        #expect(prettyText.contains("\n"))
        #expect(try mapper.string(from: [account, account]).hasPrefix("[{"))
        #expect(try mapper.map(TextAccount.self, from: try mapper.string(from: account)) == account)
    }

    @Test("Malformed text and strict mismatches throw the errors Data throws, with UTF-8 byte offsets")
    func errors() throws {
        for bad in [#"{"id": 1,, "x": 2}"#, #"{"screen_name": "é" "id": 1}"#, "", "[1, 2", #"{"id": "x"}"#] {
            let strict = JSONMapper(keyTranslator: .snakeCase, mode: .strict)
            let fromString = #expect(throws: MappingError.self) { try strict.map(TextAccount.self, from: bad) }
            let fromData = #expect(throws: MappingError.self) { try strict.map(TextAccount.self, from: Data(bad.utf8)) }
            #expect(fromString?.description == fromData?.description)
            #expect(fromString?.byteOffset == fromData?.byteOffset)
        }
    }

    @Test("A report from a String lists what one from Data lists")
    func reports() throws {
        let extra = #"{"id": 1, "unknown": true, "tags": "not a list"}"#
        let fromString = try mapper.mapWithReport(TextAccount.self, from: extra).report
        let fromData = try mapper.mapWithReport(TextAccount.self, from: Data(extra.utf8)).report
        #expect(fromString.unmappedKeys == fromData.unmappedKeys)
        #expect(fromString.unmappedKeys.contains("unknown"))
        #expect(fromString.skipped.count == fromData.skipped.count)
    }

    @Test("A String built from pieces, and a Substring's copy, map in place like any other")
    func builtStrings() throws {
        var built = "{\"id\": "
        for digit in ["4", "2"] { built += digit }
        built += "}"
        #expect(try mapper.map(TextAccount.self, from: built).id == 42)
        let whole = "xx" + text + "yy"
        let middle = String(whole.dropFirst(2).dropLast(2))
        #expect(try mapper.map(TextAccount.self, from: middle).owner?.name == "Ada")
    }
}
