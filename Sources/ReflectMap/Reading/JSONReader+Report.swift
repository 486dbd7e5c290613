extension JSONReader {
    /// The current path as an error or report spells it.
    var components: [PathComponent] {
        components(upTo: path.count)
    }

    /// The path of the first `depth` steps as an error or report spells it.
    private func components(upTo depth: Int) -> [PathComponent] {
        path.components(upTo: depth) { (try? scanner.string($0)) ?? "" }
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
            let skipped = error(kind, value: scalar)
            report?.skip(skipped)
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
        let place = components
        report?.add(
            .coercions, at: place, message: "Converted \(scalar.summary) to \(typeName).", value: scalar.jsonValue)
    }

    /// Notes a value the model keeps without knowing it (``MappingReport/unknownValues``): `what` says
    /// what it is, such as "an unknown raw value of Status".
    mutating func noteUnknownValue(_ value: JSONValue?, _ what: String) {
        guard report != nil else { return }
        let message = value.map { "Kept \(JSONScalar($0.jsonObject).summary), \(what)." } ?? "Kept \(what)."
        let place = components
        report?.add(.unknownValues, at: place, message: message, value: value)
    }

    /// Notes a key of the object being read that no property takes.
    mutating func noteUnmappedKey(_ key: String) {
        guard report != nil else { return }
        let place = components(upTo: path.count - 1) + [.key(key)]
        report?.add(.unmappedKeys, at: place)
    }

    /// Notes the element under the cursor, of an array whose elements a model's keys index, that no
    /// key takes.
    mutating func noteUnmappedElement() {
        guard report != nil else { return }
        let place = components
        report?.add(.unmappedKeys, at: place)
    }

    /// Notes a property of the object just read that no key filled.
    mutating func noteUnfilledProperty(_ key: String) {
        guard report != nil else { return }
        let place = components + [.key(key)]
        report?.add(.unfilledProperties, at: place)
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
    /// Drops what the report says so far of the value under `steps` in the object at path depth
    /// `depth`: the value of a repeated key, or of a lesser alternate key, that a later member
    /// replaces. The report then says what a tree, which holds only the value that wins, would say.
    mutating func dropReport(depth: Int, steps: some Sequence<String>) {
        guard report != nil else { return }
        let prefix = components(upTo: depth) + steps.map { PathComponent.key($0) }
        report?.supersede(prefix)
    }

    /// Drops what the report says so far of the member under the cursor and what lies below it.
    mutating func dropReportUnderMember() {
        guard report != nil else { return }
        let prefix = components
        report?.supersede(prefix)
    }
}
