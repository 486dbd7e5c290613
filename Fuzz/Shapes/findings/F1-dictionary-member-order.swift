// Finding F1 (model-shape fuzzer, first seen with seed 1, documents M4/0 and M4/4): in strict mode, when
// several members of a `[String: Value]` dictionary property fail, the byte route reports the first
// failing member in document order, while the JSONSerialization-object route reports whichever member
// the dictionary it is given happens to yield first. So the two routes throw different errors for one
// document, and the object route's error even changes with the dictionary's capacity.
//
// Replay: Fuzz/Shapes/shapefuzz.py --replay Fuzz/Shapes/findings/F1-dictionary-member-order.swift
// Exits 0 once both routes (and every member order) give the same error.
import Foundation
import ReflectMap

struct Price: Mappable {
    var amount = 0
}

struct Catalog: Mappable {
    var counts: [String: Int] = [:]
    var prices: [String: Price] = [:]
}

let mapper = JSONMapper(mode: .strict)
let keys = (0..<8).map { "k\($0)" }
let documents = [
    #"{"counts":{"# + keys.map { #""\#($0)":"\#($0)""# }.joined(separator: ",") + "}}",
    #"{"counts":{},"prices":{"# + keys.map { #""\#($0)":{"amount":"\#($0)"}"# }.joined(separator: ",") + "}}",
]

func failure(_ read: () throws -> Catalog) -> String {
    do {
        _ = try read()
        return "no error"
    } catch {
        return "\(error)"
    }
}

/// The same object with every JSON object copied into a Swift dictionary of another capacity.
func reordered(_ object: Any, capacity: Int) -> Any {
    if let dictionary = object as? [String: Any] {
        var copy = [String: Any](minimumCapacity: capacity)
        for (key, value) in dictionary { copy[key] = reordered(value, capacity: capacity) }
        return copy
    }
    return object
}

var disagreements = 0
for document in documents {
    let data = Data(document.utf8)
    let fromData = failure { try mapper.map(Catalog.self, from: data) }
    print("document:     \(document)")
    print("Data route:   \(fromData)")
    guard let object = try? JSONSerialization.jsonObject(with: data) else { continue }
    for capacity in [0, 16, 64, 256] {
        let input = capacity == 0 ? object : reordered(object, capacity: capacity)
        let fromObject = failure { try mapper.map(Catalog.self, fromJSONObject: input) }
        let label = capacity == 0 ? "JSONSerialization's object" : "same object, capacity \(capacity)"
        print("object route (\(label)): \(fromObject)")
        if fromObject != fromData { disagreements += 1 }
    }
}
print(disagreements == 0 ? "F1 fixed: both routes agree" : "F1 reproduced: \(disagreements) disagreements")
exit(disagreements == 0 ? 0 : 1)
