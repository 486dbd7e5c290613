import Foundation

/// The state of one run from models to JSON: the mapper's settings, the nesting depth, and the
/// objects on the current path, which catch reference cycles.
struct WriteContext {
    let dateStrategy: DateStrategy
    let writesNilAsNull: Bool
    let maxDepth: Int
    private(set) var depth = 0
    /// Class instances being written on the current path.
    var activeObjects: Set<ObjectIdentifier> = []
    let null = NSNull()
    /// True when the output goes to ``JSONSerializer`` rather than to a caller who wants
    /// `JSONSerialization`-ready values: a ``JSONValue`` can then stay as it is and be written exactly.
    let forSerializer: Bool

    init(mapper: JSONMapper, forSerializer: Bool = false) {
        self.forSerializer = forSerializer
        dateStrategy = mapper.dateStrategy
        writesNilAsNull = mapper.writesNilAsNull
        maxDepth = mapper.maxDepth
    }

    mutating func enterContainer() throws {
        guard depth < maxDepth else { throw MappingError(.nestingTooDeep(limit: maxDepth)) }
        depth += 1
    }

    mutating func leaveContainer() {
        depth -= 1
    }
}
