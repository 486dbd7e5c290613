extension JSONScanner {
    /// The containers a key path walked into, innermost last: `true` for an object, `false` for an
    /// array. The cursor is inside all of them until ``finish(enclosing:)``.
    typealias OpenContainers = [Bool]

    /// Moves the cursor to the value at a key path, by the rules of ``JSONKeyPath``.
    /// - Throws: `keyPathNotFound` when the path leads nowhere (after the rest of the input is
    ///   validated, so malformed JSON is still reported as such).
    mutating func descend(to keyPath: String, maxDepth: Int) throws -> (path: [PathComponent], open: OpenContainers) {
        var path: [PathComponent] = []
        var open: OpenContainers = []
        for component in JSONKeyPath(keyPath).steps {
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
            } else if byte == .openBracket, let target = JSONKeyPath.index(component) {
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
