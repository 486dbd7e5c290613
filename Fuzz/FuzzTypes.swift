// Adapters, transforms, key paths and polymorphism under the fuzz target (built with FuzzTarget.swift by Fuzz/run.sh): models
// that use a registered adapter, @JSONTransform, nested @JSONKey paths, a JSONPolymorphic class
// hierarchy, Sets and keyed dictionaries, Codable properties and didFinishMapping hooks that reject,
// and the invariants `checkTypes` holds them to. Seed inputs for them are in Fuzz/corpus/, and
// Fuzz/fuzz.dict gives libFuzzer their keys and discriminators.
import Foundation

// MARK: - A registered adapter that throws on bad input

/// An amount in a currency: `"-12.30 USD"`.
struct FuzzMoney: Equatable, Sendable {
    var cents: Int64 = 0
    var currency = "USD"
}

struct NotMoney: Error, CustomStringConvertible {
    var text: String
    var description: String { "\(text) is not an amount with a currency" }
}

/// Reads `[-]digits[.dd] CCC` (at most 12 digits, a three-letter upper-case currency), writes
/// `[-]d.dd CCC`. Writing the currency `ERR` throws, so that writer errors have a path too.
struct FuzzMoneyAdapter: JSONAdapter {
    func read(_ json: JSONValue) throws -> FuzzMoney {
        guard case .string(let text) = json else { throw NotMoney(text: "a non-string") }
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 3,
              parts[1].allSatisfy({ $0.isASCII && $0.isUppercase }) else { throw NotMoney(text: text) }
        var amount = Substring(parts[0])
        let negative = amount.first == "-"
        if negative { amount = amount.dropFirst() }
        let pieces = amount.split(separator: ".", omittingEmptySubsequences: false)
        let digits: (Substring) -> Bool = { !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }
        guard (1...2).contains(pieces.count), digits(pieces[0]), pieces[0].count <= 12,
              let whole = Int64(pieces[0]) else { throw NotMoney(text: text) }
        var cents = whole * 100
        if pieces.count == 2 {
            guard pieces[1].count == 2, digits(pieces[1]), let fraction = Int64(pieces[1]) else {
                throw NotMoney(text: text)
            }
            cents += fraction
        }
        return FuzzMoney(cents: negative ? -cents : cents, currency: String(parts[1]))
    }

    func write(_ value: FuzzMoney) throws -> JSONValue {
        if value.currency == "ERR" { throw NotMoney(text: "the currency ERR") }
        let magnitude = value.cents.magnitude
        let fraction = magnitude % 100 < 10 ? "0\(magnitude % 100)" : "\(magnitude % 100)"
        return .string("\(value.cents < 0 ? "-" : "")\(magnitude / 100).\(fraction) \(value.currency)")
    }
}

// MARK: - Hooks

/// How often hooks ran and threw since the last `reset` (the fuzz target is single-threaded).
enum FuzzHooks {
    nonisolated(unsafe) static var runs = 0
    nonisolated(unsafe) static var rejections = 0
    static func reset() { runs = 0; rejections = 0 }
    static func run(rejecting: Bool) throws {
        runs += 1
        if rejecting {
            rejections += 1
            throw HookRejection()
        }
    }
}

struct HookRejection: Error, CustomStringConvertible {
    var description: String { "the hook refused the model" }
}

// MARK: - A polymorphic hierarchy

class FuzzShape: JSONPolymorphic, @unchecked Sendable {
    class var typeKey: String { "kind" }
    class var subtypes: [String: any Mappable.Type] {
        ["circle": FuzzCircle.self, "rect": FuzzRect.self, "group": FuzzGroup.self]
    }
    var label = ""
    required init() {}
    func didFinishMapping() throws { try FuzzHooks.run(rejecting: label == "reject") }
}

final class FuzzCircle: FuzzShape, @unchecked Sendable {
    var radius = 0.0
    var fill: FuzzMoney?
    override func didFinishMapping() throws {
        try super.didFinishMapping()
        if radius < 0 {
            FuzzHooks.rejections += 1
            throw HookRejection()
        }
    }
}

