import Foundation
import ReflectMap
import Testing

// Cases from GSON's MapTest and Codable's tests of sets and keyed dictionaries.

enum Weekday: String, Sendable, CodingKeyRepresentable {
    case monday, tuesday
}

enum Urgency: Int, Sendable {
    case low = 1, high = 2
}

/// Neither a raw-value enum nor a string: a key only through CodingKeyRepresentable.
struct Slot: Hashable, Sendable, CodingKeyRepresentable {
    var number: Int
    var codingKey: any CodingKey { TextKey(stringValue: "slot-\(number)") }
    init(number: Int) { self.number = number }
    init?<T: CodingKey>(codingKey: T) {
        guard codingKey.stringValue.hasPrefix("slot-"), let number = Int(codingKey.stringValue.dropFirst(5)) else {
            return nil
        }
        self.number = number
    }
    struct TextKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

struct Schedule: Mappable {
    var tags: Set<String> = []
    var byId: [Int: String] = [:]
    var byBigId: [UInt64: Int] = [:]
    var byUUID: [UUID: Product] = [:]
    var byDay: [Weekday: Int] = [:]
    var byUrgency: [Urgency: String] = [:]
    var bySlot: [Slot: String] = [:]
}

struct SpelledKeys: Mappable {
    var byId: [Int: String] = [:]
    var byUUID: [UUID: String] = [:]
}

@Suite("Sets and keyed dictionaries")
struct KeyedCollectionTests {
    let uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

    @Test("A Set reads and writes as an array, and repeated elements collapse")
    func setsAreArrays() throws {
        let schedule = try JSONMapper().map(Schedule.self, from: json(#"{"tags": ["b", "a", "b"]}"#))
        #expect(schedule.tags == ["a", "b"])
        let written = try JSONValue(parsing: JSONMapper().data(from: schedule))
        guard case .array(let elements)? = written["tags"] else {
            Issue.record("tags not an array")
            return
        }
        #expect(Set(elements) == [.string("a"), .string("b")])
    }

    @Test("Dictionaries keyed by integers, UUIDs, enums and CodingKeyRepresentable types map both ways")
    func keyedDictionaries() throws {
        let data = json(
            """
            {"byId": {"1": "one", "20": "twenty"}, "byBigId": {"18446744073709551615": 1},
             "byUUID": {"\(uuid)": {"sku": "x", "price": 2}}, "byDay": {"monday": 1},
             "byUrgency": {"2": "urgent"}, "bySlot": {"slot-3": "c"}}
            """)
        let schedule = try JSONMapper().map(Schedule.self, from: data)
        #expect(schedule.byId == [1: "one", 20: "twenty"])
        #expect(schedule.byBigId == [UInt64.max: 1])
        #expect(schedule.byUUID[UUID(uuidString: uuid) ?? UUID()]?.sku == "x")
        #expect(schedule.byDay == [.monday: 1])
        #expect(schedule.byUrgency == [.high: "urgent"])
        #expect(schedule.bySlot == [Slot(number: 3): "c"])
        let written = try JSONMapper().data(from: schedule)
        var expected = try JSONValue(parsing: data)
        if case .object(var members) = expected { members["tags"] = .array([]); expected = .object(members) }
        #expect(try JSONValue(parsing: written) == expected)
        let routes = bothRoutes(Schedule.self, data, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("[Int: V] is written as JSONEncoder writes it")
    func integerKeysMatchJSONEncoder() throws {
        struct Scores: Mappable { var byId: [Int: String] = [:] }
        var scores = Scores()
        scores.byId = [2: "b", 10: "j", -1: "z"]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try JSONMapper().data(from: scores) == encoder.encode(["byId": scores.byId]))
    }

    @Test(
        "A key that does not convert is skipped and reported in lenient mode, and an error with its path in strict mode"
    )
    func badKeys() throws {
        let data = json(#"{"byId": {"1": "one", "x": "ex", "2": "two"}, "byDay": {"someday": 3}}"#)
        let (schedule, report) = try JSONMapper().mapWithReport(Schedule.self, from: data)
        #expect(schedule.byId == [1: "one", 2: "two"])
        #expect(schedule.byDay.isEmpty)
        #expect(report.skipped.map(\.path) == ["byDay.someday", "byId.x"])
        struct IdMap: Mappable { var byId: [Int: String] = [:] }
        let error = mappingError { _ = try JSONMapper(mode: .strict).map(IdMap.self, from: data) }
        #expect(error?.kind == .invalidValue(value: "a string \"x\"", type: "Int key"))
        #expect(error?.path == "byId.x")
        let routes = bothRoutes(Schedule.self, data, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("GSON's MapTest: integer keys deserialize from quoted keys and serialize back to them")
    func gsonIntegerKeys() throws {
        struct Holder: Mappable { var map: [Int: Int] = [:] }
        let holder = try JSONMapper().map(Holder.self, from: json(#"{"map": {"123": 456}}"#))
        #expect(holder.map == [123: 456])
        #expect(String(decoding: try JSONMapper().data(from: holder), as: UTF8.self) == #"{"map":{"123":456}}"#)
    }

    @Test(
        "Two spellings of one dictionary key settle on one entry on every call, from bytes and from a dictionary; the others are reported, or an error in strict mode"
    )
    func twoSpellingsOfOneKey() throws {
        let lower = "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
        let data = json(
            """
            {"byId": {"01": "zero-one", "1": "one", "+1": "plus-one"},
             "byUUID": {"\(lower)": "lower", "\(lower.uppercased())": "upper"}}
            """)
        let mapper = JSONMapper()
        let (first, report) = try mapper.mapWithReport(SpelledKeys.self, from: data)
        #expect(first.byId == [1: "one"])
        #expect(first.byUUID.values.first == "upper")
        #expect(report.skipped.map(\.path) == ["byId.+1", "byId.01", "byUUID.\(lower)"])
        for _ in 0..<20 {
            #expect(try mapper.map(SpelledKeys.self, from: data).byId == [1: "one"])
        }
        let routes = bothRoutes(SpelledKeys.self, data, mapper)
        #expect(routes.bytes == routes.dictionary)
        let strict = mappingError { _ = try JSONMapper(mode: .strict).map(SpelledKeys.self, from: data) }
        #expect(strict?.path.hasPrefix("byId.") == true)
        let strictRoutes = bothRoutes(SpelledKeys.self, data, JSONMapper(mode: .strict))
        #expect(strictRoutes.bytes == strictRoutes.dictionary)
    }

    @Test("A set of comparable elements is written in order when keys are sorted")
    func setsWriteInOrder() throws {
        struct Tags: Mappable { var tags: Set<String> = [] }
        var tags = Tags()
        tags.tags = ["delta", "alpha", "charlie", "bravo"]
        #expect(
            String(decoding: try JSONMapper().data(from: tags), as: UTF8.self)
                == #"{"tags":["alpha","bravo","charlie","delta"]}"#)
    }

    @Test("A repeated key that is no valid key is reported once, on bytes as in a dictionary")
    func repeatedInvalidKeyReportedOnce() throws {
        struct ByUUID: Mappable {
            var byUUID: [UUID: String] = [:]
        }
        let text = #"{"byUUID": {"not-a-uuid": "a", "not-a-uuid": "b"}}"#
        let mapper = JSONMapper()
        let bytes = try mapper.mapWithReport(ByUUID.self, from: json(text)).report
        let tree = try mapper.mapWithReport(ByUUID.self, fromJSONObject: JSONSerialization.jsonObject(with: json(text)))
            .report
        #expect(bytes.skipped.count == 1)
        #expect(bytes == tree)
    }
}
