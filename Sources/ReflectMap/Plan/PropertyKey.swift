/// One JSON key of a property: a literal key, or a path of keys into nested objects
/// (`@JSONKey(path:)`).
struct PropertyKey: Sendable, Equatable {
    /// The key as errors and reports spell it: `user_name`, or `location.lat` for a path.
    let name: String
    /// The keys from the model's object inward; one for a literal key.
    let components: [String]

    /// A literal key, dots included.
    init(_ key: String) {
        name = key
        components = [key]
    }

    /// A dot-separated path into nested objects, read as ``JSONKeyPath`` reads one.
    init(path: String) {
        let steps = JSONKeyPath(path).steps
        name = path
        components = steps.isEmpty ? [path] : steps
    }

    /// A key given as its steps, each taken literally (dots included).
    init(components: [String]) {
        name = components.joined(separator: ".")
        self.components = components
    }

    var isPath: Bool { components.count > 1 }
}
