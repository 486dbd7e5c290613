import Foundation
import ReflectMap
import Testing

enum Mood: String {
    case happy, sad
}

struct Sample: Mappable {
    var int = 0
    var int8: Int8 = 0
    var uint64: UInt64 = 0
    var double = 0.0
    var float: Float = 0
    var flag = false
    var text = ""
    var optionalText: String?
    var decimal = Decimal(0)
    var link: URL?
    var mood = Mood.happy
    var when: Date?
    var numbers: [Int] = []
    var matrix: [[Double]] = []
    var optionalNumbers: [Int?] = []
    var child: SampleChild?
    var children: [SampleChild] = []
    var table: [String: Int] = [:]
    var raw: Any?
    var value: JSONValue?
    @JSONKey("title", alternates: "heading", "caption") var title = ""
}

struct SampleChild: Mappable {
    var id = 0
    var name: String?
    var tags: [String] = []
    var next: [SampleChild]?
}

/// What one route made of one input: the model written back as JSON and the report, or the error.
enum Outcome: Equatable, CustomStringConvertible {
    case mapped(json: String, report: MappingReport)
    case failed(kind: MappingError.Kind, path: String)

    init(_ body: () throws -> (some Mappable, MappingReport), mapper: JSONMapper) {
        do {
            let (model, report) = try body()
            self = .mapped(json: String(decoding: try mapper.data(from: model), as: UTF8.self), report: report)
        } catch let error as MappingError {
            self = .failed(kind: error.kind, path: error.path)
        } catch {
            self = .failed(kind: .malformedJSON("unexpected \(error)"), path: "")
        }
    }

    var description: String {
        switch self {
        case .mapped(let json, let report): return "mapped \(json.prefix(300)) \(report)"
        case .failed(let kind, let path): return "failed \(kind) at \(path)"
        }
    }
}

/// Maps the bytes through both routes: straight from the bytes, and from the dictionary that the
/// same bytes parse to (built by JSONValue, so that both routes see the very same numbers).
func bothRoutes<T: Mappable>(
    _ type: T.Type, _ data: Data, _ mapper: JSONMapper
) -> (bytes: Outcome, dictionary: Outcome) {
    let bytes = Outcome({ try mapper.mapWithReport(T.self, from: data) }, mapper: mapper)
    let dictionary = Outcome(
        {
            try mapper.mapWithReport(T.self, fromJSONObject: JSONValue(parsing: data).jsonObject)
        }, mapper: mapper)
    return (bytes, dictionary)
}

/// A small deterministic random generator (SplitMix64), so that a failure can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Writes random JSON documents for `Sample`: mostly well-typed, with wrong types, nulls, missing
/// keys, unknown keys and awkward numbers mixed in.
struct SampleCorpus {
    var random: SplitMix64
    /// At most this many deliberate faults per document (a wrong type, a null, a missing key).
    let maxFaults: Int
    /// The chance, in percent, that a member is a fault while faults remain.
    let faultPercent: UInt64
    /// The chance, in percent, that an object repeats one of its keys with another value.
    let repeatPercent: UInt64
    private var faults = 0

    init(seed: UInt64, maxFaults: Int, faultPercent: UInt64, repeatPercent: UInt64 = 0) {
        random = SplitMix64(state: seed)
        self.maxFaults = maxFaults
        self.faultPercent = faultPercent
        self.repeatPercent = repeatPercent
    }

    static let numbers = [
        "0", "-0", "1", "127", "128", "-129", "1.0", "1.5", "1e2", "-1E-2", "0.1", "3.4e38", "3.5e38", "1e308",
        "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616",
        "-9223372036854775808", "-9223372036854775809", "123456789.123456789", "0.30000000000000004", "2.5e-5",
    ]
    /// Numbers that every numeric property of `Sample` except `int8` and `uint64` holds exactly.
    static let fitting = ["0", "-0", "1", "127", "-129", "1.0", "1e2", "9223372036854775807", "-9223372036854775808"]
    static let strings = [
        #""plain""#, #""é\u00e9""#, #""\ud83d\ude00 smile""#, #""a\nb\t\"c\"""#, #""""#, #""12""#, #""-3.5""#,
        #""true""#, #""https://example.com/a?b=c""#, #""2024-05-01T12:30:00Z""#, #""happy""#, #""sad""#,
        #""not a url ^""#,
    ]

    mutating func pick(_ options: [String]) -> String {
        options[Int(random.next() % UInt64(options.count))]
    }

    mutating func chance(_ percent: UInt64) -> Bool {
        random.next() % 100 < percent
    }

