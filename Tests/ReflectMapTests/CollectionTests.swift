import Foundation
import ReflectMap
import Testing

struct Grid: Mappable {
    var cube: [[[Double]]] = []
    var matrix: [[Int]]?
    var lookup: [String: Int] = [:]
    var nested: [String: [String: Bool]] = [:]
    var maybe: [Int?] = []
}

final class Catalog: Mappable {
    var items: [String: Item] = [:]
    var groups: [String: [Item]] = [:]
    var featured: [Item]?
    required init() {}
}

struct Item: Mappable {
    var id = 0
    var title = ""
}

@Suite("Collections")
struct CollectionTests {
    let mapper = JSONMapper()

    @Test("Nested arrays of scalars map to any depth")
    func nestedArrays() throws {
        let grid = try mapper.map(
            Grid.self, from: json(#"{"cube": [[[1.5, 2], [3]], [[-4e2]]], "matrix": [[1, 2], [3, 4]]}"#))
        #expect(grid.cube == [[[1.5, 2], [3]], [[-400]]])
        #expect(grid.matrix == [[1, 2], [3, 4]])
    }

    @Test("An empty array is read, replaced, refused when malformed and limited in depth like any other")
    func emptyArrays() throws {
        struct Tagged: Mappable {
            var tags = ["default"]
            var items = [Item(id: 1, title: "default")]
            var count = 0
        }
        for text in [
            #"{"tags": [], "items": [], "count": 1}"#, "{\"tags\": [ ], \"items\": [\n\t\r ], \"count\": 1}",
            #"{"tags": ["a"], "tags": [], "items": [{"id": 2}], "items": [], "count": 1}"#,
        ] {
            let model = try mapper.map(Tagged.self, from: json(text))
            #expect(model.tags.isEmpty && model.items.isEmpty && model.count == 1, "\(text)")
        }
        let filled = try mapper.map(Tagged.self, from: json(#"{"tags": [ "a" ], "items": [ {"id": 3} ]}"#))
        #expect(filled.tags == ["a"] && filled.items.map(\.id) == [3])
        for malformed in [#"{"tags": [ ,]}"#, #"{"tags": [ "#, #"{"tags": ["#, #"{"tags": [ }"#, #"{"tags": [] ]}"#] {
            let error = mappingError { _ = try mapper.map(Tagged.self, from: json(malformed)) }
            guard case .malformedJSON? = error?.kind else {
                Issue.record("\(malformed): \(String(describing: error))")
                continue
            }
        }
        // One level deeper than the limit throws, empty or not, from bytes and from a dictionary.
        var shallow = JSONMapper()
        shallow.maxDepth = 1
        for text in [#"{"tags": []}"#, #"{"tags": ["a"]}"#] {
            #expect(
                mappingError { _ = try shallow.map(Tagged.self, from: json(text)) }?.kind == .nestingTooDeep(limit: 1))
            let object = try JSONSerialization.jsonObject(with: json(text))
            #expect(
                mappingError { _ = try shallow.map(Tagged.self, fromJSONObject: object) }?.kind
                    == .nestingTooDeep(limit: 1))
        }
    }

    @Test("Dictionaries of scalars and of dictionaries map")
    func dictionariesOfScalars() throws {
        let grid = try mapper.map(
            Grid.self, from: json(#"{"lookup": {"a": 1, "b": 2}, "nested": {"x": {"on": true}}}"#))
        #expect(grid.lookup == ["a": 1, "b": 2])
        #expect(grid.nested == ["x": ["on": true]])
    }

    @Test("Arrays of optionals keep nulls as nil in place")
    func arraysOfOptionals() throws {
        let grid = try mapper.map(Grid.self, from: json(#"{"maybe": [1, null, 3]}"#))
        #expect(grid.maybe == [1, nil, 3])
        let written = try mapper.dictionary(from: grid)["maybe"] as? [Any]
        #expect(written?.count == 3)
        #expect(written?[1] is NSNull)
    }

    @Test("Dictionaries and arrays of models map")
    func modelsInCollections() throws {
        let catalog = try mapper.map(
            Catalog.self,
            from: json(
                #"""
                {"items": {"101": {"id": 101, "title": "A"}, "102": {"id": 102, "title": "B"}},
                 "groups": {"new": [{"id": 1}, {"id": 2}]},
                 "featured": [{"id": 9, "title": "Z"}]}
                """#))
        #expect(catalog.items.count == 2)
        #expect(catalog.items["102"]?.title == "B")
        #expect(catalog.groups["new"]?.map(\.id) == [1, 2])
        #expect(catalog.featured?.first?.title == "Z")
    }

    @Test("Lenient mode drops an unusable element and keeps the rest")
    func lenientDropsElements() throws {
        let (grid, report) = try mapper.mapWithReport(
            Grid.self, from: json(#"{"matrix": [[1, "x", 3]], "lookup": {"a": 1, "b": [2]}}"#))
        #expect(grid.matrix == [[1, 3]])
        #expect(grid.lookup == ["a": 1])
        #expect(report.skipped.map(\.path).sorted() == ["lookup.b", "matrix[0][1]"])
    }

    @Test("Strict mode rejects an unusable element with its index in the path")
    func strictRejectsElements() {
        let error = mappingError {
            _ = try JSONMapper(mode: .strict).map(
                Grid.self,
                from: json(#"{"cube": [], "lookup": {}, "nested": {}, "maybe": [], "matrix": [[1], [2, true]]}"#))
        }
        #expect(error?.path == "matrix[1][1]")
    }

    @Test("A collection property rejects a value of the wrong kind")
    func wrongKindForCollection() {
        let error = mappingError {
            _ = try JSONMapper(mode: .strict).map(Grid.self, from: json(#"{"cube": {"a": 1}}"#))
        }
        #expect(error?.path == "cube")
        if case .typeMismatch(_, let found)? = error?.kind {
            #expect(found == "an object")
        } else {
            Issue.record("wrong kind: \(String(describing: error))")
        }
    }
}

struct Shelf: Mappable, Codable, Equatable {
    var label = ""
    var sizes: [Int] = []
    var tags: [String] = []
    var boxes: [Box] = []
}

struct Box: Mappable, Codable, Equatable {
    var id = 0
    var weight = 0.0
    var parts: [[Int]] = []
}

/// Arrays gather their elements in blocks the reader lends and reuses, and are made once, at their
/// final size: these tests cross block sizes, nest blocks, and leave them part-way.
@Suite("Long arrays")
struct LongArrayTests {
    let mapper = JSONMapper()

    /// 300 shelves whose arrays have 0 to 40 elements, so that blocks grow, nest and pass between
    /// siblings of different element types.
    static let shelves = (0..<300).map { index in
        Shelf(
            label: "shelf \(index)",
            sizes: Array(0..<(index % 41)),
            tags: (0..<(index % 5)).map { "tag \($0)" },
            boxes: (0..<(index % 23)).map { box in
                Box(id: box, weight: Double(box) / 4, parts: [[index], Array(0..<(box % 3))])
            }
        )
    }

    @Test("Long and nested arrays of models and scalars map element for element from bytes")
    func longArraysFromBytes() throws {
        let data = try JSONEncoder().encode(Self.shelves)
        #expect(try mapper.map([Shelf].self, from: data) == Self.shelves)
    }

    @Test("Long and nested arrays of models and scalars map element for element from a tree")
    func longArraysFromTree() throws {
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.shelves))
        #expect(try mapper.map([Shelf].self, fromJSONObject: object) == Self.shelves)
    }

    @Test("Reads on many threads at once pass spare blocks between them without mixing elements")
    func concurrentReads() async throws {
        let data = try JSONEncoder().encode(Self.shelves)
        let mapper = self.mapper
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10 where try mapper.map([Shelf].self, from: data) != Self.shelves { return false }
                    return true
                }
            }
            for try await matched in group { #expect(matched) }
        }
    }

    @Test("A long array that fails part-way throws with the failing element's path, on both routes")
    func failurePartWay() throws {
        var object = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.shelves)) as? [[String: Any]])
        var boxes = try #require(object[250]["boxes"] as? [[String: Any]])
        boxes[7]["weight"] = "heavy"
        object[250]["boxes"] = boxes
        let data = try JSONSerialization.data(withJSONObject: object)
        let strict = JSONMapper(mode: .strict)
        let fromBytes = mappingError { _ = try strict.map([Shelf].self, from: data) }
        let fromTree = mappingError { _ = try strict.map([Shelf].self, fromJSONObject: object) }
        #expect(fromBytes?.path == "[250].boxes[7].weight")
        #expect(fromTree?.path == "[250].boxes[7].weight")
    }

    @Test("Lenient mode drops a failing element of a long array and keeps the rest in order")
    func lenientPartWay() throws {
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.shelves)) as? [Any])
        object[120] = "not a shelf"
        let (shelves, report) = try mapper.mapWithReport(
            [Shelf].self, from: JSONSerialization.data(withJSONObject: object))
        var expected = Self.shelves
        expected.remove(at: 120)
        #expect(shelves == expected)
        #expect(report.skipped.map(\.path) == ["[120]"])
    }
}

extension LongArrayTests {
    @Test("An array too large for a spare pool to keep maps, and so do the reads after it")
    func hugeArrayThenSmallOnes() throws {
        // 40,000 boxes of 80-odd bytes each: a block over 1 MiB, which the pool frees after the read.
        let big = (0..<40_000).map { Box(id: $0, weight: 1, parts: []) }
        let data = try JSONEncoder().encode(big)
        #expect(try mapper.map([Box].self, from: data) == big)
        for _ in 0..<3 {
            #expect(try mapper.map([Shelf].self, from: JSONEncoder().encode(Self.shelves)) == Self.shelves)
        }
    }
}
