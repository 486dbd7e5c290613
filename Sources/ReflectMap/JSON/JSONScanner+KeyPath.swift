extension JSONScanner {
    /// The containers a key path walked into, innermost last: `true` for an object, `false` for an
    /// array. The cursor is inside all of them until the walk finishes them.
    typealias OpenContainers = [Bool]
}

/// The byte route's walk to the value at a key path, reading the input once.
///
/// A key path's value is read where the walk first meets it: in each object the first member whose key
/// is the step's is entered, and the mapper reads the value there. Only then does the walk read the
/// rest of the containers it is inside, to see whether an object repeats a step's key. Repeated keys
/// are rare; when one comes, its member wins, as in a `JSONSerialization` dictionary (the last one
/// wins): the walk descends from it again and the value is read again (``nextRepeat(after:)``).
/// Everything the walk passes is validated as it is skipped.
struct KeyPathWalk {
    let keyPath: JSONKeyPath
    let maxDepth: Int
    /// Where the walk stands: at the value, once ``descend()`` has found it.
    private(set) var scanner: JSONScanner
    /// The steps taken, one per open container.
    private(set) var path: [PathComponent] = []
    private(set) var open: JSONScanner.OpenContainers = []

    init(_ keyPath: String, scanner: JSONScanner, maxDepth: Int) {
        self.keyPath = JSONKeyPath(keyPath)
        self.scanner = scanner
        self.maxDepth = maxDepth
    }

    /// Descends from where the walk stands to the value the remaining steps name, by the rules of
    /// ``JSONKeyPath``, through the first member with each step's key. At a dead end it reads on
    /// through the containers it is inside, for a later member that repeats a step's key, and descends
    /// again from there.
    /// - Throws: `keyPathNotFound` when no member leads to a value (after the rest of the input is
    ///   validated, so malformed JSON is still reported as such).
    mutating func descend() throws {
        while true {
            var cursor = KeyPathScan(scanner: scanner, maxDepth: maxDepth, path: path, open: open)
            if try keyPath.follow(&cursor, from: path.count) {
                (scanner, path, open) = (cursor.scanner, cursor.path, cursor.open)
                return
            }
            (scanner, path, open) = (try cursor.skipUnread(), cursor.path, cursor.open)
            guard try findRepeat() else {
                var error = MappingError(.keyPathNotFound(keyPath.text), at: cursor.path)
                error.detail = cursor.miss(at: keyPath)
                throw error
            }
        }
    }

    /// After the value, which ends where `after` stands: reads the rest of the containers the walk is
    /// inside. Returns `false` at the end of the input (validated to its end); `true` when a later
    /// member repeats a step's key, with the walk descended from it to the value that now wins.
    mutating func nextRepeat(after: JSONScanner) throws -> Bool {
        scanner = after
        guard try findRepeat() else { return false }
        try descend()
        return true
    }

    /// Reads on through the open containers, innermost first, to the next member whose key is the
    /// step taken in its object, and stands at its value; `false` when there is none and the input is
    /// read to its end.
    private mutating func findRepeat() throws -> Bool {
        while let isObject = open.last {
            let depth = open.count - 1
            let budget = maxDepth - depth - 1
            if isObject {
                guard case .key(let key) = path[depth] else { return false }
                while let span = try scanner.nextKey(first: false) {
                    if try scanner.string(span) == key { return true }
                    try scanner.skipValue(depthBudget: budget, limit: maxDepth)
                }
            } else {
                while try scanner.nextElement(first: false) {
                    try scanner.skipValue(depthBudget: budget, limit: maxDepth)
                }
            }
            open.removeLast()
            path.removeLast()
        }
        try scanner.finish()
        return false
    }
}

/// A ``KeyPathCursor`` over bytes, for ``KeyPathWalk``: it enters the first member with a step's key,
/// and validates every value it walks past as it skips it.
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

    init(scanner: JSONScanner, maxDepth: Int, path: [PathComponent], open: JSONScanner.OpenContainers) {
        self.scanner = scanner
        self.maxDepth = maxDepth
        self.path = path
        self.open = open
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
            return nil
        }
        guard open.count < maxDepth else { throw scanner.tooDeep(limit: maxDepth) }
        return byte == .openBrace ? .object : .array
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
        var first = true
        while let span = try scanner.nextKey(first: first) {
            first = false
            if try scanner.string(span) == key {
                open.append(true)
                path.append(.key(key))
                return true
            }
            try scanner.skipValue(depthBudget: budget - 1, limit: maxDepth)
        }
        lastMiss = "\(place) has no key \"\(key)\""
        valueIsUnread = false
        return false
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

    /// After a step found nothing: the scanner past the value the step looked at, validated.
    mutating func skipUnread() throws -> JSONScanner {
        if valueIsUnread { try scanner.skipValue(depthBudget: maxDepth - open.count, limit: maxDepth) }
        return scanner
    }
}