final class FuzzRect: FuzzShape, @unchecked Sendable {
    @JSONKey(path: "size.w") var width = 0
    @JSONKey(path: "size.h", alternates: "h") var height = 0
    /// Derived by the hook, and written: reading it back must give the same.
    var area = 0
    override func didFinishMapping() throws {
        try super.didFinishMapping()
        area = width.multipliedReportingOverflow(by: height).partialValue
    }
}

final class FuzzGroup: FuzzShape, @unchecked Sendable {
    var members: [FuzzShape] = []
    var lead: FuzzShape?
    var byName: [String: FuzzShape] = [:]
}

// MARK: - Other models

enum FuzzColour: String, Sendable, Codable {
    case red, green, blue
}

enum FuzzLevel: Int, Sendable {
    case low = 1, high = 2
}

/// A Codable struct that is not Mappable, and an enum with associated values.
struct FuzzCodable: Codable, Sendable {
    var a = 0
    var b: [String]?
}

enum FuzzPet: Codable, Sendable {
    case dog(name: String)
    case cat(lives: Int)
}

struct FuzzLine: Mappable {
    var sku = ""
    var qty = 1
    var price = FuzzMoney()
    func didFinishMapping() throws { try FuzzHooks.run(rejecting: qty == 13 || qty < 0) }
}

/// A class model: an array of it is made in the buffer class of class instances, and a dictionary of
/// it gathers its members before they go in.
final class FuzzClassLine: Mappable {
    var sku = ""
    var qty = 1
    required init() {}
    func didFinishMapping() throws { try FuzzHooks.run(rejecting: qty == 13 || qty < 0) }
}

struct FuzzTyped: Mappable {
    // A registered adapter, plain and in an optional, an array and a dictionary.
    var price = FuzzMoney()
    var discount: FuzzMoney?
    var prices: [FuzzMoney] = []
    var priceByCode: [String: FuzzMoney] = [:]
    // Transforms.
    @JSONTransform(SecondsSince1970()) var at = Date(timeIntervalSince1970: 0)
    @JSONTransform(MillisecondsSince1970()) var atMs: Date?
    @JSONTransform(DateFormat("yyyy-MM-dd"), key: "day_text") var day = Date(timeIntervalSince1970: 0)
    @JSONTransform(NumberAsString<Int64>(), key: "id_str") var id: Int64 = 0
    @JSONTransform(LossyArray<FuzzLine>()) var lossy: [FuzzLine] = []
    @JSONTransform(FuzzMoneyAdapter(), key: "total_text") var total = FuzzMoney()
    // Nested key paths, with an alternate, sharing prefixes, and holding an adapted type.
    @JSONKey(path: "geo.lat") var lat = 0.0
    @JSONKey(path: "geo.lng", alternates: "lng") var lng = 0.0
    @JSONKey(path: "meta.a.b") var deep: Int?
    @JSONKey(path: "meta.a.cost") var cost = FuzzMoney()
    @JSONKey(path: "meta.note", alternates: "note", "memo") var note = ""
    // Polymorphism: an array, a property, an optional and dictionary values.
    var shapes: [FuzzShape] = []
    var main = FuzzShape()
    var spare: FuzzShape?
    var shapeByName: [String: FuzzShape] = [:]
    // Sets and keyed dictionaries.
    var tagSet: Set<String> = []
    var idSet: Set<Int> = []
    var byId: [Int: String] = [:]
    var bySmall: [UInt8: Int] = [:]
    var byUUID: [UUID: FuzzLine] = [:]
    var byColour: [FuzzColour: Int] = [:]
    var byLevel: [FuzzLevel: Bool] = [:]
    // Models with hooks, and Codable properties.
    var lines: [FuzzLine] = []
    var line: FuzzLine?
    var classLines: [FuzzClassLine] = []
    var classLineBySku: [String: FuzzClassLine] = [:]
    var classLineGrid: [[FuzzClassLine]] = []
    var codable: FuzzCodable?
    var pet: FuzzPet?

    func didFinishMapping() throws { try FuzzHooks.run(rejecting: note == "reject") }
}

// MARK: - Invariants

/// What `data(from:)` wrote, parsed, with Set-valued members sorted (a Set is written in its
/// iteration order), or the writer's error.
enum FuzzWritten: Equatable {
    case json(JSONValue)
    case error(MappingError.Kind, String)
}

/// One read: the model written back and the report, or the error's kind and path.
enum FuzzOutcome: Equatable {
    case mapped(FuzzWritten, MappingReport?)
    case failed(MappingError.Kind, String)

