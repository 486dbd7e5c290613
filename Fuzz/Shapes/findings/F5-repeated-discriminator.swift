// Finding F5 (see README.md): a JSON object that repeats its discriminator. The byte route creates
// the subtype the first occurrence names; the dictionary route (and JSONSerialization, where the
// last of a repeated key wins) the one the last occurrence names.
// Replay: Fuzz/Shapes/shapefuzz.py --replay Fuzz/Shapes/findings/F5-repeated-discriminator.swift
// Exits 0 (and prints "F5 fixed") once both routes create the same subtype.
import Foundation
import ReflectMap

class Animal: JSONPolymorphic {
    class var typeKey: String { "type" }
    class var subtypes: [String: any Mappable.Type] { ["dog": Dog.self, "cat": Cat.self] }
    var name = ""
    required init() {}
}

final class Dog: Animal { var barks = true }
final class Cat: Animal { var lives = 9 }

struct Shelter: Mappable {
    var animals: [Animal] = []
}

/// Everything in a function, so that LeakSanitizer sees no globals left at exit.
func replay() throws -> Int32 {
    var same = true
    for mode in [MappingMode.lenient, .strict] {
        let mapper = JSONMapper(mode: mode)
        for text in [#"{"animals": [{"type": "cat", "name": "Tom", "type": "dog"}]}"#,
                     #"{"animals": [{"type": "parrot", "name": "Polly", "type": "dog", "barks": false}]}"#] {
            let data = Data(text.utf8)
            func answer(_ read: () throws -> (value: Shelter, report: MappingReport)) -> String {
                do {
                    let (shelter, report) = try read()
                    return "\(shelter.animals.map { String(describing: type(of: $0)) }), skipped \(report.skipped.map(\.description))"
                } catch {
                    return "error: \(error)"
                }
            }
            let bytes = answer { try mapper.mapWithReport(Shelter.self, from: data) }
            let object = answer { try mapper.mapWithReport(Shelter.self, fromJSONObject: try JSONSerialization.jsonObject(with: data)) }
            print("\(mode) \(text)\n  bytes:  \(bytes)\n  object: \(object)")
            same = same && bytes == object
        }
    }
    print(same ? "F5 fixed: both routes agree" : "F5 still there")
    return same ? 0 : 1
}

exit(try replay())
