import Foundation

/// A dotted key path such as `data.items.0`: the one grammar that every entry point reads, from
/// ``JSONMapper/map(_:from:at:)`` and streaming to `@JSONKey(path:)` and `ReflectMapClient`'s key
/// paths, and the one rule for what each step means: ``follow(_:)`` applies it to Foundation trees and
/// ``JSONValue``s, and `KeyPathRouteWalk` to bytes, where one reading follows several paths at once. A
/// stream follows the first member of a repeated key, and ends with an error when the key comes again
/// (see ``JSONStreamLayout/array(at:)``).
///
/// Grammar: the path is split at every dot that no backslash escapes. Dots at either end are ignored
/// (`".data.result."` is `data.result`, as HandyJSON's `designatedPath` reads it), so a path with no
/// step (`""`, `"."`) is the whole document. Two dots in a row leave an empty step between them, which
/// names the member whose key is `""`.
///
/// A key that itself holds a dot is written with `\.`: `repository.labels.org\.opencontainers\.image\.source`
/// has three steps, the last `org.opencontainers.image.source`. `\\` is one backslash, so a key that ends
/// in a backslash, before the next step, is `key\\.next`. A backslash before any other character is
/// itself (`a\b` is the key `a\b`), and so is a backslash at the end.
///
/// Each step names an object's member; in an array, a step of decimal digits indexes it (`0` is the
/// first element). When an object repeats a key, its last member is the one followed, as in a
/// `JSONSerialization` dictionary (the byte route reads the first at once, and reads again only when a
/// later one comes: see `KeyPathRouteWalk`, which takes these steps through bytes).
package struct JSONKeyPath: Sendable, Equatable {
    /// The path as written, for errors.
    package let text: String
    /// The steps, outermost first, unescaped.
    package let steps: [String]

    package init(_ text: String) {
        self.text = text
        var steps: [String] = []
        var step = ""
        var escaping = false
        for character in text {
            if escaping {
                // `\.` and `\\` stand for the character; before anything else the backslash is itself.
                if character != "." && character != "\\" { step.append("\\") }
                step.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "." {
                steps.append(step)
                step = ""
            } else {
                step.append(character)
            }
        }
        if escaping { step.append("\\") }
        steps.append(step)
        // Unescaped dots at either end leave empty steps there: they are not steps.
        let first = steps.firstIndex { !$0.isEmpty } ?? steps.endIndex
        let last = steps.lastIndex { !$0.isEmpty } ?? -1
        self.steps = first <= last ? Array(steps[first...last]) : []
    }

    /// The array index a step names, when it is decimal digits only.
    package static func index(_ step: String) -> Int? {
        guard !step.isEmpty, step.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int(step)
    }

    /// The value the path leads to in a Foundation tree, as `JSONSerialization` returns it, or `nil`
    /// when a step is missing. `key` spells each step as the tree's keys are spelled.
    package func value(in tree: Any, key: @escaping (String) -> String = { $0 }) -> Any? {
        var cursor = TreeCursor(value: tree, key: key)
        return follow(&cursor) ? cursor.value : nil
    }

    /// Follows the path from `cursor`, step by step, by the rules above: in an object a step names a
    /// member, and in an array a step of decimal digits indexes it. Foundation trees and ``JSONValue``s
    /// take this walk, each with a cursor of its own; bytes follow the same rules in `KeyPathRouteWalk`.
    /// - Returns: `false` at the first step that leads nowhere.
    package func follow<Cursor: KeyPathCursor>(_ cursor: inout Cursor) throws(Cursor.Failure) -> Bool {
        try follow(&cursor, from: 0)
    }

    /// ``follow(_:)`` from the step `first` on, for a cursor that has taken the steps before it.
    package func follow<Cursor: KeyPathCursor>(
        _ cursor: inout Cursor, from first: Int
    ) throws(Cursor.Failure) -> Bool {
        for step in steps[first...] {
            switch try cursor.container() {
            case .object?:
                guard try cursor.enterMember(step) else { return false }
            case .array?:
                guard let index = Self.index(step), try cursor.enterElement(index) else { return false }
            case nil:
                return false
            }
        }
        return true
    }
}

/// The two kinds of JSON container a key path step can enter.
package enum JSONContainer {
    case object
    case array
}

/// A place in a JSON document from which ``JSONKeyPath/follow(_:)`` takes one step at a time.
package protocol KeyPathCursor {
    /// What a step can throw: `Never` for both cursors (over a Foundation tree and over a ``JSONValue``),
    /// whose values are all read already.
    associatedtype Failure: Error
    /// The kind of container under the cursor, or `nil` for any other value.
    mutating func container() throws(Failure) -> JSONContainer?
    /// Moves into the object under the cursor, to the value of its member `key`: when the object
    /// repeats the key, the last one, as in a `JSONSerialization` dictionary.
    /// - Returns: `false` when the object has no such member.
    mutating func enterMember(_ key: String) throws(Failure) -> Bool
    /// Moves into the array under the cursor, to its element at `index`.
    /// - Returns: `false` when the array is shorter.
    mutating func enterElement(_ index: Int) throws(Failure) -> Bool
}

/// A cursor over a Foundation tree, as `JSONSerialization` returns it.
struct TreeCursor: KeyPathCursor {
    typealias Failure = Never
    var value: Any
    /// Spells a step as the tree's keys are spelled.
    let key: (String) -> String

    func container() -> JSONContainer? {
        if value is [String: Any] { return .object }
        if value is [Any] { return .array }
        return nil
    }

    mutating func enterMember(_ step: String) -> Bool {
        guard let object = value as? [String: Any], let member = object[key(step)] else { return false }
        value = member
        return true
    }

    mutating func enterElement(_ index: Int) -> Bool {
        guard let array = value as? [Any], array.indices.contains(index) else { return false }
        value = array[index]
        return true
    }
}
