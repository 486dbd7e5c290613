import Foundation

// JSON Merge Patch (RFC 7396): the patch format most JSON APIs take for PATCH. A patch is a JSON
// value; an object patches an object member by member, `null` removes a member, and anything else
// replaces the target whole. Arrays are replaced whole too.

extension JSONValue {
    /// The merge patch that turns `old` into `new`: the members that were added or changed (changed
    /// objects as patches of their own), and `null` for each member `new` no longer has.
    ///
    /// `mergePatch(from: old, to: new)` applied to `old` gives `new`, except where RFC 7396 cannot say
    /// it: a member whose new value is `null`, or an object holding one, is removed rather than kept
    /// as `null`.
    ///
    /// - Parameters:
    ///   - old: The value before.
    ///   - new: The value after.
    /// - Returns: The patch; an empty object when nothing changed.
    public static func mergePatch(from old: JSONValue, to new: JSONValue) -> JSONValue {
        guard case .object(let before) = old, case .object(let after) = new else { return new }
        var patch: [String: JSONValue] = [:]
        for (key, value) in after {
            guard let previous = before[key] else {
                patch[key] = value
                continue
            }
            if previous == value { continue }
            if case .object = previous, case .object = value {
                patch[key] = mergePatch(from: previous, to: value)
            } else {
                patch[key] = value
            }
        }
        for key in before.keys where after[key] == nil {
            patch[key] = .null
        }
        return .object(patch)
    }

    /// The value with a merge patch applied, by RFC 7396's rules: an object patch sets its members'
    /// values (patched recursively), removes the members it sets to `null`, and turns a target that is
    /// not an object into one; any other patch replaces the value.
    ///
    /// - Parameter patch: The merge patch.
    /// - Returns: The patched value.
    public func applying(mergePatch patch: JSONValue) -> JSONValue {
        guard case .object(let changes) = patch else { return patch }
        var members: [String: JSONValue]
        if case .object(let existing) = self { members = existing } else { members = [:] }
        for (key, change) in changes {
            if case .null = change {
                members[key] = nil
            } else {
                members[key] = (members[key] ?? .null).applying(mergePatch: change)
            }
        }
        return .object(members)
    }
}

extension JSONMapper {
    /// The RFC 7396 merge patch that turns `old`'s JSON into `new`'s: the body of a PATCH that sends
    /// only what changed.
    ///
    /// ```swift
    /// var edited = profile
    /// edited.bio = "Hello"
    /// let body = try mapper.mergePatch(from: profile, to: edited)   // {"bio":"Hello"}
    /// ```
    ///
    /// Both models are written as ``data(from:)`` writes them, so key translators, `@JSONKey` and
    /// ``writesNilAsNull`` apply. A property that became `nil` is sent as `null`, which removes it;
    /// a ``JSONNullable`` property set to ``JSONNullable/null`` does the same, and one left
    /// ``JSONNullable/absent`` is not sent.
    ///
    /// - Parameters:
    ///   - old: The model as the server has it.
    ///   - new: The model as it should become.
    /// - Returns: The patch as UTF-8 JSON; `{}` when nothing changed.
    /// - Throws: ``MappingError`` when either model cannot be written.
    public func mergePatch<T: Mappable>(from old: T, to new: T) throws -> Data {
        let before = try JSONValue(parsing: data(from: old), maxDepth: .max)
        let after = try JSONValue(parsing: data(from: new), maxDepth: .max)
        return try data(fromJSON: JSONValue.mergePatch(from: before, to: after))
    }

    /// Applies an RFC 7396 merge patch to a model: the model's JSON is patched, and the model becomes
    /// what the patched JSON maps to, with this mapper's rules. A member the patch removes leaves its
    /// property at its default. For a class, `value` is a new instance.
    ///
    /// - Parameters:
    ///   - mergePatch: The patch, as UTF-8 JSON.
    ///   - value: The model to patch.
    /// - Throws: ``MappingError`` when the patch is not JSON, or the patched JSON does not map (in
    ///   strict mode, or when it is no longer an object).
    public func apply<T: Mappable>(mergePatch: Data, to value: inout T) throws {
        let patch = try JSONValue(parsing: mergePatch, maxDepth: maxDepth)
        let current = try JSONValue(parsing: data(from: value), maxDepth: .max)
        value = try map(T.self, from: data(fromJSON: current.applying(mergePatch: patch)))
    }

    /// A JSON value as UTF-8, laid out as ``outputFormatting`` says.
    func data(fromJSON value: JSONValue) throws -> Data {
        let settings = WriteSettings(
            formatting: outputFormatting, dateStrategy: dateStrategy, writesNilAsNull: writesNilAsNull, maxDepth: .max)
        var writer = JSONWriter(settings: settings, toTree: false)
        try writer.writeJSONValue(value)
        return writer.output.data()
    }
}
