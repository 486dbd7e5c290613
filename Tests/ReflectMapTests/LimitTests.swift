import Foundation
import ReflectMap
import Testing

// Both sides of the limits the mapper enforces: every limit has a case just inside it, which must pass,
// and one just outside, which must fail, on every route that enforces it.

private struct Holder: Mappable {
    var id = 0
    var raw: JSONValue = .null
}

private struct OnlyID: Mappable {
    var id = 0
}

private struct Named: Mappable {
    var name = ""
}

/// `count` nested containers around `0`: `[[0]]` for 2, or `{"a": {"a": 0}}` with `objects`.
private func nesting(_ count: Int, objects: Bool = false) -> String {
    objects
        ? String(repeating: #"{"a": "#, count: count) + "0" + String(repeating: "}", count: count)
        : String(repeating: "[", count: count) + "0" + String(repeating: "]", count: count)
}

@Suite("The nesting limit, one level inside and one outside, on every route")
struct NestingLimitTests {
    /// A mapper that allows `limit` levels; the object a model reads from is the first.
    func mapper(_ limit: Int) -> JSONMapper {
        var mapper = JSONMapper()
        mapper.maxDepth = limit
        return mapper
    }

    func isTooDeep(_ limit: Int, _ body: () throws -> Void) -> Bool {
        mappingError(body)?.kind == .nestingTooDeep(limit: limit)
    }

    @Test(
        "A skipped member, a JSONValue property and a key path's walk allow exactly the limit, of arrays and of objects",
        arguments: [2, 3, 8], [false, true])
    func readingRoutes(limit: Int, objects: Bool) throws {
        let mapper = mapper(limit)
        let nested = { (count: Int) in nesting(count, objects: objects) }
        // The model's object is one level; the nested containers fill the rest.
        let inside = nested(limit - 1)
        let outside = nested(limit)
        #expect(try mapper.map(OnlyID.self, from: json(#"{"skip": \#(inside), "id": 1}"#)).id == 1)
        #expect(isTooDeep(limit) { _ = try mapper.map(OnlyID.self, from: json(#"{"skip": \#(outside), "id": 1}"#)) })
        #expect(try mapper.map(Holder.self, from: json(#"{"raw": \#(inside)}"#)).raw != .null)
        #expect(isTooDeep(limit) { _ = try mapper.map(Holder.self, from: json(#"{"raw": \#(outside)}"#)) })
        // At a key path the walk's own level counts: `{"data": {...}}` is two levels around the value's members.
        let pathInside = nested(limit - 2)
        let pathOutside = nested(limit - 1)
        #expect(
            try mapper.map(OnlyID.self, from: json(#"{"data": {"s": \#(pathInside), "id": 2}}"#), at: "data").id == 2)
        #expect(
            isTooDeep(limit) {
                _ = try mapper.map(OnlyID.self, from: json(#"{"data": {"s": \#(pathOutside), "id": 2}}"#), at: "data")
            })
        // A member the walk passes on its way is skipped under the same limit.
        #expect(try mapper.map(OnlyID.self, from: json(#"{"s": \#(inside), "data": {"id": 3}}"#), at: "data").id == 3)
        #expect(
            isTooDeep(limit) {
                _ = try mapper.map(OnlyID.self, from: json(#"{"s": \#(outside), "data": {"id": 3}}"#), at: "data")
            })
        // A Foundation tree takes the same limit as bytes.
        let tree = try jsonObject(json(#"{"raw": \#(inside)}"#)) as? [String: Any] ?? [:]
        #expect(try mapper.map(Holder.self, from: tree).raw != .null)
        let deepTree = try jsonObject(json(#"{"raw": \#(outside)}"#)) as? [String: Any] ?? [:]
        #expect(isTooDeep(limit) { _ = try mapper.map(Holder.self, from: deepTree) })
    }

    @Test("A tree built in code deeper than the limit is refused at the limit, on the mapper's and the value's own")
    func deepTreeInCode() throws {
        // Deep enough to pass both limits, shallow enough that releasing the nested arrays (one frame
        // a level) fits a test thread's stack.
        var deep: Any = 0
        for _ in 0..<1_000 { deep = [deep] }
        let error = mappingError { _ = try JSONMapper().map(Holder.self, from: ["raw": deep]) }
        #expect(error?.kind == .nestingTooDeep(limit: JSONMapper().maxDepth))
        #expect(JSONValue(jsonObject: deep) == nil)
        var deepest: Any = 0
        for _ in 0..<512 { deepest = [deepest] }
        #expect(JSONValue(jsonObject: deepest) != nil)
        #expect(JSONValue(jsonObject: [deepest]) == nil)
    }

    @Test("A value parsed on its own allows exactly its limit", arguments: [1, 2, 7])
    func valueParsing(limit: Int) throws {
        #expect(try JSONValue(parsing: json(nesting(limit)), maxDepth: limit) != .null)
        #expect(isTooDeep(limit) { _ = try JSONValue(parsing: json(nesting(limit + 1)), maxDepth: limit) })
        let objects = String(repeating: #"{"a":"#, count: limit) + "1" + String(repeating: "}", count: limit)
        #expect(try JSONValue(parsing: json(objects), maxDepth: limit) != .null)
        #expect(isTooDeep(limit) { _ = try JSONValue(parsing: json("[" + objects + "]"), maxDepth: limit) })
    }

    @Test(
        "Whatever reads within the limit writes within it, and one level more is refused both ways",
        arguments: [2, 3, 8], [false, true])
    func writingMatchesReading(limit: Int, objects: Bool) throws {
        let mapper = mapper(limit)
        let nested = { (count: Int) in nesting(count, objects: objects) }
        let inside = try mapper.map(Holder.self, from: json(#"{"raw": \#(nested(limit - 1))}"#))
        let written = try mapper.data(from: inside)
        #expect(try mapper.map(Holder.self, from: written).raw == inside.raw)
        var outside = Holder()
        outside.raw = try JSONValue(parsing: json(nested(limit)))
        #expect(isTooDeep(limit) { _ = try mapper.data(from: outside) })
    }

    @Test("A streamed element allows the limit counted from the document's top", arguments: [3, 5], [false, true])
    func streamedElements(limit: Int, objects: Bool) async throws {
        let mapper = mapper(limit)
        let nested = { (count: Int) in nesting(count, objects: objects) }
        func stream(_ text: String) async throws -> Int {
            let chunks = AsyncStream<Data> { continuation in
                continuation.yield(json(text))
                continuation.finish()
            }
            var count = 0
            for try await _ in mapper.elements(Holder.self, fromChunks: chunks) { count += 1 }
            return count
        }
        // The array is one level, each element's object another.
        #expect(try await stream(#"[{"raw": \#(nested(limit - 2))}]"#) == 1)
        let error = await #expect(throws: MappingError.self) {
            _ = try await stream(#"[{"raw": \#(nested(limit - 1))}]"#)
        }
        #expect(error?.kind == .nestingTooDeep(limit: limit))
    }
}

@Suite("UTF-8 by lead-byte class, in every place a string can be, at every offset in a block")
struct UTF8ClassTests {
    /// One sequence of each class, valid and not: the boundaries of each lead byte's continuation range,
    /// overlong forms, the surrogate range (`ED A0..BF`), code points past U+10FFFF, stray continuation
    /// bytes, and truncated sequences.
    static let sequences: [[UInt8]] = [
        [0x7F], [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xC2, 0x7F], [0xC2, 0xC0], [0xDF, 0xBF],
        [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xE0, 0x80, 0x80], [0xE1, 0x80, 0x80], [0xEC, 0xBF, 0xBF],
        [0xED, 0x80, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xEE, 0x80, 0x80],
        [0xEF, 0xBF, 0xBF], [0xE1, 0x80], [0xE1, 0xC0, 0x80], [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xF1, 0x80, 0x80, 0x80], [0xF3, 0xBF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
        [0xF5, 0x80, 0x80, 0x80], [0xF0, 0x90, 0x80], [0xFF],
    ]

    /// The three places a string is read: a mapped value, a skipped value and a key; each with the
    /// sequence after `offset` ASCII bytes, so that it falls at every position of the scanner's blocks.
    func documents(_ sequence: [UInt8], offset: Int) -> [(place: String, bytes: [UInt8])] {
        let text = Array(repeating: UInt8(ascii: "a"), count: offset) + sequence
        return [
            ("mapped", Array(#"{"name": ""#.utf8) + text + Array(#""}"#.utf8)),
            ("skipped", Array(#"{"other": ""#.utf8) + text + Array(#"", "name": "x"}"#.utf8)),
            ("key", Array(#"{""#.utf8) + text + Array(#"": 1, "name": "x"}"#.utf8)),
        ]
    }

    @Test("A string is accepted exactly when the standard library accepts its bytes as UTF-8")
    func agreesWithTheStandardLibrary() throws {
        let mapper = JSONMapper()
        for sequence in Self.sequences {
            let valid = String(validating: sequence, as: UTF8.self) != nil
            for offset in 0...33 {
                for (place, bytes) in documents(sequence, offset: offset) {
                    let error = mappingError { _ = try mapper.map(Named.self, from: Data(bytes)) }
                    let accepted = error == nil
                    #expect(
                        accepted == valid, "\(sequence) \(place) after \(offset) bytes: \(String(describing: error))")
                    let parsed = (try? JSONValue(parsing: Data(bytes))) != nil
                    #expect(parsed == valid, "JSONValue: \(sequence) \(place) after \(offset) bytes")
                }
            }
        }
    }
}

@Suite("Dictionary keys spelled two ways choose one spelling whatever the order")
struct KeySpellingTests {
    private struct ByID: Mappable {
        var byID: [Int: String] = [:]
    }

    @Test("Without the canonical spelling, the spelling that sorts first counts, in either order of the input")
    func firstSortingSpellingWins() throws {
        for text in [#"{"byID": {"001": "a", "01": "b"}}"#, #"{"byID": {"01": "b", "001": "a"}}"#] {
            #expect(try JSONMapper().map(ByID.self, from: json(text)).byID == [1: "a"], "\(text)")
        }
        for text in [#"{"byID": {"01": "b", "1": "c", "001": "a"}}"#, #"{"byID": {"1": "c", "001": "a"}}"#] {
            #expect(try JSONMapper().map(ByID.self, from: json(text)).byID == [1: "c"], "\(text)")
        }
    }
}

@Suite("A stream's byte order mark, split across its first chunks at every place")
struct StreamStartTests {
    @Test("Every split of the first bytes, with and without a byte order mark, streams the same elements")
    func everySplit() async throws {
        let body = Array(#"[{"id": 1}, {"id": 2}]"#.utf8)
        let lines = Array("{\"id\": 1}\n{\"id\": 2}\n".utf8)
        for (layout, text) in [(JSONStreamLayout.array, body), (.jsonLines, lines)] {
            for prefix in [[], [0xEF, 0xBB, 0xBF]] as [[UInt8]] {
                let bytes = prefix + text
                for first in 0...5 {
                    for second in first...6 {
                        let pieces = [bytes[..<first], bytes[first..<second], bytes[second...]].map { Data($0) }
                        let chunks = AsyncStream<Data> { continuation in
                            for piece in pieces { continuation.yield(piece) }
                            continuation.finish()
                        }
                        var ids: [Int] = []
                        for try await element in JSONMapper().elements(OnlyID.self, fromChunks: chunks, layout: layout)
                        {
                            ids.append(element.id)
                        }
                        #expect(ids == [1, 2], "\(layout) \(prefix.isEmpty ? "" : "BOM ")split at \(first), \(second)")
                    }
                }
            }
        }
    }

    @Test("A byte order mark before a value the key path walks past is malformed")
    func markBeforeAWalkedPastValue() async throws {
        let bytes = Array(#"{"a": "#.utf8) + [0xEF, 0xBB, 0xBF] + Array(#"1, "items": [{"id": 1}]}"#.utf8)
        let chunks = AsyncStream<Data> { continuation in
            continuation.yield(Data(bytes))
            continuation.finish()
        }
        let error = await #expect(throws: MappingError.self) {
            for try await _ in JSONMapper().elements(OnlyID.self, fromChunks: chunks, layout: .array(at: "items")) {}
        }
        guard case .malformedJSON? = error?.kind else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(mappingError { _ = try JSONMapper().map([OnlyID].self, from: Data(bytes), at: "items") } != nil)
    }

    @Test("A byte order mark anywhere but the start is malformed, in any split")
    func markAfterTheStart() async throws {
        let bytes = Array(" ".utf8) + [0xEF, 0xBB, 0xBF] + Array(#"[{"id": 1}]"#.utf8)
        for split in 0...4 {
            let chunks = AsyncStream<Data> { continuation in
                continuation.yield(Data(bytes[..<split]))
                continuation.yield(Data(bytes[split...]))
                continuation.finish()
            }
            await #expect(throws: MappingError.self, "split at \(split)") {
                for try await _ in JSONMapper().elements(OnlyID.self, fromChunks: chunks) {}
            }
        }
    }
}

@Suite("Input cut short at every byte is malformed JSON, never a crash")
struct TruncationTests {
    private struct Order: Mappable {
        var id = 0
        var price = 0.0
        var name = ""
        var tags: [String] = []
        var paid = false
        var note: String?
    }

    static let documents = [
        #"{"id": 12345, "price": 9.5, "name": "caf\u00e9 ü", "tags": ["a", "b"], "paid": true, "note": null}"#,
        #"{"data": {"id": 7, "price": -1e3, "name": "", "tags": [], "paid": false}, "more": [1, 22, 333]}"#,
    ]

    @Test("Every prefix of a document throws a clean error on every route, and the whole maps")
    func everyPrefix() throws {
        let mapper = JSONMapper()
        for document in Self.documents {
            let bytes = Array(document.utf8)
            let path = document.hasPrefix(#"{"data""#) ? "data" : nil
            for length in 0..<bytes.count {
                let cut = Data(bytes[..<length])
                let error = mappingError {
                    if let path {
                        _ = try mapper.map(Order.self, from: cut, at: path)
                    } else {
                        _ = try mapper.map(Order.self, from: cut)
                    }
                }
                guard case .malformedJSON? = error?.kind else {
                    Issue.record("\(length) bytes: \(String(describing: error))")
                    continue
                }
                #expect((try? JSONValue(parsing: cut)) == nil, "JSONValue from \(length) bytes")
                #expect((try? mapper.map([Order].self, from: Data(Array("[".utf8) + bytes[..<length]))) == nil)
            }
            if let path {
                _ = try mapper.map(Order.self, from: Data(bytes), at: path)
            } else {
                _ = try mapper.map(Order.self, from: Data(bytes))
            }
        }
    }
}

@Suite("A string cut short names itself, whatever its length and however its scan reaches the end")
struct UnterminatedStringTests {
    private struct Named: Mappable {
        var name = ""
    }

    @Test(
        "An unterminated string of every length from 0 to 40 is 'Unterminated string' at its opening quote",
        arguments: ["a", "é", #"\n"#, #"\u00E9"#, #"\uD83D\uDE00"#])
    func everyLength(unit: String) throws {
        let mapper = JSONMapper()
        for length in 0...40 {
            let text = String(repeating: unit, count: length)
            for (document, quote) in [(#"{"name": ""# + text, 9), (#"{"name": "x", "other": ""# + text, 23)] {
                let error = mappingError { _ = try mapper.map(Named.self, from: Data(document.utf8)) }
                guard case .malformedJSON(let message)? = error?.kind else {
                    Issue.record("\(length) × \(unit): \(String(describing: error))")
                    continue
                }
                #expect(message.hasPrefix("Unterminated string"), "\(length) × \(unit): \(message)")
                #expect(error?.byteOffset == quote, "\(length) × \(unit)")
            }
            // Closed, the same text maps (a skipped member's string, and the property's).
            let closed = #"{"other": ""# + text + #"", "name": ""# + text + #""}"#
            #expect(try mapper.map(Named.self, from: Data(closed.utf8)).name.count == length)
        }
    }
}

@Suite("Pretty output lays out empty and non-empty containers alike on every write path")
struct PrettyLayoutTests {
    private struct Item: Mappable {
        var id = 0
    }

    private struct Holder: Mappable {
        var items: [Item] = []
        var raw: JSONValue = .array([])
    }

    /// The text of the value of `key`, from after its colon to the end of the member.
    private func member(_ key: String, in text: String, endingBefore next: String) -> Substring? {
        guard let keyRange = text.range(of: "\"\(key)\""), let colon = text[keyRange.upperBound...].firstIndex(of: ":")
        else { return nil }
        let rest = text[text.index(after: colon)...]
        let end = rest.range(of: next)?.lowerBound ?? rest.endIndex
        return rest[..<end]
    }

    private struct Arrays: Mappable {
        var strings: [String] = []
        var stringsRaw: JSONValue = .array([])
        var nested: [[Int]] = []
        var nestedRaw: JSONValue = .array([])
        var optionals: [Int?] = []
        var optionalsRaw: JSONValue = .array([])
        var urls: [URL] = []
        var urlsRaw: JSONValue = .array([])
        /// Last in key order, so that every member above ends before another key.
        var zzz = 0
    }

    @Test("Arrays of strings, arrays, optionals and URLs lay out as the same JSONValue arrays do")
    func elementKinds() throws {
        var mapper = JSONMapper()
        mapper.outputFormatting = [.prettyPrinted, .sortedKeys]
        let trimmed = { (text: Substring?) in text.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) } }
        for count in 0...2 {
            var arrays = Arrays()
            arrays.strings = (0..<count).map { "s\($0)" }
            arrays.stringsRaw = .array(arrays.strings.map { .string($0) })
            arrays.nested = (0..<count).map { Array(0..<$0) }
            arrays.nestedRaw = .array(arrays.nested.map { .array($0.map { .number(.integer(Int64($0))) }) })
            arrays.optionals = (0..<count).map { $0 == 0 ? nil : $0 }
            arrays.optionalsRaw = .array(arrays.optionals.map { $0.map { .number(.integer(Int64($0))) } ?? .null })
            arrays.urls = (0..<count).compactMap { URL(string: "https://example.com/\($0)") }
            arrays.urlsRaw = .array(arrays.urls.map { .string($0.absoluteString) })
            let written = String(decoding: try mapper.data(from: arrays), as: UTF8.self)
            for (name, next) in [
                ("nested", "nestedRaw"), ("optionals", "optionalsRaw"), ("strings", "stringsRaw"), ("urls", "urlsRaw"),
            ] {
                let plain = trimmed(member(name, in: written, endingBefore: "\"\(next)\""))
                let raw = trimmed(member(next, in: written, endingBefore: "\n  \""))
                #expect(plain != nil && plain == raw, "\(name), \(count):\n\(written)")
            }
        }
    }

    @Test("An array of models and the same array as a JSONValue, empty, with one and with two elements")
    func containers() throws {
        var mapper = JSONMapper()
        mapper.outputFormatting = [.prettyPrinted, .sortedKeys]
        for count in 0...2 {
            var holder = Holder()
            holder.items = (0..<count).map { Item(id: $0) }
            holder.raw = .array((0..<count).map { .object(["id": .number(.integer(Int64($0)))]) })
            let written = String(decoding: try mapper.data(from: holder), as: UTF8.self)
            // The model array and the JSONValue array take the writer's two paths, at the same depth.
            let trimmed = { (text: Substring?) in
                text.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
            }
            let items = trimmed(member("items", in: written, endingBefore: "\"raw\""))
            let raw = trimmed(member("raw", in: written, endingBefore: "\n}"))
            #expect(items != nil && items == raw.map { $0 + "," }, "\(count) elements:\n\(written)")
        }
    }
}

/// A type the mapper has no adapter for, mapped only through a model's fallback.
private struct Cell: Equatable {
    var x = 0
    var y = 0
}

private struct CellAdapter: JSONAdapter {
    func read(_ json: JSONValue) throws -> Cell {
        guard case .array(let parts) = json, parts.count == 2, case .number(let x) = parts[0],
            case .number(let y) = parts[1]
        else { throw MappingError(.typeMismatch(expected: "[x, y]", found: "\(json)")) }
        return Cell(x: Int(x.description) ?? 0, y: Int(y.description) ?? 0)
    }

    func write(_ value: Cell) throws -> JSONValue {
        .array([.number(.integer(Int64(value.x))), .number(.integer(Int64(value.y)))])
    }
}

private struct Located: Mappable {
    var name = ""
    var at = Cell()

    mutating func _fieldRules(_ rules: inout JSONFieldRules) throws {
        rules.setFallback { type in type == Cell.self ? CellAdapter() : nil }
    }
}

private struct RuledInner: Mappable, Equatable {
    var x = 0
}

/// A model whose rules rename one property and leave the whole-model rules as they are.
private struct Renaming: Mappable {
    var note: String? = "preset"
    var inner = RuledInner(x: 1)
    var name = ""

    mutating func _fieldRules(_ rules: inout JSONFieldRules) throws {
        if let name = rules.properties.first(where: { $0.name == "name" }) { rules.setKeys([["title"]], for: name) }
    }
}

@Suite("A model's rules count whichever one it gives")
struct FieldRuleCountTests {
    @Test("Rules that leave the whole-model ones alone read null and a tree's typed values as a model with none does")
    func wholeModelRulesDefaults() throws {
        let tree: [String: Any] = ["title": "t", "note": NSNull(), "inner": RuledInner(x: 5)]
        let (model, report) = try JSONMapper().mapWithReport(Renaming.self, fromJSONObject: tree)
        #expect(model.name == "t")
        // `null` makes an optional nil, and a model instance put into the tree is not JSON.
        #expect(model.note == nil)
        #expect(model.inner == RuledInner(x: 1))
        #expect(report.skipped.map(\.path) == ["inner"])
    }

    @Test("A fallback alone is a rule: the type only it maps is mapped, both ways")
    func fallbackAlone() throws {
        let located = try JSONMapper().map(Located.self, from: json(#"{"name": "a", "at": [3, 4]}"#))
        #expect(located.at == Cell(x: 3, y: 4))
        #expect(String(decoding: try JSONMapper().data(from: located), as: UTF8.self) == #"{"at":[3,4],"name":"a"}"#)
    }
}

private struct Refusal: Error {}

private struct Picky: Mappable, Equatable {
    var n = 0
    mutating func didFinishMapping() throws {
        if n < 0 { throw Refusal() }
    }
}

private struct PickyParent: Mappable {
    var child = Picky(n: 7)
    var optional: Picky?
    var list: [Picky] = []
}

private final class PickyClass: Mappable {
    var n = 0
    init() {}
    func didFinishMapping() throws {
        if n < 0 { throw Refusal() }
    }
}

private struct PickyLists: Mappable {
    var list: [Picky] = []
    var classes: [PickyClass] = []
}

@Suite("A model its own hook refuses is left out, wherever it stands")
struct RefusedModelTests {
    @Test("In lenient mode a refused model leaves the property as it was, the optional nil and the array without it")
    func refusedInLenientMode() throws {
        let parent = try JSONMapper().map(
            PickyParent.self,
            from: json(#"{"child": {"n": -1}, "optional": {"n": -2}, "list": [{"n": 1}, {"n": -3}, {"n": 2}]}"#))
        #expect(parent.child == Picky(n: 7))
        #expect(parent.optional == nil)
        #expect(parent.list == [Picky(n: 1), Picky(n: 2)])
        let kept = try JSONMapper().map(PickyParent.self, from: json(#"{"child": {"n": 5}, "optional": {"n": 6}}"#))
        #expect(kept.child == Picky(n: 5) && kept.optional == Picky(n: 6))
        #expect(throws: MappingError.self) {
            try JSONMapper(mode: .strict).map(PickyParent.self, from: json(#"{"child": {"n": -1}, "list": []}"#))
        }
    }

    @Test("Refused elements leave no gap, wherever they fall in the blocks an array gathers in, first and last too")
    func refusedAcrossGatheringBlocks() throws {
        // A pool with no block kept from an earlier read starts an array of eight-byte elements in a
        // block of 64, then grows it to 128 and 256: refusals just before, at and after each edge, and
        // at both ends of the array. (A pool that kept a larger block from an earlier read, which other
        // tests can leave, starts bigger: the refusals then fall within one block.)
        let refused: Set<Int> = [0, 62, 63, 64, 65, 126, 127, 128, 129, 199]
        let values = (0..<200).map { refused.contains($0) ? -1 - $0 : $0 }
        let elements = values.map { #"{"n": \#($0)}"# }.joined(separator: ", ")
        let lists = try JSONMapper().map(
            PickyLists.self, from: json(#"{"list": [\#(elements)], "classes": [\#(elements)]}"#))
        let kept = values.filter { $0 >= 0 }
        #expect(lists.list.map(\.n) == kept)
        #expect(lists.classes.map(\.n) == kept)
    }
}

@Suite("The input read eight and sixteen bytes at a time")
struct InputWordTests {
    @Test("A word loads wherever eight bytes remain and a block wherever sixteen do, and nowhere past them")
    func wordsAndBlocksStopAtTheEnd() {
        for count in 0...40 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) }
            func value(_ offset: Int, _ length: Int) -> UInt64 {
                (0..<length).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
            }
            InputBytes.reading(bytes) { input in
                for offset in -1...count + 1 {
                    let word = input.word(at: offset)
                    #expect((word != nil) == (offset >= 0 && offset + 8 <= count), "\(count) \(offset)")
                    if let word { #expect(word == value(offset, 8)) }
                    let block = input.block(at: offset)
                    #expect((block != nil) == (offset >= 0 && offset + 16 <= count), "\(count) \(offset)")
                    if let block { #expect(block[0] == value(offset, 8) && block[1] == value(offset + 8, 8)) }
                }
            }
        }
    }
}
