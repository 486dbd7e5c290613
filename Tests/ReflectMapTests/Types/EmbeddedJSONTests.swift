import Foundation
import ReflectMap
import Testing

// JSON text sent inside a string member, mapped by EmbeddedJSON.

struct EmbeddedSettings: Mappable, Equatable {
    var theme = ""
    var beta = false
}

struct EmbeddedAccount: Mappable, Equatable {
    var id = 0
    @JSONTransform(EmbeddedJSON<EmbeddedSettings>()) var extra = EmbeddedSettings()
}

struct EmbeddedShapes: Mappable {
    @JSONTransform(EmbeddedJSON<[EmbeddedSettings]>()) var list: [EmbeddedSettings] = []
    @JSONTransform(EmbeddedJSON<[String: Int]>()) var counts: [String: Int] = [:]
    @JSONTransform(EmbeddedJSON<JSONValue>()) var raw: JSONValue = .null
    @JSONTransform(EmbeddedJSON<EmbeddedSettings>()) var maybe: EmbeddedSettings?
}

final class EmbeddedCycleNode: Mappable {
    var name = ""
    @JSONTransform(EmbeddedJSON<EmbeddedCycleNode>()) var next: EmbeddedCycleNode?
    required init() {}
}

@Suite("JSON text inside a string field")
struct EmbeddedJSONTests {
    let document = json(#"{"id": 7, "extra": "{\"theme\":\"dark\",\"beta\":true}"}"#)

    @Test("A string holding an object maps into a model, from bytes and from a Foundation tree")
    func mapsFromBothRoutes() throws {
        let fromBytes = try JSONMapper().map(EmbeddedAccount.self, from: document)
        #expect(fromBytes.id == 7 && fromBytes.extra == EmbeddedSettings(theme: "dark", beta: true))
        let tree = try #require(try JSONSerialization.jsonObject(with: document) as? [String: Any])
        #expect(try JSONMapper().map(EmbeddedAccount.self, from: tree) == fromBytes)
        #expect(try JSONMapper(mode: .strict).map(EmbeddedAccount.self, from: document) == fromBytes)
    }

    @Test("Writing gives back a string that holds the same JSON")
    func writesAStringOfJSON() throws {
        let account = try JSONMapper().map(EmbeddedAccount.self, from: document)
        let written = try JSONValue(parsing: JSONMapper().data(from: account))
        guard case .string(let text)? = written["extra"] else {
            Issue.record("extra was not written as a string: \(written)")
            return
        }
        #expect(
            try JSONValue(parsing: Data(text.utf8)) == JSONValue(parsing: Data(#"{"theme":"dark","beta":true}"#.utf8)))
        let tree = try #require(try JSONMapper().jsonObject(from: account) as? [String: Any])
        #expect(tree["extra"] as? String == text)
        #expect(try JSONMapper().map(EmbeddedAccount.self, from: JSONMapper().data(from: account)) == account)
    }

    @Test("An array, a dictionary, a JSONValue and an optional can each come as JSON text")
    func otherShapes() throws {
        let input = json(
            #"""
            {"list": "[{\"theme\": \"a\", \"beta\": true}, {\"theme\": \"b\", \"beta\": false}]", "counts": "{\"x\": 1, \"y\": 2}",
             "raw": "[1, \"two\", null]", "maybe": null}
            """#)
        let shapes = try JSONMapper(mode: .strict).map(EmbeddedShapes.self, from: input)
        #expect(shapes.list.map(\.theme) == ["a", "b"])
        #expect(shapes.counts == ["x": 1, "y": 2])
        #expect(shapes.raw == .array([.number(.integer(1)), .string("two"), .null]))
        #expect(shapes.maybe == nil)
        let inString = try JSONMapper().map(EmbeddedShapes.self, from: json(#"{"maybe": "{\"theme\": \"c\"}"}"#))
        #expect(inString.maybe?.theme == "c")
        #expect(try JSONMapper().map(EmbeddedShapes.self, from: json(#"{"maybe": "null"}"#)).maybe == nil)
        let written = try JSONValue(parsing: JSONMapper().data(from: inString))
        #expect(written["maybe"] == .string(#"{"beta":false,"theme":"c"}"#))
        #expect(written["counts"] == .string("{}"))
    }

    @Test("A string that is not JSON is skipped and reported in lenient mode, and an error at its path in strict mode")
    func notJSON() throws {
        let input = json(#"{"id": 1, "extra": "{theme: dark"}"#)
        let (account, report) = try JSONMapper().mapWithReport(EmbeddedAccount.self, from: input)
        #expect(account.id == 1 && account.extra == EmbeddedSettings())
        #expect(report.skipped.map(\.path) == ["extra"])
        #expect(report.skipped.first?.value == .string("{theme: dark"))
        let error = mappingError { _ = try JSONMapper(mode: .strict).map(EmbeddedAccount.self, from: input) }
        #expect(error?.path == "extra")
        guard case .invalidValue(let value, let type)? = error?.kind else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(value.contains("{theme: dark"))
        #expect(type.hasPrefix("JSON text"))
        #expect(error?.byteOffset == nil)
    }

    @Test("JSON of the wrong shape inside the string is a mismatch at the string's path")
    func wrongShape() throws {
        let input = json(#"{"id": 1, "extra": "[1, 2]"}"#)
        let (_, report) = try JSONMapper().mapWithReport(EmbeddedAccount.self, from: input)
        #expect(report.skipped.map(\.path) == ["extra"])
        let error = mappingError { _ = try JSONMapper(mode: .strict).map(EmbeddedAccount.self, from: input) }
        #expect(error?.path == "extra")
        guard case .typeMismatch? = error?.kind else {
            Issue.record("expected typeMismatch, got \(String(describing: error))")
            return
        }
    }

    @Test("A value that is not a string is a type mismatch, even an object of the right shape")
    func notAString() throws {
        let input = json(#"{"id": 1, "extra": {"theme": "dark"}}"#)
        let (account, report) = try JSONMapper().mapWithReport(EmbeddedAccount.self, from: input)
        #expect(account.extra == EmbeddedSettings())
        #expect(report.skipped.map(\.path) == ["extra"])
        let error = mappingError { _ = try JSONMapper(mode: .strict).map(EmbeddedAccount.self, from: input) }
        #expect(error?.path == "extra")
        #expect(error?.kind == .typeMismatch(expected: "a string holding JSON (EmbeddedSettings)", found: "an object"))
    }

    @Test("Errors and report entries inside the embedded document name the full path through the string")
    func innerPaths() throws {
        let input = json(#"{"id": 1, "extra": "{\"theme\": \"dark\", \"beta\": \"maybe\", \"extra\": 1}"}"#)
        let (account, report) = try JSONMapper().mapWithReport(EmbeddedAccount.self, from: input)
        #expect(account.extra.theme == "dark" && account.extra.beta == false)
        #expect(report.skipped.map(\.path) == ["extra.beta"])
        #expect(report.unmappedKeys == ["extra.extra"])
        let error = mappingError { _ = try JSONMapper(mode: .strict).map(EmbeddedAccount.self, from: input) }
        #expect(error?.path == "extra.beta")
        let tree = try #require(try JSONSerialization.jsonObject(with: input) as? [String: Any])
        let fromTree = mappingError { _ = try JSONMapper(mode: .strict).map(EmbeddedAccount.self, from: tree) }
        #expect(fromTree?.path == "extra.beta")
    }

    @Test("update replaces the property with the string's document")
    func update() throws {
        var account = EmbeddedAccount(id: 3, extra: EmbeddedSettings(theme: "light", beta: true))
        try JSONMapper().update(&account, from: json(#"{"extra": "{\"theme\": \"dark\"}"}"#))
        #expect(account == EmbeddedAccount(id: 3, extra: EmbeddedSettings(theme: "dark", beta: false)))
    }

    @Test("A merge patch carries a changed embedded document as its new string, and applying it restores the model")
    func mergePatch() throws {
        let mapper = JSONMapper()
        let saved = EmbeddedAccount(id: 1, extra: EmbeddedSettings(theme: "light", beta: false))
        var edited = saved
        edited.extra.theme = "dark"
        let patch = try JSONValue(parsing: mapper.mergePatch(from: saved, to: edited))
        #expect(patch == .object(["extra": .string(#"{"beta":false,"theme":"dark"}"#)]))
        var current = saved
        try mapper.apply(mergePatch: mapper.mergePatch(from: saved, to: edited), to: &current)
        #expect(current == edited)
    }

    @Test("Streamed elements read their embedded documents, with the element's place in paths")
    func streamedElements() throws {
        let input = json(#"[{"id": 1, "extra": "{\"theme\": \"a\"}"}, {"id": 2, "extra": "{\"beta\": \"nope\"}"}]"#)
        let result = try streamed(EmbeddedAccount.self, input, bufferSize: 8, mapper: JSONMapper())
        #expect(result.values.map(\.extra.theme) == ["a", ""])
        #expect(result.report.skipped.map(\.path) == ["[1].extra.beta"])
    }

    @Test("Outside a model the adapter reads and writes with a default mapper")
    func standalone() throws {
        let adapter = EmbeddedJSON<EmbeddedSettings>()
        #expect(try adapter.read(.string(#"{"theme": "x"}"#)).theme == "x")
        #expect(throws: MappingError.self) { try adapter.read(.number(.integer(1))) }
        #expect(throws: MappingError.self) { try adapter.read(.string("{")) }
        #expect(try adapter.write(EmbeddedSettings(theme: "y", beta: true)) == .string(#"{"beta":true,"theme":"y"}"#))
    }

    @Test("A reference cycle that runs through an embedded string is an error, not endless recursion")
    func cycleThroughTheString() throws {
        let node = EmbeddedCycleNode()
        node.name = "a"
        let other = EmbeddedCycleNode()
        other.name = "b"
        node.next = other
        #expect(try JSONValue(parsing: JSONMapper().data(from: node))["next"] == .string(#"{"name":"b"}"#))
        other.next = node
        let error = mappingError { _ = try JSONMapper().data(from: node) }
        guard case .referenceCycle? = error?.kind else {
            Issue.record("expected referenceCycle, got \(String(describing: error))")
            return
        }
        #expect(error?.path == "next.next")
        other.next = nil
    }

    @Test("Registered for an optional type, the adapter reads null and a string holding JSON, and leaves nil out")
    func registeredForAnOptional() throws {
        struct Holder: Mappable { var extra: EmbeddedSettings? }
        let mapper = JSONMapper(adapters: [EmbeddedJSON<EmbeddedSettings?>()])
        #expect(try mapper.map(Holder.self, from: json(#"{"extra": null}"#)).extra == nil)
        let read = try mapper.map(Holder.self, from: json(#"{"extra": "{\"theme\": \"t\"}"}"#))
        #expect(read.extra?.theme == "t")
        #expect(try JSONValue(parsing: mapper.data(from: read))["extra"] == .string(#"{"beta":false,"theme":"t"}"#))
        #expect(String(decoding: try mapper.data(from: Holder()), as: UTF8.self) == "{}")
    }

    @Test("Registered with a mapper for a model type, the adapter reads the string by the model's own rules")
    func registeredForAModel() throws {
        let mapper = JSONMapper(adapters: [EmbeddedJSON<EmbeddedSettings>()])
        struct Holder: Mappable { var settings = EmbeddedSettings() }
        let holder = try mapper.map(Holder.self, from: json(#"{"settings": "{\"theme\": \"r\"}"}"#))
        #expect(holder.settings.theme == "r")
    }
}
