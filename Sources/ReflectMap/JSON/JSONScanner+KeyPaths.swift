/// The key paths one reading of a document follows, as a tree of steps: at most one value that a
/// model is mapped from, and any number of small values taken as ``JSONValue``s (an envelope's
/// error code and message, a page's cursor). Each step means what ``JSONKeyPath`` says: in an object
/// it names a member, in an array a step of decimal digits indexes it.
struct KeyPathRoutes {
    struct Node {
        /// The step from the parent; unused at the root.
        let step: String
        /// The step as an array index, when it is decimal digits.
        let index: Int?
        let depth: Int
        var children: [Int] = []
        /// Whether the mapped value is here.
        var isValue = false
        /// Whether the mapped value is here or below.
        var leadsToValue = false
        /// The captures that end here.
        var captures: [Int] = []
        /// The captures that end here or below: reset when an object repeats the member that leads here.
        var capturesBelow: [Int] = []
    }

    private(set) var nodes = [Node(step: "", index: nil, depth: 0)]
    /// Each capture's path.
    let captures: [JSONKeyPath]
    /// The mapped value's path, when there is one.
    let value: JSONKeyPath?

    init(value: JSONKeyPath?, captures: [JSONKeyPath]) {
        self.value = value
        self.captures = captures
        for (id, capture) in captures.enumerated() {
            let route = insert(capture.steps)
            for node in route { nodes[node].capturesBelow.append(id) }
            nodes[route[route.count - 1]].captures.append(id)
        }
        if let value {
            let route = insert(value.steps)
            for node in route { nodes[node].leadsToValue = true }
            nodes[route[route.count - 1]].isValue = true
        }
    }

    /// The nodes from the root to the end of `steps`, made as needed.
    private mutating func insert(_ steps: [String]) -> [Int] {
        var route = [0]
        for step in steps {
            let parent = route[route.count - 1]
            if let child = nodes[parent].children.first(where: { nodes[$0].step == step }) {
                route.append(child)
            } else {
                nodes.append(Node(step: step, index: JSONKeyPath.index(step), depth: nodes[parent].depth + 1))
                nodes[parent].children.append(nodes.count - 1)
                route.append(nodes.count - 1)
            }
        }
        return route
    }

    /// Whether the mapped value and a capture are the same value or one holds the other. One reading
    /// cannot both map a value and take it as a ``JSONValue``: such routes are read in two walks.
    var valueOverlapsCaptures: Bool {
        guard value != nil else { return false }
        return nodes.contains { node in
            (node.isValue && (!node.children.isEmpty || !node.capturesBelow.isEmpty))
                || (node.leadsToValue && !node.captures.isEmpty)
        }
    }

    /// The routes without the mapped value.
    var capturesOnly: KeyPathRoutes { KeyPathRoutes(value: nil, captures: captures) }
}

/// One reading of a document along ``KeyPathRoutes``: the value is mapped where the walk meets it
/// (by `readValue`), each capture is taken as a ``JSONValue`` where the walk meets it, and every
/// other value is validated as it is skipped. The walk reads the whole document once, to its end:
/// when an object repeats a member that a route enters, the later member wins, as in a
/// `JSONSerialization` dictionary, so the routes below it are read again from there and what the
/// earlier member gave is dropped. Repeated keys are rare; a document without them maps its value
/// exactly once.
struct KeyPathRouteWalk {
    let routes: KeyPathRoutes
    let settings: ReadSettings
    private(set) var scanner: JSONScanner
    /// The steps taken to where the walk stands, one per open container.
    private(set) var path: [PathComponent] = []
    /// Each capture, once met; `nil` when its path leads nowhere.
    private(set) var captured: [JSONValue?]
    /// Whether the mapped value's path led to a value.
    private(set) var valueFound = false
    /// Where the mapped value's bytes are, once met.
    private(set) var valueBytes: Range<Int>?
    /// Why the mapped value's path led nowhere: the first step that failed, what stood there, and
    /// where.
    private var miss: (detail: String, path: [PathComponent])?

    init(_ routes: KeyPathRoutes, scanner: JSONScanner, settings: ReadSettings) {
        self.routes = routes
        self.scanner = scanner
        self.settings = settings
        captured = Array(repeating: nil, count: routes.captures.count)
    }

