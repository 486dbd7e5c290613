// Finding F2 (see README.md): two spellings of one dictionary key ("1" and "01" in an [Int: V], a
// UUID in upper and lower case) in one JSON object. Which value the model keeps depends on hash
// order: it changes from call to call in one process, and the routes disagree.
// Replay: Fuzz/Shapes/shapefuzz.py --replay Fuzz/Shapes/findings/F2-dictionary-key-spellings.swift
// Exits 0 (and prints "F2 fixed") once every call gives the same answer.
import Foundation
import ReflectMap

struct Holder: Mappable {
    var byId: [Int: String] = [:]
    var byUUID: [UUID: String] = [:]
}

/// Everything in a function, so that LeakSanitizer sees no globals left at exit.
func replay() throws -> Int32 {
    let data = Data(#"{"byId": {"1": "one", "01": "zero-one", "+1": "plus-one"}, "byUUID": {"E621E1F8-C36C-495A-93FC-0C247A3E6E5F": "upper", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f": "lower"}}"#.utf8)
    let object = try JSONSerialization.jsonObject(with: data)
    let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    var unstable = false
    for mode in [MappingMode.lenient, .strict] {
        let mapper = JSONMapper(mode: mode)
        var answers: [String: Int] = [:]
        for _ in 0..<40 {
            for (route, read) in [("bytes", { try mapper.map(Holder.self, from: data) }),
                                  ("bytes+report", { try mapper.mapWithReport(Holder.self, from: data).value }),
                                  ("object", { try mapper.map(Holder.self, fromJSONObject: object) })] as [(String, () throws -> Holder)] {
                let answer: String
                do {
                    let holder = try read()
                    answer = "byId[1] = \(holder.byId[1] ?? "nil"), byUUID = \(holder.byUUID[uuid] ?? "nil")"
                } catch {
                    answer = "error: \(error)"
                }
                answers["\(route): \(answer)", default: 0] += 1
            }
        }
        print("\(mode):")
        for (answer, count) in answers.sorted(by: { $0.key < $1.key }) { print("  \(count)× \(answer)") }
        if Set(answers.keys.map { $0.split(separator: ":", maxSplits: 1)[1] }).count > 1 { unstable = true }
    }
    print(unstable ? "F2 still there: the answer depends on hash order" : "F2 fixed: one answer")
    return unstable ? 1 : 0
}

exit(try replay())
