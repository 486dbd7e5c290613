extension JSONScanner {
    /// The containers a key path walked into, innermost last: `true` for an object, `false` for an
    /// array. The cursor is inside all of them until ``finish(enclosing:maxDepth:)``.
    typealias OpenContainers = [Bool]

    /// Moves the cursor to the value at a key path, by the rules of ``JSONKeyPath``.
    /// - Throws: `keyPathNotFound` when the path leads nowhere (after the rest of the input is
    ///   validated, so malformed JSON is still reported as such).
    mutating func descend(to keyPath: String, maxDepth: Int) throws -> (path: [PathComponent], open: OpenContainers) {
        var cursor = KeyPathScan(scanner: self, maxDepth: maxDepth)
        let keyPath = JSONKeyPath(keyPath)
        guard try keyPath.follow(&cursor) else {
            try cursor.finishUnfound()
            var error = MappingError(.keyPathNotFound(keyPath.text), at: cursor.path)
            error.detail = cursor.miss(at: keyPath)
            throw error
        }
        self = cursor.scanner
        return (cursor.path, cursor.open)
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

/// A ``KeyPathCursor`` over bytes. Every value it walks past is validated as it is skipped, and an
/// object is read to its end before the member it enters is chosen, so that a repeated key's last
/// member is the one followed.
private struct KeyPathScan: KeyPathCursor {
    typealias Failure = any Error
    var scanner: JSONScanner
    let maxDepth: Int
    var path: [PathComponent] = []
    var open: JSONScanner.OpenContainers = []
    /// Whether the value under the cursor is still unread: not when a step that found nothing has
    /// read its container to the end.
    private var valueIsUnread = true
    /// Why the last step found nothing, as the error tells it: what stood where it looked.
    private var lastMiss: String?
    /// The kind of the value the last step looked at: a container, or `nil` for a scalar.
    private var lastContainer: JSONContainer?

    init(scanner: JSONScanner, maxDepth: Int) {
        self.scanner = scanner
        self.maxDepth = maxDepth
    }

    mutating func container() throws -> JSONContainer? {
        let byte = try scanner.peek()
        guard byte == .openBrace || byte == .openBracket else {
            let kind =
                switch byte {
                case .quote: "a string"
                case UInt8(ascii: "t"), UInt8(ascii: "f"): "a Boolean"
                case UInt8(ascii: "n"): "null"
                default: "a number"
                }
            lastMiss = "\(place) is \(kind), not an object or an array"
            lastContainer = nil
            return nil
        }
        guard open.count < maxDepth else { throw scanner.tooDeep(limit: maxDepth) }
        lastContainer = byte == .openBrace ? .object : .array
        return lastContainer
    }

    /// The place the cursor stands, as a key path error names it.
    private var place: String {
        path.isEmpty ? "the top-level value" : "\"\(MappingPath.render(path))\""
    }

    /// Why the key path found nothing, once ``JSONKeyPath/follow(_:)`` has returned `false`: the
    /// first step that failed, and what stood there.
    func miss(at keyPath: JSONKeyPath) -> String {
        if let lastMiss { return lastMiss }
        // An array, and a step that is not an index: the one failure no cursor call saw.
        let step = keyPath.steps.count > path.count ? keyPath.steps[path.count] : ""
        return "\(place) is an array, and \"\(step)\" is not an index"
    }

    mutating func enterMember(_ key: String) throws -> Bool {
        let budget = maxDepth - open.count
        scanner.enterContainer()
        // The scanner as it stood on the value of the last member named `key`.
        var match: JSONScanner?
        var first = true
        while let span = try scanner.nextKey(first: first) {
            first = false
            if try scanner.string(span) == key { match = scanner }
            try scanner.skipValue(depthBudget: budget - 1, limit: maxDepth)
        }
        guard let match else {
            lastMiss = "\(place) has no key \"\(key)\""
            valueIsUnread = false
            return false
        }
        scanner = match
        open.append(true)
        path.append(.key(key))
        return true
    }

    mutating func enterElement(_ target: Int) throws -> Bool {
        let budget = maxDepth - open.count
        scanner.enterContainer()
        var index = 0
        while try scanner.nextElement(first: index == 0) {
            if index == target {
                open.append(false)
                path.append(.index(target))
                return true
            }
            try scanner.skipValue(depthBudget: budget - 1, limit: maxDepth)
            index += 1
        }
        lastMiss = "\(place) has \(index) element\(index == 1 ? "" : "s"); [\(target)] is beyond it"
        valueIsUnread = false
        return false
    }

    /// After a step found nothing: validates the rest of the input.
    mutating func finishUnfound() throws {
        if valueIsUnread { try scanner.skipValue(depthBudget: maxDepth - open.count, limit: maxDepth) }
        try scanner.finish(enclosing: open, maxDepth: maxDepth)
    }
}
