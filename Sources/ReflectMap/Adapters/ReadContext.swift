/// The state of one mapping run from JSON into models: the mapper's settings, the nesting depth, and,
/// when a report was asked for, the report and the current path.
struct ReadContext {
    let mode: MappingMode
    let dateStrategy: DateStrategy
    let maxDepth: Int
    private(set) var depth = 0
    private(set) var report: MappingReport?
    /// The current JSON path. Kept only while reporting; errors build their paths as they unwind.
    private var path: [PathComponent]

    init(mapper: JSONMapper, reporting: Bool, path: [PathComponent]) {
        mode = mapper.mode
        dateStrategy = mapper.dateStrategy
        maxDepth = mapper.maxDepth
        report = reporting ? MappingReport() : nil
        self.path = path
    }

    var isStrict: Bool { mode == .strict }
    var isReporting: Bool { report != nil }

    /// Steps into an object or array, guarding the stack against deep input.
    mutating func enterContainer() throws {
        guard depth < maxDepth else { throw MappingError(.nestingTooDeep(limit: maxDepth)) }
        depth += 1
    }

    mutating func leaveContainer() {
        depth -= 1
    }

    mutating func push(_ component: PathComponent) {
        if report != nil { path.append(component) }
    }

    mutating func pop() {
        if report != nil { path.removeLast() }
    }

    /// A value could not be used. Strict mode throws, and so does the top-level value in any mode;
    /// lenient mode records the skip and returns `nil`, so the caller keeps its default.
    /// `scalar` is the offending value, when there is one; errors and report entries carry it.
    mutating func fail<Value>(_ kind: MappingError.Kind, value scalar: JSONScalar? = nil) throws -> Value? {
        if mode == .strict || depth == 0 {
            var error = MappingError(kind)
            error.value = scalar?.jsonValue
            throw error
        }
        if report != nil {
            let error = MappingError(kind, at: path)
            report?.skipped.append(.init(path: error.path, message: error.description, value: scalar?.jsonValue))
        }
        return nil
    }

    /// A value of the wrong JSON type: `null` or a mismatch.
    mutating func reject<Value>(_ scalar: JSONScalar, expected: String) throws -> Value? {
        if case .null = scalar { return try fail(.nullValue(expected: expected), value: scalar) }
        return try fail(.typeMismatch(expected: expected, found: scalar.summary), value: scalar)
    }

    /// Notes a lenient conversion, such as `"12"` read into an `Int`.
    mutating func noteCoercion(of scalar: JSONScalar, to typeName: String) {
        guard report != nil else { return }
        report?.coercions.append(
            .init(path: MappingPath.render(path), message: "Converted \(scalar.summary) to \(typeName).", value: scalar.jsonValue)
        )
    }

    mutating func noteUnmappedKey(_ key: String) {
        guard report != nil else { return }
        report?.unmappedKeys.append(MappingPath.render(path + [.key(key)]))
    }

    mutating func noteUnfilledProperty(_ key: String) {
        guard report != nil else { return }
        report?.unfilledProperties.append(MappingPath.render(path + [.key(key)]))
    }
}
