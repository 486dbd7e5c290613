import Foundation
import ReflectMap
import Testing

private struct Ledger: Mappable, Equatable {
    var note = ""
    var amount: Decimal = 0
    var big: JSONValue = .null
}

private struct BigAsDecimal: Mappable {
    var big: Decimal = 0
}

private enum Plan: String {
    case free, pro, team, enterprise
}

private struct Subscriber: Mappable {
    var plans: Set<Plan> = []
    var limits: [String: Int] = [:]
    var tags: Set<[String]> = []
}

/// A deterministic generator, so that a failure names the decimal that broke.
private struct SeededDigits: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}

@Suite("Exact values through JSONValue and deterministic writing")
struct ExactValueTests {
    @Test(
        "A long number with trailing zeros is described alike by the byte and dictionary routes",
        arguments: [
            "[10000000000000000.000]", "[1.0000000000000000000]", "[0.12345678901234567]", "[123456789012345678]",
        ])
    func longNumbersAgreeOnBothRoutes(text: String) {
        let outcome = bothRoutes([SampleChild].self, Data(text.utf8), JSONMapper())
        #expect(outcome.bytes == outcome.dictionary)
    }

    @Test(
        "A merge patch that does not name a Decimal leaves every digit of it",
        arguments: [
            "0.12345678901234567", "0.30000000000000001", "19.999999999999999", "12345678901234567890.123456789",
        ])
    func patchKeepsDecimal(text: String) throws {
        let mapper = JSONMapper()
        var ledger = Ledger(note: "a", amount: try #require(Decimal(string: text)))
        try mapper.apply(mergePatch: Data(#"{"note":"b"}"#.utf8), to: &ledger)
        #expect(ledger.note == "b")
        #expect(ledger.amount == Decimal(string: text), "\(text) became \(ledger.amount)")
    }

    @Test("A Decimal that changes only in its 17th digit is in the patch")
    func patchNamesSmallDecimalChange() throws {
        let mapper = JSONMapper()
        let patch = try mapper.mergePatch(
            from: Ledger(amount: try #require(Decimal(string: "0.3"))),
            to: Ledger(amount: try #require(Decimal(string: "0.30000000000000001")))
        )
        #expect(String(decoding: patch, as: UTF8.self) == #"{"amount":0.30000000000000001}"#)
    }

    @Test("Random decimals of 1 to 40 digits keep their value through map, JSONValue, write and map")
    func randomDecimalsRoundTrip() throws {
        var random = SeededDigits(state: 20_261_126)
        let mapper = JSONMapper()
        for _ in 0..<400 {
            // Half of them around a Double's limit, where 16 and 17 digits may or may not survive it.
            let count =
                Bool.random(using: &random)
                ? Int.random(in: 15...19, using: &random) : Int.random(in: 1...40, using: &random)
            var digits = String(Int.random(in: 1...9, using: &random))
            for _ in 1..<count { digits.append(String(Int.random(in: 0...9, using: &random))) }
            let exponent = Int.random(in: -20...20, using: &random)
            let negative = Bool.random(using: &random) ? "-" : ""
            let text =
                "\(negative)\(digits.prefix(1)).\(digits.dropFirst().isEmpty ? "0" : String(digits.dropFirst()))e\(exponent)"
            let expected = try #require(Decimal(string: text))
            let json = Data(#"{"amount": \#(text), "big": \#(text)}"#.utf8)
            let ledger = try mapper.map(Ledger.self, from: json)
            #expect(ledger.amount == expected, "\(text) read as \(ledger.amount)")
            // Through JSONValue: `big` holds the number as a JSONValue, and is written from it.
            let written = try mapper.data(from: ledger)
            let again = try mapper.map(Ledger.self, from: written)
            #expect(again.amount == expected && again.big == ledger.big, "\(text)")
            #expect(
                try mapper.map(BigAsDecimal.self, from: written).big == expected,
                "\(text) kept in JSONValue as \(ledger.big)")
        }
    }

    @Test("Equal sets of any element type, and equal dictionaries, write equal bytes")
    func equalModelsWriteEqualBytes() throws {
        for formatting: JSONMapper.OutputFormatting in [[], [.sortedKeys]] {
            var mapper = JSONMapper()
            mapper.outputFormatting = formatting
            var outputs: Set<Data> = []
            for round in 0..<20 {
                var subscriber = Subscriber()
                // Built in a different order each time, with different histories.
                let plans: [Plan] =
                    round.isMultiple(of: 2) ? [.free, .pro, .team, .enterprise] : [.enterprise, .team, .pro, .free]
                for plan in plans.shuffled() { subscriber.plans.insert(plan) }
                var limits: [String: Int] = [:]
                for key in (0..<12).map({ "k\($0)" }).shuffled() { limits[key] = key.count }
                if round.isMultiple(of: 3) { limits.reserveCapacity(200) }
                subscriber.limits = limits
                subscriber.tags = Set([["b"], ["a", "c"], []].shuffled())
                outputs.insert(try mapper.data(from: subscriber))
            }
            #expect(outputs.count == 1)
            let text = String(decoding: try #require(outputs.first), as: UTF8.self)
            #expect(text.contains(#""plans":["enterprise","free","pro","team"]"#), "\(text)")
            #expect(text.contains(#""tags":[["a","c"],["b"],[]]"#), "\(text)")
            #expect(text.contains(#""limits":{"k0":2,"k1":2,"k10":3"#), "\(text)")
        }
        let mapper = JSONMapper()
        for _ in 0..<20 {
            var a = Subscriber()
            var b = Subscriber()
            for plan in [Plan.free, .pro].shuffled() { a.plans.insert(plan) }
            for plan in [Plan.pro, .free].shuffled() { b.plans.insert(plan) }
            #expect(try mapper.mergePatch(from: a, to: b) == Data("{}".utf8))
        }
    }
}
