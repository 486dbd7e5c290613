import Foundation
import ReflectMap
import Testing

// Mapping the value at a key path inside an envelope, such as "data.items.1".

struct EnvelopeResult: Mappable {
    var id = 0
}

@Suite("Mapping at a key path inside an envelope")
struct EnvelopeKeyPathTests {
    let mapper = JSONMapper()
    let input = json(#"{"data": {"result": {"id": 7}}, "id": 1}"#)

    @Test("An empty key path, or a lone dot, maps the root")
    func emptyKeyPathIsTheRoot() throws {
        #expect(try JSONMapper().map(EnvelopeResult.self, from: input, at: "").id == 1)
        #expect(try JSONMapper().map(EnvelopeResult.self, from: input, at: ".").id == 1)
    }

    @Test("Leading and trailing dots are ignored")
    func dotsAtTheEndsAreIgnored() throws {
        for path in ["data.result", "data.result.", ".data.result.", ".data.result"] {
            #expect(try JSONMapper().map(EnvelopeResult.self, from: input, at: path).id == 7, "\(path)")
            #expect(try JSONMapper(mode: .strict).map(EnvelopeResult.self, from: input, at: path).id == 7, "\(path)")
        }
    }

    @Test("A path that leads nowhere is still keyPathNotFound, whatever its dots")
    func missingPathsStillFail() throws {
        for path in ["data.nothing.", ".nope", "data..result"] {
            let error = mappingError { _ = try JSONMapper().map(EnvelopeResult.self, from: input, at: path) }
            #expect(error?.kind == .keyPathNotFound(path), "\(path)")
        }
    }

    @Test("A key path follows the last of a repeated key")
    func keyPathRepeatedKey() throws {
        let envelope = #"{"data": {"name": "old"}, "data": {"name": "new"}}"#
        #expect(try mapper.map(Texts.self, from: json(envelope), at: "data").name == "new")
        #expect(try JSONValue(parsing: json(envelope))["data"]?["name"] == .string("new"))
    }

    @Test("A key path maps the value there and still validates the rest of the input")
    func keyPathValidatesTheRest() throws {
        let envelope = #"{"data": {"items": [{"name": "a"}, {"name": "b"}]}, "meta": 1}"#
        #expect(try mapper.map(Texts.self, from: json(envelope), at: "data.items.1").name == "b")
        let broken = #"{"data": {"items": [{"name": "a"}, {"name": "b"}]}, "meta": 1"#
        let error = mappingError { _ = try mapper.map(Texts.self, from: json(broken), at: "data.items.1") }
        guard case .malformedJSON? = error?.kind else {
            Issue.record("expected malformedJSON, got \(String(describing: error))")
            return
        }
        let missing = mappingError { _ = try mapper.map(Texts.self, from: json(envelope), at: "data.items.5") }
        #expect(missing?.kind == .keyPathNotFound("data.items.5"))
        #expect(missing?.path == "data.items")
    }

    @Test(
        "Every entry point reads a key path by one grammar: dots at the ends ignored, digits index arrays, an empty step names the empty key"
    )
    func oneGrammarEverywhere() throws {
        let document = json(#"{"data": {"items": [{"id": 1}, {"id": 2}], "": {"id": 3}}}"#)
        let mapper = JSONMapper()
        #expect(try mapper.map(EnvelopeResult.self, from: document, at: ".data.items.1.").id == 2)
        #expect(try JSONValue(parsing: document).value(atKeyPath: ".data.items.1.")?["id"] == .number(.integer(2)))
        #expect(try JSONValue(parsing: document).value(atKeyPath: "data..id") == .number(.integer(3)))
        let tree = try JSONSerialization.jsonObject(with: document)
        #expect(JSONKeyPath("data.items.0").value(in: tree).flatMap { ($0 as? [String: Any])?["id"] as? Int } == 1)
        #expect(JSONKeyPath("data.items.+1").value(in: tree) == nil)
        let streamed = try streamed(EnvelopeResult.self, document, layout: .array(at: ".data.items."), bufferSize: 5)
        #expect(streamed.values.map(\.id) == [1, 2])
    }

    @Test(
        "Bytes, a Foundation tree and a JSONValue follow every path to the same place, or to nowhere alike",
        arguments: [
            ("data.1", 2), ("data.x", nil), ("data.01", 2), ("data.5", nil), ("twice", 4), ("twice.id", nil),
            ("scalar", nil), ("scalar.id", nil), ("list.0.inner", 5), ("list.inner", nil), ("empty..in", 6),
            ("empty.in", nil),
        ] as [(String, Int?)])
    func oneWalkForEveryDocument(path: String, id: Int?) throws {
        let document = json(
            #"""
            {"data": [{"id": 1}, {"id": 2}], "twice": {"id": 3}, "twice": {"id": 4}, "scalar": 7,
             "list": [{"inner": {"id": 5}}], "empty": {"": {"in": {"id": 6}}}}
            """#)
        let bytes = try? JSONMapper(mode: .strict).map(EnvelopeResult.self, from: document, at: path).id
        let tree = JSONKeyPath(path).value(in: try JSONSerialization.jsonObject(with: document))
            .flatMap { ($0 as? [String: Any])?["id"] as? Int }
        let value = try JSONValue(parsing: document).value(atKeyPath: path)?["id"].flatMap { value -> Int? in
            if case .number(.integer(let id)) = value { return Int(id) }
            return nil
        }
        #expect(bytes == id)
        #expect(tree == id)
        #expect(value == id)
    }

    @Test("A path key of @JSONKey(path:) reads the same grammar as a key path")
    func pathKeysShareTheGrammar() throws {
        struct Nested: Mappable {
            @JSONKey(path: ".data.id.") var id = 0
        }
        #expect(try JSONMapper().map(Nested.self, from: json(#"{"data": {"id": 4}}"#)).id == 4)
    }
}

@Suite("Keys that contain dots, inside a key path")
struct DottedKeyInPathTests {
    let document = json(
        #"""
        {"repository": {"labels": {"org.opencontainers.image.source": {"id": 8}, "org": {"opencontainers": {"id": 1}}}},
         "back\\slash": {"id": 9}, "ends\\": {"with": {"id": 10}}, "a\\b": {"id": 11}}
        """#)

    @Test("A backslash before a dot makes the dot part of the key")
    func escapedDotIsPartOfTheKey() throws {
        #expect(
            JSONKeyPath(#"repository.labels.org\.opencontainers\.image\.source"#).steps
                == ["repository", "labels", "org.opencontainers.image.source"])
        let mapped = try JSONMapper().map(
            EnvelopeResult.self, from: document, at: #"repository.labels.org\.opencontainers\.image\.source"#)
        #expect(mapped.id == 8)
        // Unescaped, the same dots are steps into nested objects.
        #expect(
            try JSONMapper().map(EnvelopeResult.self, from: document, at: "repository.labels.org.opencontainers").id
                == 1)
    }

    @Test("Two backslashes are one backslash, and a backslash before anything else is itself")
    func backslashRules() throws {
        #expect(JSONKeyPath(#"ends\\.with"#).steps == [#"ends\"#, "with"])
        #expect(JSONKeyPath(#"a\b"#).steps == [#"a\b"#])
        #expect(JSONKeyPath(#"trailing\"#).steps == [#"trailing\"#])
        #expect(JSONKeyPath(#"\.lead.\."#).steps == [".lead", "."])
        #expect(JSONKeyPath(#"back\\slash"#).steps == [#"back\slash"#])
        #expect(try JSONMapper().map(EnvelopeResult.self, from: document, at: #"ends\\.with"#).id == 10)
        #expect(try JSONMapper().map(EnvelopeResult.self, from: document, at: #"a\b"#).id == 11)
        #expect(try JSONMapper().map(EnvelopeResult.self, from: document, at: #"back\\slash"#).id == 9)
    }

    @Test("Bytes, a Foundation tree, a JSONValue and a stream all follow an escaped dot alike")
    func everyDocumentFollowsTheEscape() async throws {
        let path = #"repository.labels.org\.opencontainers\.image\.source"#
        let tree = try JSONSerialization.jsonObject(with: document)
        let found = try #require(JSONKeyPath(path).value(in: tree))
        #expect(try JSONMapper().map(EnvelopeResult.self, fromJSONObject: found).id == 8)
        #expect(try JSONValue(parsing: document).value(atKeyPath: path)?["id"] == .number(.integer(8)))
        let list = json(#"{"data": {"org.example.items": [{"id": 1}, {"id": 2}]}}"#)
        let streamed = try streamed(
            EnvelopeResult.self, list, layout: .array(at: #"data.org\.example\.items"#), bufferSize: 4)
        #expect(streamed.values.map(\.id) == [1, 2])
        #expect(streamed.report.skipped.isEmpty)
    }

    @Test("A path key of @JSONKey(path:) takes the same escape, and writes the key back with its dots")
    func pathKeyTakesTheEscape() throws {
        struct Labelled: Mappable {
            @JSONKey(path: #"labels.org\.opencontainers\.image\.source"#) var source = ""
        }
        let input = json(#"{"labels": {"org.opencontainers.image.source": "https://example.com/repo"}}"#)
        let model = try JSONMapper().map(Labelled.self, from: input)
        #expect(model.source == "https://example.com/repo")
        let written = try JSONValue(parsing: JSONMapper().data(from: model))
        #expect(written["labels"]?["org.opencontainers.image.source"] == .string("https://example.com/repo"))
    }

    @Test("A missing escaped key is keyPathNotFound with the path as written")
    func missingEscapedKey() throws {
        let path = #"repository.labels.org\.missing"#
        let error = mappingError { _ = try JSONMapper().map(EnvelopeResult.self, from: document, at: path) }
        #expect(error?.kind == .keyPathNotFound(path))
    }
}

/// Counts how many times a value was read into it: its hook runs once per read.
private struct CountedUser: Mappable {
    nonisolated(unsafe) static var reads = 0
    static let lock = NSLock()
    var id = 0

    mutating func didFinishMapping() throws {
        Self.lock.withLock { Self.reads += 1 }
    }
}

@Suite("A key path's value is read once, and a repeated key's last member still wins")
struct KeyPathSingleReadingTests {
    private struct User: Mappable, Equatable {
        var id = 0
    }

    let mapper = JSONMapper()

    @Test("The value is read once when no key repeats, and again only when one does")
    func readsOnce() throws {
        let before = CountedUser.lock.withLock { CountedUser.reads }
        let once = try mapper.map(
            CountedUser.self, from: json(#"{"meta": 1, "data": {"id": 4}, "tail": [1, 2]}"#), at: "data")
        #expect(once.id == 4)
        #expect(CountedUser.lock.withLock { CountedUser.reads } - before == 1)
        let twice = try mapper.map(
            CountedUser.self, from: json(#"{"data": {"id": 4}, "x": 0, "data": {"id": 5}}"#), at: "data")
        #expect(twice.id == 5)
        #expect(CountedUser.lock.withLock { CountedUser.reads } - before == 3)
    }

    @Test("The last member of a repeated key wins, at any step, on the byte route as on a tree")
    func lastWins() throws {
        let documents: [(String, String, Int)] = [
            (#"{"data": {"id": 1}, "data": {"id": 2}}"#, "data", 2),
            (#"{"data": {"id": 1, "id": 3}}"#, "data", 3),
            (#"{"data": {"x": 1}, "data": {"users": [{"id": 5}]}}"#, "data.users.0", 5),
            (#"{"data": {"users": [{"id": 6}]}, "data": {"users": [{"id": 7}, {"id": 8}]}}"#, "data.users.1", 8),
            (#"{"data": {"users": []}, "more": {}, "data": {"users": [{"id": 9}]}}"#, "data.users.0", 9),
            (#"{"a": {"b": {"id": 1}, "b": {"id": 2}}, "a": {"b": {"id": 3}}}"#, "a.b", 3),
        ]
        for (text, path, id) in documents {
            #expect(try mapper.map(User.self, from: json(text), at: path).id == id, "\(text) at \(path)")
            let value = try #require(try JSONValue(parsing: json(text)).value(atKeyPath: path))
            #expect(
                try mapper.map(User.self, fromJSONObject: value.jsonObject).id == id, "JSONValue: \(text) at \(path)")
        }
    }

    @Test("An error of an earlier member gives way to a later one that maps, and a later error stands")
    func errorsFollowTheLastMember() throws {
        let strict = JSONMapper(mode: .strict)
        #expect(try strict.map(User.self, from: json(#"{"data": {"id": "x"}, "data": {"id": 2}}"#), at: "data").id == 2)
        let error = #expect(throws: MappingError.self) {
            try strict.map(User.self, from: json(#"{"data": {"id": 1}, "data": {"id": "x"}}"#), at: "data")
        }
        #expect(error?.path == "data.id")
        // The report is the last member's: its own clean one, so the handler hears nothing.
        let heard = DriftCount()
        var reporting = JSONMapper()
        reporting.reportHandler = { _ in heard.add() }
        #expect(
            try reporting.map(User.self, from: json(#"{"data": {"id": 1, "extra": 1}, "data": {"id": 2}}"#), at: "data")
                .id == 2)
        #expect(heard.count == 0)
        #expect(
            try reporting.map(User.self, from: json(#"{"data": {"id": 2}, "data": {"id": 1, "extra": 1}}"#), at: "data")
                .id == 1)
        #expect(heard.count == 1)
    }

    @Test("Malformed JSON after the value, or inside a skipped member, is still malformed JSON")
    func malformedAfterTheValue() throws {
        for text in [
            #"{"data": {"id": 1}, "x": tru}"#, #"{"data": {"id": 1}} x"#, #"{"data": {"id": "x"}, "y": [1,]}"#,
        ] {
            let error = #expect(throws: MappingError.self) {
                try JSONMapper(mode: .strict).map(User.self, from: json(text), at: "data")
            }
            guard case .malformedJSON = error?.kind else {
                Issue.record("\(text): \(String(describing: error))")
                continue
            }
        }
    }

    @Test("A key path that no repeat completes names the last member's missing step")
    func notFoundAfterRepeats() throws {
        let error = #expect(throws: MappingError.self) {
            try mapper.map(User.self, from: json(#"{"data": {"a": 1}, "data": {"b": 2}}"#), at: "data.users")
        }
        #expect(error?.kind == .keyPathNotFound("data.users"))
        #expect(error?.description.hasSuffix(#": "data" has no key "users"."#) == true)
    }
}

/// Counts the reports a handler hears, from any thread.
private final class DriftCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func add() { lock.withLock { value += 1 } }
}

@Suite("One reading maps a value at one key path and takes small values at others")
struct RoutedReadingTests {
    private struct Item: Mappable, Equatable {
        var id = 0
    }

    private struct Tag: Mappable {
        var id = ""
    }

    let mapper = JSONMapper()

    @Test("The value and the captures come from one reading, each where the walk meets it")
    func valueAndCapturesTogether() throws {
        let before = CountedUser.lock.withLock { CountedUser.reads }
        let body = json(#"{"code": 0, "message": "ok", "data": {"id": 4}, "meta": {"next": "c2", "n": [1]}}"#)
        let read = try mapper.read(CountedUser.self, from: body, at: "data", capturing: ["code", "meta.next", "nope"])
        #expect(try read.value.get().id == 4)
        #expect(CountedUser.lock.withLock { CountedUser.reads } - before == 1)
        #expect(read.captured == [.number(.integer(0)), .string("c2"), nil])
        let bytes = try #require(read.valueBytes)
        #expect(String(decoding: body[bytes], as: UTF8.self) == #"{"id": 4}"#)
    }

    @Test("A repeated key's last member wins for captures as for the value, and drops what the earlier one held")
    func lastMemberWins() throws {
        let body = json(
            #"{"data": {"id": 1}, "code": 1, "m": {"a": 1, "b": 2}, "code": 0, "data": {"id": 2}, "m": {"b": 3}}"#)
        let read = try mapper.read(Item.self, from: body, at: "data", capturing: ["code", "m.a", "m.b"])
        #expect(try read.value.get().id == 2)
        #expect(read.captured == [.number(.integer(0)), nil, .number(.integer(3))])
        let gone = try mapper.read(
            Item.self, from: json(#"{"d": {"x": {"id": 1}}, "d": {"y": 1}}"#), at: "d.x", capturing: [])
        #expect(throws: MappingError.self) { try gone.value.get() }
    }

    @Test("A capture inside another is read from the outer one's value")
    func nestedCaptures() throws {
        let body = json(#"{"error": {"code": 7, "message": "no"}, "data": null}"#)
        let read = try mapper.read(
            Item.self, from: body, at: "data", capturing: ["error", "error.code", "error.message"])
        #expect(read.captured[1] == .number(.integer(7)))
        #expect(read.captured[2] == .string("no"))
        #expect(read.captured[0]?["code"] == .number(.integer(7)))
        // `null` does not map into a model at the top of a key path: the failure is in the result, not thrown.
        #expect(throws: MappingError.self) { try read.value.get() }
    }

    @Test("A value path that leads nowhere is a failure in the result that names its failing step")
    func missingValueIsAResult() throws {
        let read = try mapper.read(
            Item.self, from: json(#"{"error": {"code": 7}}"#), at: "data.items", capturing: ["error.code"])
        #expect(read.captured == [.number(.integer(7))])
        guard case .failure(let error) = read.value else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.kind == .keyPathNotFound("data.items"))
        #expect(error.description.contains(#"the top-level value has no key "data""#))
    }

    @Test("The whole document as the value, with captures, reads the captures first and maps after")
    func wholeDocumentWithCaptures() throws {
        let body = json(#" [{"id": 1}, {"id": 2}] "#)
        let read = try mapper.read([Item].self, from: body, at: nil, capturing: ["0.id"])
        #expect(try read.value.get() == [Item(id: 1), Item(id: 2)])
        #expect(read.captured == [.number(.integer(1))])
        #expect(read.valueBytes == 0..<body.count)
    }

    @Test("Malformed JSON anywhere is thrown, with its line and column, whatever the routes")
    func malformedIsThrown() throws {
        for text in [#"{"data": {"id": 1},"#, "{\"data\": {\"id\": 1}}\n x", #"{"code": 0 "data": {}}"#] {
            let error = #expect(throws: MappingError.self) {
                _ = try mapper.read(Item.self, from: json(text), at: "data", capturing: ["code"])
            }
            #expect(error?.location != nil, "\(text)")
            guard case .malformedJSON = error?.kind else {
                Issue.record("\(text): \(String(describing: error))")
                continue
            }
        }
    }

    @Test("The last element's values are found by skipping the elements before it")
    func lastElement() throws {
        let body = json(#"{"items": [{"id": "a"}, {"id": "b", "x": [1, {}]}, {"id": "c"}], "has_more": true}"#)
        let read = try mapper.read([Tag].self, from: body, at: "items", capturing: ["has_more"])
        let items = try #require(read.valueBytes)
        #expect(try mapper.captures(["id", "x"], inLastElementAt: items, of: body) == [.string("c"), nil])
        let empty = json(#"{"items": [ ]}"#)
        let emptyItems = try #require(try mapper.read([Tag].self, from: empty, at: "items", capturing: []).valueBytes)
        #expect(try mapper.captures(["id"], inLastElementAt: emptyItems, of: empty) == nil)
        // Offsets that are not an array's, or reach past the input, find nothing.
        #expect(try mapper.captures(["id"], inLastElementAt: 0..<body.count, of: body) == nil)
        #expect(try mapper.captures(["id"], inLastElementAt: 0..<(body.count + 1), of: body) == nil)
    }

    @Test("Captures alone walk the whole document, building nothing else")
    func capturesAlone() throws {
        #expect(
            try mapper.captures(["a.1", "b"], from: json(#"{"a": [0, "x"], "b": false}"#)) == [
                .string("x"), .bool(false),
            ])
        #expect(throws: MappingError.self) { try mapper.captures(["a"], from: json(#"{"a": 1} 2"#)) }
    }
}

@Suite("A key path means the same in a stream as in a mapped document")
struct StreamKeyPathTests {
    private struct Item: Mappable, Equatable {
        var id = 0
    }

    /// The elements a stream of `text` at `path` gives, and the error that ends it, if any.
    private func stream(_ text: String, at path: String, mode: MappingMode = .lenient) async -> ([Int], MappingError?) {
        let chunks = AsyncStream<Data> { continuation in
            continuation.yield(json(text))
            continuation.finish()
        }
        var ids: [Int] = []
        do {
            for try await item in JSONMapper(mode: mode).elements(
                Item.self, fromChunks: chunks, layout: .array(at: path))
            {
                ids.append(item.id)
            }
            return (ids, nil)
        } catch {
            return (ids, error as? MappingError)
        }
    }

    @Test("A path that leads nowhere names its first failing step, as the mapper's does")
    func missingSteps() async throws {
        let cases: [(String, String, String)] = [
            (#"{"data": {"a": 1}}"#, "data.users", #""data" has no key "users""#),
            (#"{"data": [[{"id": 1}]]}"#, "data.3", #""data" has 1 element; [3] is beyond it"#),
            (#"{"data": "x"}"#, "data.items", #""data" is a string, not an object or an array"#),
            (#"{"data": [1]}"#, "data.items", #""data" is an array, and "items" is not an index"#),
        ]
        for (text, path, detail) in cases {
            let (_, error) = await stream(text, at: path)
            #expect(error?.kind == .keyPathNotFound(path), "\(text)")
            #expect(error?.description.contains(detail) == true, "stream: \(String(describing: error))")
            let mapped = mappingError { _ = try JSONMapper().map([Item].self, from: json(text), at: path) }
            #expect(mapped?.description.contains(detail) == true, "map: \(String(describing: mapped))")
        }
    }

    @Test("An element's path spells a step that indexed an array as an index")
    func indexSteps() async throws {
        let text = #"{"data": [{"items": [{"id": 1}, {"id": "x"}]}]}"#
        let (ids, error) = await stream(text, at: "data.0.items", mode: .strict)
        #expect(ids == [1])
        #expect(error?.path == "data[0].items[1].id")
        let mapped = mappingError {
            _ = try JSONMapper(mode: .strict).map([Item].self, from: json(text), at: "data.0.items")
        }
        #expect(mapped?.path == error?.path)
    }

    @Test("A key the path followed, repeated after the streamed array, ends the stream: the last member counts")
    func repeatedKeyAfterTheArray() async throws {
        let text = #"{"data": {"items": [{"id": 1}], "n": 1}, "data": {"items": [{"id": 2}]}}"#
        #expect(try JSONMapper().map([Item].self, from: json(text), at: "data.items") == [Item(id: 2)])
        let (ids, error) = await stream(text, at: "data.items")
        #expect(ids == [1])
        #expect(error?.kind == .keyPathNotFound("data.items"))
        #expect(error?.description.contains(#"has the key "data" again after the streamed array"#) == true)
        let inner = #"{"data": {"items": [{"id": 1}], "items": [{"id": 2}]}}"#
        let (innerIDs, innerError) = await stream(inner, at: "data.items")
        #expect(innerIDs == [1])
        #expect(innerError?.description.contains(#""data" has the key "items" again"#) == true)
        // A key the path did not follow may repeat freely.
        let (plain, none) = await stream(#"{"x": 1, "data": {"items": [{"id": 3}]}, "x": 2}"#, at: "data.items")
        #expect(plain == [3] && none == nil)
    }
}
