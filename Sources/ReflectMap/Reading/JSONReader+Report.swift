/// One step of the reader's (or writer's) path: how it records where it is, cheaply.
enum PathStep {
    case key(String)
    case index(Int)
    /// A key of the input that no property wants, decoded only if a path has to be spelled out.
    case inputKey(StringSpan)
    /// Inside a container, before its first member or between two: spelled as nothing.
    case between

    /// The step as errors and reports spell it; `nil` for ``between``. `spell` decodes an input key.
    func component(spelling spell: (StringSpan) -> String) -> PathComponent? {
        switch self {
        case .key(let key): return .key(key)
        case .index(let index): return .index(index)
        case .inputKey(let span): return .key(spell(span))
        case .between: return nil
        }
    }
}

extension JSONReader {
    /// The current path as an error or report spells it.
    var components: [PathComponent] {
        components(of: path[...])
    }

    private func components(of steps: ArraySlice<PathStep>) -> [PathComponent] {
        steps.compactMap { $0.component { (try? scanner.string($0)) ?? "" } }
    }

    /// An error at the current path.
    func error(_ kind: MappingError.Kind, value scalar: JSONScalar? = nil) -> MappingError {
        var error = MappingError(kind, at: components)
        error.value = scalar?.jsonValue
        return error
    }

    /// A value could not be used. Strict mode throws, and so does the top-level value in any mode;
    /// lenient mode records the skip and returns `nil`, so the caller keeps its default.
    /// `scalar` is the offending value, when there is one; errors and report entries carry it.
    mutating func fail<Value>(_ kind: MappingError.Kind, value scalar: JSONScalar? = nil) throws -> Value? {
        if mode == .strict || isAtTopLevel { throw error(kind, value: scalar) }
        if report != nil {
            let error = error(kind, value: scalar)
            report?.skipped.append(.init(path: error.path, message: error.description, value: error.value))
        }
        return nil
    }

    /// A value of the wrong JSON type: `null` or a mismatch.
    mutating func reject<Value>(_ scalar: JSONScalar, expected: String) throws -> Value? {
        if case .null = scalar { return try fail(.nullValue(expected: expected), value: scalar) }
        return try fail(.typeMismatch(expected: expected, found: scalar.summary), value: scalar)
    }

    /// Reads the value under the cursor, which an adapter cannot use, and rejects it.
    mutating func rejectValue<Value>(expected: String) throws -> Value? {
        try reject(readScalar(), expected: expected)
    }

    /// Notes a lenient conversion, such as `"12"` read into an `Int`.
    mutating func noteCoercion(of scalar: JSONScalar, to typeName: String) {
        guard report != nil else { return }
        let path = MappingPath.render(components)
        report?.coercions.append(.init(path: path, message: "Converted \(scalar.summary) to \(typeName).", value: scalar.jsonValue))
    }

    /// Notes a value the model keeps without knowing it (``MappingReport/unknownValues``): `what` says
    /// what it is, such as "an unknown raw value of Status".
    mutating func noteUnknownValue(_ value: JSONValue?, _ what: String) {
        guard report != nil else { return }
        let path = MappingPath.render(components)
        let message = value.map { "Kept \(JSONScalar($0.jsonObject).summary), \(what)." } ?? "Kept \(what)."
        report?.unknownValues.append(.init(path: path, message: message, value: value))
    }

    /// Notes a key of the object being read that no property takes.
    mutating func noteUnmappedKey(_ key: String) {
        guard report != nil else { return }
        let path = MappingPath.render(components(of: self.path.dropLast()) + [.key(key)])
        report?.unmappedKeys.append(path)
    }

    /// Notes a property of the object just read that no key filled.
    mutating func noteUnfilledProperty(_ key: String) {
        guard report != nil else { return }
        let path = MappingPath.render(components + [.key(key)])
        report?.unfilledProperties.append(path)
    }

    /// Gives an error thrown below the reader (malformed JSON from the scanner, say) the path where it
    /// was thrown, unless it has one.
    func locate(_ error: MappingError) -> MappingError {
        guard !error.isLocated else { return error }
        var located = error
        located.components = components
        located.isLocated = true
        return located
    }
}

extension JSONReader {
    /// Where the report stood, to drop later what a replaced value reported: `nil` when not reporting.
    var reportMarks: MappingReport.Marks? {
        report?.marks
    }

    /// Drops what the report says of the value under `steps` in the object at path depth `depth`,
    /// since `marks`: the value of a repeated key, or of a lesser alternate key, that a later member
    /// replaces. The report then says what a tree, which holds only the value that wins, would say.
    mutating func dropReport(since marks: MappingReport.Marks, depth: Int, steps: some Sequence<String>) {
        guard report != nil else { return }
        let prefix = MappingPath.render(components(of: path[..<depth]) + steps.map { PathComponent.key($0) })
        report?.removeEntries(under: prefix, since: marks)
    }
}

extension MappingReport {
    /// How long each list was at one moment.
    struct Marks {
        fileprivate var unmappedKeys = 0
        fileprivate var unfilledProperties = 0
        fileprivate var coercions = 0
        fileprivate var skipped = 0
        fileprivate var unknownValues = 0
    }

    var marks: Marks {
        Marks(
            unmappedKeys: unmappedKeys.count, unfilledProperties: unfilledProperties.count, coercions: coercions.count,
            skipped: skipped.count, unknownValues: unknownValues.count
        )
    }

    /// Removes the entries added since `marks` whose path is `prefix` or lies under it.
    mutating func removeEntries(under prefix: String, since marks: Marks) {
        func isUnder(_ path: String) -> Bool {
            guard path.hasPrefix(prefix) else { return false }
            let rest = path.utf8.dropFirst(prefix.utf8.count)
            return rest.isEmpty || rest.first == UInt8(ascii: ".") || rest.first == UInt8(ascii: "[")
        }
        unmappedKeys.removeSubrange(from: marks.unmappedKeys, where: isUnder)
        unfilledProperties.removeSubrange(from: marks.unfilledProperties, where: isUnder)
        coercions.removeSubrange(from: marks.coercions) { isUnder($0.path) }
        skipped.removeSubrange(from: marks.skipped) { isUnder($0.path) }
        unknownValues.removeSubrange(from: marks.unknownValues) { isUnder($0.path) }
    }
}

extension Array {
    /// Removes the elements from `start` on that match.
    fileprivate mutating func removeSubrange(from start: Int, where matches: (Element) -> Bool) {
        guard start < count else { return }
        var kept = Array(self[..<start])
        kept.append(contentsOf: self[start...].filter { !matches($0) })
        self = kept
    }
}
