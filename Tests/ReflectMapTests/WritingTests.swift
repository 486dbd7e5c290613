import Foundation
import ReflectMap
import Testing

final class Person: Mappable {
    var name = ""
    var age = 0
    var email: String?
    var friends: [Person] = []
    var best: Person?
    required init() {}
}

struct Order: Mappable {
    var orderID = 0
    var total = Decimal(0)
    var status = Status.active
    var placedAt = Date(timeIntervalSince1970: 0)
    var lines: [String: Int] = [:]
    var note: String?
    var ratio: Float = 0.1
}

@Suite("Writing JSON")
struct WritingTests {
    let mapper = JSONMapper(keyTranslator: .snakeCase)

    @Test("A model maps back to JSON with the same keys, raw values and date strategy")
    func roundTrip() throws {
        let input = json(
            #"{"order_id": 7, "total": 12.5, "status": "suspended", "placed_at": "2024-01-02T03:04:05Z", "lines": {"a": 2}, "ratio": 0.1}"#
        )
        let order = try mapper.map(Order.self, from: input)
        let written = try mapper.dictionary(from: order)
        #expect(written["order_id"] as? Int == 7)
        #expect((written["total"] as? NSDecimalNumber)?.decimalValue == Decimal(string: "12.5"))
        #expect(written["status"] as? String == "suspended")
        #expect(written["placed_at"] as? String == "2024-01-02T03:04:05Z")
        #expect(written["lines"] as? [String: Int] == ["a": 2])
        let text = String(decoding: try mapper.data(from: order), as: UTF8.self)
        #expect(
            text
                == #"{"lines":{"a":2},"order_id":7,"placed_at":"2024-01-02T03:04:05Z","ratio":0.1,"status":"suspended","total":12.5}"#
        )
        let again = try mapper.map(Order.self, from: Data(text.utf8))
        #expect(
            again.orderID == 7 && again.total == order.total && again.placedAt == order.placedAt && again.ratio == 0.1)
    }

    @Test("Nil optionals are left out unless asked for")
    func nilOptionals() throws {
        #expect(try mapper.dictionary(from: Order())["note"] == nil)
        var withNulls = mapper
        withNulls.writesNilAsNull = true
        #expect(try withNulls.dictionary(from: Order())["note"] is NSNull)
    }

    @Test("Nested models, arrays of models and arrays of models at the top level are written")
    func nestedWriting() throws {
        let ada = Person()
        ada.name = "Ada"
        let bob = Person()
        bob.name = "Bob"
        bob.age = 3
        ada.friends = [bob]
        ada.best = bob
        let written = try mapper.dictionary(from: ada)
        #expect((written["friends"] as? [[String: Any]])?.first?["name"] as? String == "Bob")
        #expect((written["best"] as? [String: Any])?["age"] as? Int == 3)
        let array = try jsonObject(mapper.data(from: [ada, bob])) as? [[String: Any]]
        #expect(array?.map { $0["name"] as? String } == ["Ada", "Bob"])
    }

    @Test("A shared object that is not a cycle is written twice")
    func sharedObject() throws {
        let shared = Person()
        shared.name = "S"
        let owner = Person()
        owner.friends = [shared, shared]
        owner.best = shared
        let written = try mapper.dictionary(from: owner)
        #expect((written["friends"] as? [Any])?.count == 2)
    }

    @Test("A reference cycle gives an error, not infinite recursion")
    func referenceCycle() {
        let a = Person()
        let b = Person()
        a.best = b
        b.friends = [a]
        let error = mappingError { _ = try mapper.data(from: a) }
        #expect(error?.kind == .referenceCycle(type: "Person"))
        #expect(error?.path == "best.friends[0]")
        b.friends = []
    }

    @Test("A cycle through a subclass's own field is caught, though its declared class holds no models")
    func cycleThroughSubclassField() {
        let head = LinkedLeaf()
        let tail = LinkedLeaf()
        head.next = tail
        tail.next = head
        let holder = LeafHolder()
        holder.leaf = head
        let error = mappingError { _ = try mapper.data(from: holder) }
        #expect(error?.kind == .referenceCycle(type: "Leaf"))
        #expect(error?.path == "leaf.next.next")
        tail.next = nil
        #expect((try? mapper.string(from: holder)) == #"{"leaf":{"id":0,"next":{"id":0}}}"#)
    }

    @Test("Instances of a class with no model fields are written wherever they recur, in arrays and dictionaries")
    func leafInstancesRecur() throws {
        let leaf = Leaf()
        leaf.id = 7
        let holder = LeafHolder()
        holder.leaf = leaf
        holder.leaves = [leaf, leaf]
        holder.byName = ["a": leaf, "b": leaf]
        let written = try mapper.string(from: holder)
        #expect(written == #"{"by_name":{"a":{"id":7},"b":{"id":7}},"leaf":{"id":7},"leaves":[{"id":7},{"id":7}]}"#)
    }

    /// People named P0, P1, … each the `best` of the one before.
    static func chain(_ length: Int) -> [Person] {
        let people = (0..<length).map { index in
            let person = Person()
            person.name = "P\(index)"
            return person
        }
        for (person, next) in zip(people, people.dropFirst()) { person.best = next }
        return people
    }

    /// The written person at the end of a chain of `best` members, and how many steps away it is.
    static func last(of person: [String: Any]) -> (depth: Int, person: [String: Any]) {
        var depth = 0
        var node = person
        while let next = node["best"] as? [String: Any] {
            depth += 1
            node = next
        }
        return (depth, node)
    }

    @Test(
        "A chain shared by two fields is written twice, however deep each instance of it sits",
        arguments: [15, 16, 17, 18, 40])
    func deepSharedChain(length: Int) throws {
        let people = Self.chain(length)
        // The chain hangs twice from the owner: every instance on it is entered, left, and entered again
        // at the same depth, on each side of the path's first sixteen.
        let owner = Person()
        owner.friends = [people[0], people[0]]
        let written = try jsonObject(mapper.data(from: owner)) as? [String: Any]
        for friend in written?["friends"] as? [[String: Any]] ?? [] {
            #expect(Self.last(of: friend).depth == length - 1)
        }
        #expect((written?["friends"] as? [Any])?.count == 2)
    }

    @Test("A long chain of objects is written, and a cycle deep in one still gives an error")
    func deepChainAndDeepCycle() throws {
        let people = Self.chain(40)
        let written = try #require(try jsonObject(mapper.data(from: people[0])) as? [String: Any])
        let (depth, last) = Self.last(of: written)
        #expect(depth == 39)
        #expect(last["name"] as? String == "P39")
        // Back to an object past the first few on the path, to each one beside the sixteenth, and to
        // the first one.
        for target in [30, 17, 16, 15, 0] {
            people[39].friends = [people[target]]
            let error = mappingError { _ = try mapper.data(from: people[0]) }
            #expect(error?.kind == .referenceCycle(type: "Person"))
            #expect(error?.path == Array(repeating: "best", count: 39).joined(separator: ".") + ".friends[0]")
        }
        people[39].friends = []
    }

    @Test(
        "A writing error's path names every container it is in: members, elements, dictionary keys, path keys and raw JSON"
    )
    func errorPathsThroughEveryContainer() throws {
        struct Scores: Mappable {
            var byTopic: [String: [Double]] = [:]
            @JSONKey(path: "stats.mean") var mean = 0.0
            var raw: [String: Any] = [:]
            var nested: [[Float]] = []
        }
        var scores = Scores()
        scores.byTopic = ["math": [1, .nan]]
        #expect(mappingError { _ = try mapper.data(from: scores) }?.path == "by_topic.math[1]")
        #expect(mappingError { _ = try mapper.jsonObject(from: scores) }?.path == "by_topic.math[1]")
        scores.byTopic = [:]
        scores.mean = -.infinity
        #expect(mappingError { _ = try mapper.data(from: scores) }?.path == "stats.mean")
        scores.mean = 0
        scores.raw = ["list": [1, ["deep": Double.nan]]]
        #expect(mappingError { _ = try mapper.data(from: scores) }?.path == "raw.list[1].deep")
        scores.raw = [:]
        scores.nested = [[1], [2, .infinity]]
        #expect(mappingError { _ = try mapper.data(from: [scores]) }?.path == "[0].nested[1][1]")
        scores.nested = []
        #expect(try mapper.data(from: scores).count > 0)
    }

    @Test("Values JSON cannot hold are rejected")
    func notRepresentable() {
        var order = Order()
        order.ratio = .infinity
        let error = mappingError { _ = try mapper.data(from: order) }
        #expect(error?.path == "ratio")
        let ticket = Ticket()
        var withObject = ticket
        withObject.payload = NotAModel()
        #expect(mappingError { _ = try mapper.data(from: withObject) } != nil)
    }

    @Test("dictionary(from:) refuses an array model")
    func dictionaryOfArray() {
        #expect(mappingError { _ = try mapper.dictionary(from: [Order()]) } != nil)
    }

    @Test("Strings are escaped as JSON requires and read back unchanged")
    func stringEscaping() throws {
        var ticket = Ticket()
        let tricky = "quote \" backslash \\ newline \n tab \t bell \u{07} slash / é 日本 😀"
        ticket.payload = tricky
        ticket.attributes = ["k\"ey": [1, 2.5, true, NSNull(), "x"] as [Any]]
        let data = try mapper.data(from: ticket)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#"quote \" backslash \\ newline \n tab \t bell \u0007 slash / é 日本 😀"#))
        let parsed = try #require(try jsonObject(data) as? [String: Any])
        #expect(parsed["payload"] as? String == tricky)
        let values = (parsed["attributes"] as? [String: Any])?["k\"ey"] as? [Any]
        #expect(values?.count == 5)
        #expect(values?[1] as? Double == 2.5)
        #expect(values?[3] is NSNull)
    }

    @Test("Written numbers read back to the same values")
    func numbersRoundTrip() throws {
        var widths = Widths()
        widths.i64 = .min
        widths.u64 = .max
        widths.double = 0.1 + 0.2
        widths.float = 1.0e-7
        let data = try JSONMapper().data(from: widths)
        let again = try JSONMapper().map(Widths.self, from: data)
        #expect(again.i64 == .min)
        #expect(again.u64 == .max)
        #expect(again.float == 1.0e-7)
        // The writer emits the shortest text that reads back exactly. (JSONSerialization on Linux reads
        // this one as 0.3000000000000001: its number parser is not correctly rounded.)
        #expect(String(decoding: data, as: UTF8.self).contains(#""double":0.30000000000000004"#))
        #expect(Double("0.30000000000000004") == 0.1 + 0.2)
    }
}

/// A class whose fields hold no models: writing need not track its instances for cycles.
class Leaf: Mappable {
    var id = 0
    required init() {}
}

/// A subclass of a leaf whose own field holds a model: a cycle can pass through it.
final class LinkedLeaf: Leaf {
    var next: Leaf?
    required init() {}
}

final class LeafHolder: Mappable {
    var leaf: Leaf?
    var leaves: [Leaf]?
    var byName: [String: Leaf]?
    required init() {}
}