    var withoutReport: FuzzOutcome {
        if case .mapped(let written, _) = self { return .mapped(written, nil) }
        return self
    }

    /// The outcome without what the report's entries quote of the input. Beyond 38 digits the
    /// dictionary route holds a number as a rounded Decimal, as JSONSerialization does, so an entry
    /// that quotes one differs by design.
    var withoutQuotedValues: FuzzOutcome {
        guard case .mapped(let written, var report?) = self else { return self }
        let unquoted: ([MappingReport.Entry]) -> [MappingReport.Entry] = { entries in
            entries.map { entry in
                var entry = entry
                entry.message = ""
                entry.value = nil
                return entry
            }
        }
        report.coercions = unquoted(report.coercions)
        report.skipped = unquoted(report.skipped)
        report.unknownValues = unquoted(report.unknownValues)
        return .mapped(written, report)
    }
}

let fuzzSetKeys: Set<String> = ["tagSet", "idSet"]

func canonical(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let elements): return .array(elements.map(canonical))
    case .object(let members):
        var copy: [String: JSONValue] = [:]
        for (key, member) in members {
            if fuzzSetKeys.contains(key), case .array(let elements) = member {
                copy[key] = .array(elements.map(canonical).sorted { "\($0)" < "\($1)" })
            } else {
                copy[key] = canonical(member)
            }
        }
        return .object(copy)
    default: return value
    }
}

func fuzzWrite<T: Mappable>(_ mapper: JSONMapper, _ value: T) -> FuzzWritten {
    do {
        let data = try mapper.data(from: value)
        guard let json = try? JSONValue(parsing: data, maxDepth: 100_000) else {
            fatalError("data(from:) wrote invalid JSON: \(String(decoding: data, as: UTF8.self).prefix(500))")
        }
        return .json(canonical(json))
    } catch let error as MappingError {
        return .error(error.kind, error.path)
    } catch {
        fatalError("data(from:) threw something other than MappingError: \(error)")
    }
}

func fuzzRead<T: Mappable>(_ mapper: JSONMapper, _ read: () throws -> (T, MappingReport?)) -> (FuzzOutcome, T?) {
    do {
        let (value, report) = try read()
        return (.mapped(fuzzWrite(mapper, value), report), value)
    } catch let error as MappingError {
        return (.failed(error.kind, error.path), nil)
    } catch {
        fatalError("mapping threw something other than MappingError: \(error)")
    }
}

func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String, _ a: FuzzOutcome? = nil, _ b: FuzzOutcome? = nil) {
    guard !condition else { return }
    var text = message()
    if let a { text += "\n  A: \(describe(a).prefix(3_000))" }
    if let b { text += "\n  B: \(describe(b).prefix(3_000))" }
    if case .mapped(.json(let x), _)? = a, case .mapped(.json(let y), _)? = b {
        text += "\n  differences:" + differences(x, y, at: "").prefix(12).map { "\n    \($0)" }.joined()
    }
    fatalError(text)
}

/// Compact JSON text, keys sorted.
func jsonText(_ value: JSONValue) -> String {
    var writer = JSONWriter(settings: WriteSettings(), toTree: false)
    guard (try? writer.writeJSONValue(value)) != nil else { return "\(value)" }
    return String(decoding: writer.output.bytes, as: UTF8.self)
}

func describe(_ outcome: FuzzOutcome) -> String {
    switch outcome {
    case .failed(let kind, let path): return "error \(kind) at \"\(path)\""
    case .mapped(let written, let report):
        let model = switch written {
        case .json(let json): jsonText(json)
        case .error(let kind, let path): "write error \(kind) at \"\(path)\""
        }
        return model + (report.map { "\n     report: \($0)" } ?? "")
    }
}