    /// Any JSON value, nested at most `depth` deep.
    mutating func anyValue(depth: Int) -> String {
        switch random.next() % (depth > 0 ? 7 : 5) {
        case 0: return "null"
        case 1: return chance(50) ? "true" : "false"
        case 2: return pick(Self.numbers)
        case 3, 4: return pick(Self.strings)
        case 5:
            return "[" + (0..<Int(random.next() % 4)).map { _ in anyValue(depth: depth - 1) }.joined(separator: ", ")
                + "]"
        default:
            let members = (0..<Int(random.next() % 4)).map { index in "\"k\(index)\": \(anyValue(depth: depth - 1))" }
            return "{" + members.joined(separator: ", ") + "}"
        }
    }

    /// A member for one property: usually a value of the right kind, sometimes a fault.
    /// `faultDepth` 0 keeps a wrong value scalar, as a dictionary property's members get.
    mutating func member(_ key: String, faultDepth: Int = 2, _ wellTyped: (inout SampleCorpus) -> String) -> String? {
        if faults < maxFaults, chance(faultPercent) {
            faults += 1
            switch random.next() % 3 {
            case 0: return nil
            case 1: return "\"\(key)\": null"
            default: return "\"\(key)\": \(anyValue(depth: faultDepth))"
            }
        }
        return "\"\(key)\": \(wellTyped(&self))"
    }

    mutating func array(_ element: (inout SampleCorpus) -> String) -> String {
        "[" + (0..<Int(random.next() % 4)).map { _ in element(&self) }.joined(separator: ", ") + "]"
    }

    mutating func child(depth: Int) -> String {
        var members: [String?] = [
            member("id") { $0.pick(["1", "2", "300", "-4"]) },
            member("name") { $0.pick(SampleCorpus.strings) },
            member("tags") { $0.array { $0.pick(SampleCorpus.strings) } },
        ]
        if depth > 0, chance(30) { members.append(member("next") { $0.array { $0.child(depth: depth - 1) } }) }
        return object(members)
    }

    mutating func object(_ members: [String?], unknownKeys: Bool = true) -> String {
        var all = members.compactMap { $0 }
        if unknownKeys, chance(40) {
            let position = Int(random.next() % UInt64(all.count + 1))
            all.insert("\"unknown\(random.next() % 3)\": \(anyValue(depth: 3))", at: position)
        }
        if !all.isEmpty, chance(repeatPercent) {
            // The same key again, later in the object, with any value: only the last one counts.
            let original = all[Int(random.next() % UInt64(all.count))]
            let key = original.prefix { $0 != ":" }
            let position = Int(random.next() % UInt64(all.count + 1))
            let repeated = chance(50) ? original : "\(key): \(anyValue(depth: 0))"
            all.insert(repeated, at: max(position, (all.firstIndex(of: original) ?? 0) + 1))
        }
        return "{" + all.joined(separator: ", ") + "}"
    }

