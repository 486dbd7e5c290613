extension JSONScanner {
    /// The containers a key path walked into, innermost last: `true` for an object, `false` for an
    /// array. The cursor is inside all of them until ``finish(enclosing:)``.
    typealias OpenContainers = [Bool]

    /// The components of a dotted key path such as `data.items.0`. Leading and trailing dots are
    /// ignored (`".data.result."` is `data.result`, as HandyJSON's `designatedPath` reads it), and a
    /// path with no component (`""`, `"."`) is the root.
    static func components(of keyPath: String) -> [String] {
        let trimmed = keyPath.drop(while: { $0 == "." }).reversed().drop(while: { $0 == "." }).reversed()
        if trimmed.isEmpty { return [] }
        return String(trimmed).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// Moves the cursor to the value at a dotted key path such as `data.items.0`: a component names an
    /// object member, or indexes an array when it is a number. If a key appears twice, the last wins,
    /// as in a ``JSONValue`` or a `JSONSerialization` dictionary.
    /// - Throws: `keyPathNotFound` when the path leads nowhere (after the rest of the input is
    ///   validated, so malformed JSON is still reported as such).
    mutating func descend(to keyPath: String, maxDepth: Int) throws -> (path: [PathComponent], open: OpenContainers) {
        var path: [PathComponent] = []
        var open: OpenContainers = []
        for component in Self.components(of: keyPath) {
            let byte = try peek()
            var found = false
            if byte == .openBrace || byte == .openBracket {
                guard open.count < maxDepth else { throw tooDeep(limit: maxDepth) }
            }
            let budget = maxDepth - open.count
            if byte == .openBrace {
                enterContainer()
                // The scanner as it stood on the value of the last member named `component`.
                var match: JSONScanner?
                var first = true
                while let span = try nextKey(first: first) {
                    first = false
                    if try string(span) == component { match = self }
                    try skipValue(depthBudget: budget - 1, limit: maxDepth)
                }
                if let match {
                    self = match
                    found = true
                    open.append(true)
                    path.append(.key(component))
                }
            } else if byte == .openBracket, let target = Int(component), target >= 0 {
                enterContainer()
                var index = 0
                while try nextElement(first: index == 0) {
                    if index == target {
                        found = true
                        break
                    }
                    try skipValue(depthBudget: budget - 1, limit: maxDepth)
                    index += 1
                }
                if found {
                    open.append(false)
                    path.append(.index(target))
                }
            } else {
                try skipValue(depthBudget: budget, limit: maxDepth)
            }
            if !found {
                try finish(enclosing: open, maxDepth: maxDepth)
                throw MappingError(.keyPathNotFound(keyPath), at: path)
            }
        }
        return (path, open)
    }

    /// Validates and skips the rest of each open container, innermost first, then checks that
    /// nothing but whitespace follows the top-level value.
    mutating func finish(enclosing open: OpenContainers, maxDepth: Int) throws {
        for (depth, isObject) in open.enumerated().reversed() {
            let budget = maxDepth - depth - 1
            if isObject {
                while try nextKey(first: false) != nil { try skipValue(depthBudget: budget, limit: maxDepth) }
            } else {
                while try nextElement(first: false) { try skipValue(depthBudget: budget, limit: maxDepth) }
            }
        }
        try finish()
    }
}