/// Where two JSON values differ, as `path: a ≠ b` lines.
func differences(_ a: JSONValue, _ b: JSONValue, at path: String) -> [String] {
    if a == b { return [] }
    switch (a, b) {
    case (.object(let x), .object(let y)):
        return Set(x.keys).union(y.keys).sorted().flatMap { key -> [String] in
            let place = path.isEmpty ? key : "\(path).\(key)"
            switch (x[key], y[key]) {
            case (let p?, let q?): return differences(p, q, at: place)
            case (let p?, nil): return ["\(place): \(jsonText(p).prefix(300)) ≠ (absent)"]
            case (nil, let q?): return ["\(place): (absent) ≠ \(jsonText(q).prefix(300))"]
            default: return []
            }
        }
    case (.array(let x), .array(let y)) where x.count == y.count:
        return zip(x, y).enumerated().flatMap { differences($0.element.0, $0.element.1, at: "\(path)[\($0.offset)]") }
    default:
        return ["\(path): \(jsonText(a).prefix(300)) ≠ \(jsonText(b).prefix(300))"]
    }
}

/// Whether an error is one the byte route may give where the tree route cannot (it never sees the
/// text) or gives another answer by design.
func isInputError(_ kind: MappingError.Kind) -> Bool {
    switch kind {
    case .malformedJSON, .nestingTooDeep: return true
    default: return false
    }
}

/// Made once: a mapper keeps its plans, and building them for every input would be most of the work.
let typedMappers = [JSONMapper(mode: .lenient, adapters: [FuzzMoneyAdapter()]),
                    JSONMapper(mode: .strict, adapters: [FuzzMoneyAdapter()])]

/// One model per input, chosen by the JSON's shape, so that the fuzz target keeps most of its speed:
/// an array is read as `[FuzzShape]`, an object with a `kind` as a `FuzzShape`, anything else
/// (other objects, scalars, invalid JSON) as a `FuzzTyped`.
func checkTypes(_ data: Data, _ parsed: JSONValue?) {
    for mapper in typedMappers {
        switch parsed {
        case .array?: checkType([FuzzShape].self, data, parsed, mapper, update: false)
        case .object(let members)? where members["kind"] != nil: checkType(FuzzShape.self, data, parsed, mapper, update: false)
        default: checkType(FuzzTyped.self, data, parsed, mapper, update: true)
        }
    }
}

/// Whether an object anywhere in the document repeats one of its keys.
func repeatsAKey(_ data: Data) -> Bool {
    func scan(_ scanner: inout JSONScanner) throws -> Bool {
        var repeated = false
        switch try scanner.peek() {
        case .openBrace:
            scanner.enterContainer()
            var keys: Set<String> = []
            var first = true
            while let span = try scanner.nextKey(first: first) {
                first = false
                if !keys.insert(try scanner.string(span)).inserted { repeated = true }
                if try scan(&scanner) { repeated = true }
            }
        case .openBracket:
            scanner.enterContainer()
            var first = true
            while try scanner.nextElement(first: first) {
                first = false
                if try scan(&scanner) { repeated = true }
            }
        default:
            try scanner.skipValue(depthBudget: 1, limit: 1)
        }
        return repeated
    }
    return InputBytes.reading(data) { bytes in
        var scanner = JSONScanner(bytes: bytes)
        return (try? scan(&scanner)) ?? false
    }
}

