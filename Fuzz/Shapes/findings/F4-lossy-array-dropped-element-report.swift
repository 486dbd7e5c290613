// Finding F4 (see README.md): in strict mode, LossyArray drops an element that misses a key. The
// byte route's report keeps the unmapped keys of the dropped element; the JSONSerialization-object
// route's report does not, or does, depending on the order it meets the element's members.
// Replay: Fuzz/Shapes/shapefuzz.py --replay Fuzz/Shapes/findings/F4-lossy-array-dropped-element-report.swift
// Exits 0 (and prints "F4 fixed") once every read gives the same report.
import Foundation
import ReflectMap

struct Item: Mappable {
    var a = 0
    var b = 0
}

struct Box: Mappable {
    @JSONTransform(LossyArray<Item>()) var items: [Item] = []
}

/// The same JSONSerialization object with each JSON object copied into a dictionary of another
/// capacity, so that its members come in another order (as Harness.swift.txt does).
func reordered(_ object: Any, capacity: Int) -> Any {
    if let dictionary = object as? [String: Any] {
        var copy = [String: Any](minimumCapacity: dictionary.count * capacity + capacity)
        for (key, value) in dictionary { copy[key] = reordered(value, capacity: capacity) }
        return copy
    }
    if let array = object as? [Any] { return array.map { reordered($0, capacity: capacity) } }
    return object
}

/// Everything in a function, so that LeakSanitizer sees no globals left at exit.
func replay() throws -> Int32 {
    let mapper = JSONMapper(mode: .strict)
    var answers: [String: [String]] = [:]
    for text in [#"{"items": [{"a": 1, "zz": true}, {"a": 2, "b": 3}]}"#, #"{"items": [{"zz": true, "a": 1}, {"a": 2, "b": 3}]}"#] {
        let data = Data(text.utf8)
        let object = try JSONSerialization.jsonObject(with: data)
        func describe(_ report: MappingReport) -> String {
            "unmappedKeys \(report.unmappedKeys), skipped \(report.skipped.map(\.path))"
        }
        answers[describe(try mapper.mapWithReport(Box.self, from: data).report), default: []].append("bytes \(text)")
        for capacity in [1, 2, 3, 5, 9, 17, 33] {
            let report = try mapper.mapWithReport(Box.self, fromJSONObject: reordered(object, capacity: capacity)).report
            answers[describe(report), default: []].append("object (capacity \(capacity)) \(text)")
        }
    }
    for (answer, reads) in answers.sorted(by: { $0.key < $1.key }) {
        print("\(answer):\n    " + Set(reads).sorted().joined(separator: "\n    "))
    }
    print(answers.count == 1 ? "F4 fixed: one report" : "F4 still there: \(answers.count) different reports")
    return answers.count == 1 ? 0 : 1
}

exit(try replay())
