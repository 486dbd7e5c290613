import Foundation
import ReflectMap
import Testing

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("Eight tasks map the same payload at once and agree")
    func eightTasksAtOnce() async throws {
        let data = try fixture("twitter")
        // A translator of its own, so its plan cache starts empty and the tasks race to build it.
        let translator = KeyTranslator.custom(name: "snake") { KeyTranslator.snakeCase.key(for: $0) }
        let sums = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let search = try JSONMapper(keyTranslator: translator).map(TwitterSearch.self, from: data)
                    return search.statuses.map(\.user.followersCount).reduce(0, +)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sums == Array(repeating: 52184, count: 8))
    }

    @Test("Eight tasks map eight never-seen model graphs at once through one mapper, and every result is right")
    func eightGraphsAtOnce() async throws {
        // A translator of its own: the cache starts empty, and the tasks build all 24 types at once.
        let mapper = JSONMapper(keyTranslator: .custom(name: "race") { KeyTranslator.snakeCase.key(for: $0) })
        let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<8 {
                group.addTask { (index, try mapRaceGraph(index, with: mapper, prepareFirst: index.isMultiple(of: 2))) }
            }
            return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }
        for index in 0..<8 {
            #expect(results[index] == "g\(index) \(index) 1.5/on,\(Double(index) + 0.25)/off on [\"x\"]")
        }
    }
}

// Eight model graphs that no other test maps, each a root, a leaf and a raw-value enum, so that eight
// tasks build different plans through one cache at the same time.

enum RaceKindA: String { case on, off }
final class RaceLeafA: Mappable {
    var weight = 0.0
    var kind = RaceKindA.off
    required init() {}
}
struct RaceRootA: Mappable {
    var name = ""
    var countA = 0
    var leaves: [RaceLeafA] = []
    var best: RaceLeafA?
    var tags: Set<String> = []
}

enum RaceKindB: String { case on, off }
final class RaceLeafB: Mappable {
    var weight = 0.0
    var kind = RaceKindB.off
    required init() {}
}
struct RaceRootB: Mappable {
    var name = ""
    var countB = 0
    var leaves: [RaceLeafB] = []
    var best: RaceLeafB?
    var tags: Set<String> = []
}

enum RaceKindC: String { case on, off }
final class RaceLeafC: Mappable {
    var weight = 0.0
    var kind = RaceKindC.off
    required init() {}
}
struct RaceRootC: Mappable {
    var name = ""
    var countC = 0
    var leaves: [RaceLeafC] = []
    var best: RaceLeafC?
    var tags: Set<String> = []
}

enum RaceKindD: String { case on, off }
final class RaceLeafD: Mappable {
    var weight = 0.0
    var kind = RaceKindD.off
    required init() {}
}
struct RaceRootD: Mappable {
    var name = ""
    var countD = 0
    var leaves: [RaceLeafD] = []
    var best: RaceLeafD?
    var tags: Set<String> = []
}

enum RaceKindE: String { case on, off }
final class RaceLeafE: Mappable {
    var weight = 0.0
    var kind = RaceKindE.off
    required init() {}
}
struct RaceRootE: Mappable {
    var name = ""
    var countE = 0
    var leaves: [RaceLeafE] = []
    var best: RaceLeafE?
    var tags: Set<String> = []
}

enum RaceKindF: String { case on, off }
final class RaceLeafF: Mappable {
    var weight = 0.0
    var kind = RaceKindF.off
    required init() {}
}
struct RaceRootF: Mappable {
    var name = ""
    var countF = 0
    var leaves: [RaceLeafF] = []
    var best: RaceLeafF?
    var tags: Set<String> = []
}

enum RaceKindG: String { case on, off }
final class RaceLeafG: Mappable {
    var weight = 0.0
    var kind = RaceKindG.off
    required init() {}
}
struct RaceRootG: Mappable {
    var name = ""
    var countG = 0
    var leaves: [RaceLeafG] = []
    var best: RaceLeafG?
    var tags: Set<String> = []
}