    mutating func document() -> Data {
        faults = 0
        let members: [String?] = [
            member("int") { $0.pick(SampleCorpus.fitting) },
            member("int8") { $0.pick(["1", "-128", "127", "5"]) },
            member("uint64") { $0.pick(["0", "18446744073709551615", "9223372036854775808"]) },
            member("double") { $0.pick(SampleCorpus.numbers) },
            member("float") { $0.pick(SampleCorpus.fitting + ["0.1", "3.4e38", "2.5e-5"]) },
            member("flag") { $0.pick(["true", "false"]) },
            member("text") { $0.pick(SampleCorpus.strings) },
            member("optionalText") { $0.pick(SampleCorpus.strings) },
            member("decimal") { $0.pick(SampleCorpus.numbers) },
            member("link") { $0.pick([#""https://example.com/a?b=c""#, #""/relative/path""#]) },
            member("mood") { $0.pick([#""happy""#, #""sad""#]) },
            member("when") { $0.pick([#""2024-05-01T12:30:00Z""#, #""2024-05-01T12:30:00.250Z""#]) },
            member("numbers") { $0.array { $0.pick(["1", "2", "-3", "40"]) } },
            member("matrix") { $0.array { $0.array { $0.pick(SampleCorpus.numbers) } } },
            member("optionalNumbers") { $0.array { $0.pick(["1", "null", "7"]) } },
            member("child") { $0.child(depth: 2) },
            member("children") { $0.array { $0.child(depth: 2) } },
            member("table", faultDepth: 0) { corpus in
                corpus.object(
                    (0..<Int(corpus.random.next() % 3)).map { "\"key\($0)\": \(corpus.pick(["1", "2", "3"]))" },
                    unknownKeys: false
                )
            },
            member("raw") { $0.anyValue(depth: 3) },
            member("value") { $0.anyValue(depth: 3) },
            // One of `title`'s keys, sometimes two, in any order: the preferred one must win.
            member(pick(["title", "heading", "caption"])) { $0.pick(SampleCorpus.strings) },
            chance(25) ? member(pick(["title", "heading", "caption"])) { $0.pick(SampleCorpus.strings) } : nil,
        ]
        return Data(object(members).utf8)
    }
}

@Suite("Differential: bytes and dictionary routes agree")
struct DifferentialTests {
    @Test("Every real payload gives identical models and reports on both routes")
    func realPayloads() throws {
        let snake = JSONMapper(keyTranslator: .snakeCase)
        let plain = JSONMapper()
        let cases: [(String, (bytes: Outcome, dictionary: Outcome))] = [
            ("twitter", bothRoutes(TwitterSearch.self, try fixture("twitter"), snake)),
            ("citm_catalog", bothRoutes(CitmCatalog.self, try fixture("citm_catalog"), plain)),
            (
                "citm_catalog strict",
                bothRoutes(CitmCatalog.self, try fixture("citm_catalog"), JSONMapper(mode: .strict))
            ),
            ("canada", bothRoutes(FeatureCollection.self, try fixture("canada"), plain)),
            ("github_events", bothRoutes([GitHubEvent].self, try fixture("github_events"), snake)),
        ]
        for (name, outcome) in cases {
            if case .failed = outcome.bytes { Issue.record("\(name) failed: \(outcome.bytes)") }
            #expect(outcome.bytes == outcome.dictionary, "\(name)")
        }
    }

    @Test("A generated corpus with faults gives identical outcomes in lenient mode", arguments: [1, 2, 3, 4])
    func lenientCorpus(seed: UInt64) {
        var corpus = SampleCorpus(seed: seed, maxFaults: 6, faultPercent: 12)
        let mapper = JSONMapper()
        for index in 0..<250 {
            let data = corpus.document()
            let outcome = bothRoutes(Sample.self, data, mapper)
            #expect(outcome.bytes == outcome.dictionary, "document \(index): \(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test(
        "A generated corpus with one fault per document gives the same model or the same error in strict mode",
        arguments: [5, 6, 7, 8])
    func strictCorpus(seed: UInt64) {
        var corpus = SampleCorpus(seed: seed, maxFaults: 1, faultPercent: 5)
        let mapper = JSONMapper(mode: .strict)
        var failures = 0
        for index in 0..<250 {
            let data = corpus.document()
            let outcome = bothRoutes(Sample.self, data, mapper)
            if case .failed = outcome.bytes { failures += 1 }
            #expect(outcome.bytes == outcome.dictionary, "document \(index): \(String(decoding: data, as: UTF8.self))")
        }
        // The corpus exercises both outcomes.
        #expect(failures > 20 && failures < 230)
    }

    @Test("Repeated keys and alternate keys give identical outcomes in both modes", arguments: [9, 10, 11])
    func repeatedKeysCorpus(seed: UInt64) {
        var corpus = SampleCorpus(seed: seed, maxFaults: 2, faultPercent: 8, repeatPercent: 30)
        for mapper in [JSONMapper(), JSONMapper(mode: .strict)] {
            for index in 0..<150 {
                let data = corpus.document()
                let outcome = bothRoutes(Sample.self, data, mapper)
                #expect(
                    outcome.bytes == outcome.dictionary, "document \(index): \(String(decoding: data, as: UTF8.self))")
            }
        }
    }

    @Test(
        "A generated corpus with several faults per document gives the same model or the same error in strict mode",
        arguments: [12, 13])
    func strictCorpusSeveralFaults(seed: UInt64) {
        var corpus = SampleCorpus(seed: seed, maxFaults: 4, faultPercent: 15)
        let mapper = JSONMapper(mode: .strict)
        for index in 0..<200 {
            let data = corpus.document()
            let outcome = bothRoutes(Sample.self, data, mapper)
            #expect(outcome.bytes == outcome.dictionary, "document \(index): \(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test(
        "Real payloads give the same models through JSONSerialization's own dictionaries",
        arguments: [
            "twitter", "citm_catalog", "github_events",
        ])
    func realPayloadsThroughJSONSerialization(name: String) throws {
        let data = try fixture(name)
        let mapper = JSONMapper(keyTranslator: name == "citm_catalog" ? .identity : .snakeCase)
        func written<T: Mappable>(_ type: T.Type) throws -> (Data, Data) {
            let bytes = try mapper.data(from: mapper.map(T.self, from: data))
            let dictionary = try mapper.data(
                from: mapper.map(T.self, fromJSONObject: JSONSerialization.jsonObject(with: data)))
            return (bytes, dictionary)
        }
        let (bytes, dictionary) =
            switch name {
            case "twitter": try written(TwitterSearch.self)
            case "citm_catalog": try written(CitmCatalog.self)
            default: try written([GitHubEvent].self)
            }
        #expect(bytes == dictionary)
    }

    @Test("The differential check itself notices a divergence")
    func detectsDivergence() {
        let mapper = JSONMapper()
        let one = bothRoutes(SampleChild.self, json(#"{"id": 1}"#), mapper)
        let two = bothRoutes(SampleChild.self, json(#"{"id": 2}"#), mapper)
        #expect(one.bytes == one.dictionary)
        #expect(one.bytes != two.dictionary)
    }
}
