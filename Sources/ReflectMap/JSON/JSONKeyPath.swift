import Foundation

/// A dotted key path such as `data.items.0`: the one grammar that every entry point reads, from
/// ``JSONMapper/map(_:from:at:)`` and streaming to `@JSONKey(path:)` and `ReflectMapClient`'s key
/// paths, and the one rule for what each step means.
///
/// Grammar: the path is split at every dot. Dots at either end are ignored (`".data.result."` is
/// `data.result`, as HandyJSON's `designatedPath` reads it), so a path with no step (`""`, `"."`) is
/// the whole document. Two dots in a row leave an empty step between them, which names the member
/// whose key is `""`.
///
/// Each step names an object's member; in an array, a step of decimal digits indexes it (`0` is the
/// first element). When an object repeats a key, its last member is the one followed, as in a
/// `JSONSerialization` dictionary.
package struct JSONKeyPath: Sendable, Equatable {
    /// The path as written, for errors.
    package let text: String
    /// The steps, outermost first.
    package let steps: [String]

    package init(_ text: String) {
        self.text = text
        let trimmed = text.drop(while: { $0 == "." }).reversed().drop(while: { $0 == "." }).reversed()
        steps = trimmed.isEmpty ? [] : String(trimmed).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The array index a step names, when it is decimal digits only.
    package static func index(_ step: String) -> Int? {
        guard !step.isEmpty, step.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(step)
    }

    /// The value the path leads to in a Foundation tree, as `JSONSerialization` returns it, or `nil`
    /// when a step is missing. `key` spells each step as the tree's keys are spelled.
    package func value(in tree: Any, key: (String) -> String = { $0 }) -> Any? {
        var current = tree
        for step in steps {
            if let object = current as? [String: Any], let member = object[key(step)] {
                current = member
            } else if let array = current as? [Any], let index = Self.index(step), index < array.count {
                current = array[index]
            } else {
                return nil
            }
        }
        return current
    }
}