enum RaceKindH: String { case on, off }
final class RaceLeafH: Mappable {
    var weight = 0.0
    var kind = RaceKindH.off
    required init() {}
}
struct RaceRootH: Mappable {
    var name = ""
    var countH = 0
    var leaves: [RaceLeafH] = []
    var best: RaceLeafH?
    var tags: Set<String> = []
}

/// Maps graph `index` (0–7) and returns what it read: the count, the leaves' weights and kinds.
func mapRaceGraph(_ index: Int, with mapper: JSONMapper, prepareFirst: Bool) throws -> String {
    let count = "count_" + String("ABCDEFGH".dropFirst(index).prefix(1)).lowercased()
    let document = json(
        #"{"name": "g\#(index)", "\#(count)": \#(index), "leaves": [{"weight": 1.5, "kind": "on"}, {"weight": \#(index).25}], "best": {"kind": "on"}, "tags": ["x"]}"#
    )
    func summary(
        _ name: String, _ count: Int, _ leaves: [(Double, String)], _ best: String?, _ tags: Set<String>
    ) -> String {
        "\(name) \(count) \(leaves.map { "\($0.0)/\($0.1)" }.joined(separator: ",")) \(best ?? "-") \(tags.sorted())"
    }
    switch index {
    case 0:
        if prepareFirst { try mapper.prepare([RaceRootA.self]) }
        let root = try mapper.map(RaceRootA.self, from: document)
        return summary(
            root.name, root.countA, root.leaves.map { ($0.weight, $0.kind.rawValue) }, root.best?.kind.rawValue,
            root.tags)
    case 1:
        if prepareFirst { try mapper.prepare([RaceRootB.self]) }
        let root = try mapper.map(RaceRootB.self, from: document)
        return summary(
            root.name, root.countB, root.leaves.map { ($0.weight, $0.kind.rawValue) }, root.best?.kind.rawValue,
            root.tags)
    case 2:
        if prepareFirst { try mapper.prepare([RaceRootC.self]) }
        let root = try mapper.map(RaceRootC.self, from: document)
        return summary(
            root.name, root.countC, root.leaves.map { ($0.weight, $0.kind.rawValue) }, root.best?.kind.rawValue,
            root.tags)
    case 3:
        if prepareFirst { try mapper.prepare([RaceRootD.self]) }
        let root = try mapper.map(RaceRootD.self, from: document)
        return summary(
            root.name, root.countD, root.leaves.map { ($0.weight, $0.kind.rawValue) }, root.best?.kind.rawValue,
            root.tags)
    case 4:
        if prepareFirst { try mapper.prepare([RaceRootE.self]) }
        let root = try mapper.map(RaceRootE.self, from: document)
        return summary(
            root.name, root.countE, root.leaves.map { ($0.weight, $0.kind.rawValue) }, root.best?.kind.rawValue,
            root.tags)
    case 5:
        if prepareFirst { try mapper.prepare([RaceRootF.self]) }
        let root = try mapper.map(RaceRootF.self, from: document)
        return summary(
            root.name, root.countF, root.leaves.map { ($0.weight, $0.kind.rawValue) }, root.best?.kind.rawValue,
            root.tags)
    case 6:
        if prepareFirst { try mapper.prepare([RaceRootG.self]) }
        let root = try mapper.map(RaceRootG.self, from: document)
        return summary(
            root.name, root.countG, root.leaves.map { ($0.weight, $0.kind.rawValue) }, root.best?.kind.rawValue,
            root.tags)
    case 7:
        if prepareFirst { try mapper.prepare([RaceRootH.self]) }
        let root = try mapper.map(RaceRootH.self, from: document)
        return summary(
            root.name, root.countH, root.leaves.map { ($0.weight, $0.kind.rawValue) }, root.best?.kind.rawValue,
            root.tags)
    default:
        return ""
    }
}