func checkType<T: Mappable>(_ type: T.Type, _ data: Data, _ parsed: JSONValue?, _ mapper: JSONMapper, update: Bool) {
    // Set to true to let a known, not yet fixed divergence through while fuzzing for others.
    let knownFinding = false
    let name = "\(T.self) (\(mapper.mode == .strict ? "strict" : "lenient"))"
    FuzzHooks.reset()
    let (bytes, value) = fuzzRead(mapper) { try mapper.mapWithReport(T.self, from: data) }
    let byteHooks = (FuzzHooks.runs, FuzzHooks.rejections)

    // Only malformed JSON, depth, and the top-level value may make lenient mode throw.
    if mapper.mode == .lenient, case .failed(let kind, let path) = bytes {
        fuzzCheck(path.isEmpty || isInputError(kind), "\(name): lenient mode threw below the top level", bytes)
    }
    if case .failed(let kind, _) = bytes, isInputError(kind) {
        fuzzCheck(parsed == nil || exceedsMapperDepth(data), "\(name): mapping called valid JSON malformed", bytes)
    }
    if case .mapped = bytes {
        fuzzCheck(parsed != nil, "\(name): mapping accepted JSON that JSONValue rejects", bytes)
    }
    let (plain, _) = fuzzRead(mapper) { (try mapper.map(T.self, from: data), nil) }
    fuzzCheck(knownFinding || plain == bytes.withoutReport, "\(name): map and mapWithReport disagree on the same bytes", bytes, plain)

    guard let parsed, !exceedsMapperDepth(data) else { return }
    FuzzHooks.reset()
    let (tree, _) = fuzzRead(mapper) { try mapper.mapWithReport(T.self, fromJSONObject: parsed.jsonObject) }
    let sameOutcome =
        bytes == tree || (hasLongDigitRun(data) && bytes.withoutQuotedValues == tree.withoutQuotedValues)
    fuzzCheck(knownFinding || sameOutcome, "\(name): the byte and dictionary routes disagree", bytes, tree)
    // A repeated key's earlier value is read too, and its models' hooks run before it is replaced;
    // a dictionary holds only the last value. A read that failed ran the hooks of what it read before
    // the failure, and a dictionary's members come in the input's order on the byte route and in
    // hash order in a tree: only a read that succeeded has read the same models on both.
    if !knownFinding, case .mapped = bytes, byteHooks.1 == 0 && FuzzHooks.rejections == 0, !repeatsAKey(data) {
        fuzzCheck(byteHooks.0 == FuzzHooks.runs,
                  "\(name): hooks ran \(byteHooks.0) times on the byte route, \(FuzzHooks.runs) on the dictionary route")
    }

    if update, !knownFinding { checkUpdate(T.self, data, mapper, bytes, name) }

    // Writing and reading back: a fixed point in the same mode, and strictly clean where the first
    // read was clean; through bytes and through jsonObject(from:).
    guard let value, case .mapped(.json(let written), let report) = bytes, let report else { return }
    guard let text = try? mapper.data(from: value) else { fatalError("\(name): data(from:) failed the second time") }
    let (again, _) = fuzzRead(mapper) { try mapper.mapWithReport(T.self, from: text) }
    guard case .mapped(let writtenAgain, _) = again else {
        fuzzCheck(false, "\(name): what data(from:) wrote does not read back: \(String(decoding: text, as: UTF8.self).prefix(2_000))", bytes, again)
        return
    }
    fuzzCheck(writtenAgain == .json(written), "\(name): write → read → write changed the JSON", bytes, again)
    if report.isClean {
        let strict = typedMappers[1]
        let (strictAgain, _) = fuzzRead(strict) { try strict.mapWithReport(T.self, from: text) }
        fuzzCheck(strictAgain == .mapped(.json(written), MappingReport()),
                  "\(name): a clean read written back does not read back cleanly in strict mode", bytes, strictAgain)
    }
    do {
        let object = try mapper.jsonObject(from: value)
        let (viaObject, _) = fuzzRead(mapper) { (try mapper.map(T.self, fromJSONObject: object), nil) }
        fuzzCheck(viaObject == .mapped(.json(written), nil),
                  "\(name): jsonObject(from:) → map(fromJSONObject:) → data(from:) changed the JSON", bytes, viaObject)
    } catch {
        fatalError("\(name): data(from:) succeeded but jsonObject(from:) threw \(error)")
    }
}

/// `update(_:from:)` on a default value: in lenient mode it must agree with `map` (success, and the
/// model); in strict mode it must succeed with the same model wherever `map` succeeds (it only lets
/// missing keys pass).
func checkUpdate<T: Mappable>(_ type: T.Type, _ data: Data, _ mapper: JSONMapper, _ mapped: FuzzOutcome, _ name: String) {
    var value = T()
    let updated: FuzzOutcome
    do {
        try mapper.update(&value, from: data)
        updated = .mapped(fuzzWrite(mapper, value), nil)
    } catch let error as MappingError {
        updated = .failed(error.kind, error.path)
    } catch {
        fatalError("update threw something other than MappingError: \(error)")
    }
    switch (mapped, updated) {
    case (.mapped(let a, _), .mapped(let b, _)):
        fuzzCheck(a == b, "\(name): update(_:from:) on a default value and map give different models", mapped, updated)
    case (.mapped, .failed):
        fuzzCheck(false, "\(name): update(_:from:) throws where map succeeds", mapped, updated)
    case (.failed, .mapped):
        fuzzCheck(mapper.mode == .strict, "\(name): update(_:from:) succeeds where lenient map throws", mapped, updated)
    case (.failed, .failed):
        break
    }
}