    /// Reads the value under the scanner along the routes from the root. `readValue` reads the mapped
    /// value from the scanner it is given and leaves it past that value.
    mutating func walk(readValue: (inout JSONScanner, [PathComponent]) throws -> Void) throws {
        try walk(0, readValue: readValue)
    }

    /// The error for a mapped value whose path led nowhere, naming the first step that failed.
    func notFound() -> MappingError {
        var error = MappingError(.keyPathNotFound(routes.value?.text ?? ""), at: miss?.path ?? [])
        error.detail = miss?.detail
        return error
    }

    private mutating func walk(
        _ index: Int, readValue: (inout JSONScanner, [PathComponent]) throws -> Void
    ) throws {
        let node = routes.nodes[index]
        let maxDepth = settings.maxDepth
        if node.isValue {
            _ = try scanner.peek()
            let start = scanner.index
            try readValue(&scanner, path)
            valueFound = true
            valueBytes = start..<scanner.index
            return
        }
        if !node.captures.isEmpty {
            try capture(node)
            return
        }
        let byte = try scanner.peek()
        // The budget of a value skipped inside the container here: the container is one level, and
        // `path` counts the levels around it.
        let budget = maxDepth - path.count - 1
        switch byte {
        case .openBrace:
            guard path.count < maxDepth else { throw scanner.tooDeep(limit: maxDepth) }
            scanner.enterContainer()
            var first = true
            var metValueRoute = false
            while let span = try scanner.nextKey(first: first) {
                first = false
                let key = try scanner.string(span)
                guard let child = node.children.first(where: { routes.nodes[$0].step == key }) else {
                    try scanner.skipValue(depthBudget: budget, limit: maxDepth)
                    continue
                }
                // A later member with the same key replaces an earlier one, with all that was read below it.
                let entered = routes.nodes[child]
                for id in entered.capturesBelow { captured[id] = nil }
                if entered.leadsToValue {
                    metValueRoute = true
                    valueFound = false
                    valueBytes = nil
                }
                path.append(.key(key))
                try walk(child, readValue: readValue)
                path.removeLast()
            }
            if node.leadsToValue && !metValueRoute, let step = valueStep(below: node) {
                miss = ("\(place) has no key \"\(step)\"", path)
            }
        case .openBracket:
            guard path.count < maxDepth else { throw scanner.tooDeep(limit: maxDepth) }
            scanner.enterContainer()
            var count = 0
            while try scanner.nextElement(first: count == 0) {
                if let child = node.children.first(where: { routes.nodes[$0].index == count }) {
                    path.append(.index(count))
                    try walk(child, readValue: readValue)
                    path.removeLast()
                } else {
                    try scanner.skipValue(depthBudget: budget, limit: maxDepth)
                }
                count += 1
            }
            if node.leadsToValue, let step = valueStep(below: node) {
                if let target = JSONKeyPath.index(step) {
                    if target >= count {
                        miss = ("\(place) has \(count) element\(count == 1 ? "" : "s"); [\(target)] is beyond it", path)
                    }
                } else {
                    miss = ("\(place) is an array, and \"\(step)\" is not an index", path)
                }
            }
        default:
            if node.leadsToValue {
                let kind =
                    switch byte {
                    case .quote: "a string"
                    case UInt8(ascii: "t"), UInt8(ascii: "f"): "a Boolean"
                    case UInt8(ascii: "n"): "null"
                    default: "a number"
                    }
                miss = ("\(place) is \(kind), not an object or an array", path)
            }
            try scanner.skipValue(depthBudget: budget + 1, limit: maxDepth)
        }
    }

    /// Takes the value under the scanner as a ``JSONValue`` for the captures that end at `node`, and
    /// for those below it, by following their remaining steps through it.
    private mutating func capture(_ node: KeyPathRoutes.Node) throws {
        var reader = JSONReader(scanner: scanner, settings: settings, reporting: false, path: path)
        let value = try reader.readJSONValue() ?? .null
        scanner = reader.scanner
        for id in node.capturesBelow {
            captured[id] = value.value(following: routes.captures[id], from: node.depth)
        }
    }

    /// The step of the mapped value's path after `node`.
    private func valueStep(below node: KeyPathRoutes.Node) -> String? {
        guard let steps = routes.value?.steps, node.depth < steps.count else { return nil }
        return steps[node.depth]
    }

    /// The place the walk stands, as a key path error names it.
    private var place: String {
        path.isEmpty ? "the top-level value" : "\"\(MappingPath.render(path))\""
    }
}
