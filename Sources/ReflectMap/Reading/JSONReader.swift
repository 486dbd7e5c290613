import Foundation

/// One cursor over one JSON document, whichever source it comes from: UTF-8 bytes (through
/// ``JSONScanner``) or the Foundation objects that `JSONSerialization` returns. Every adapter reads
/// through it, so each reading rule (lenient and strict, coercions, reports, paths, depth) is written
/// once, like GSON's `JsonReader` and `JsonTreeReader`.
///
/// Layout:
/// - `isTree` says which source this is. On the byte route `scanner` holds the cursor; on the tree
///   route `pending` holds the value under the cursor, and containers hand their members to it one by one.
/// - `path` is the one record of where the cursor is (a ``PathStack``, as the writer keeps): one step
///   per open container, the current key or index on top. Its length is the nesting depth, checked
///   against `maxDepth` on every container entry. Errors and report entries take their JSON path from
///   it, so nothing catches and re-throws to build paths. A step that fails is left on the stack, so
///   the mapper can read the path of any error where it was thrown.
/// - A model's object is read as GSON's reflective adapter reads one, through ``ObjectMembers``
///   (``ByteMembers`` or ``TreeMembers``). Dictionaries are read with a closure (`readObject`), which
///   reads each member. Arrays are read through `gatherElements`, or a `beginArray`/`nextElement` loop
///   in the caller's own frame (the closure of `readArray` serves a lossy array and a ``JSONValue``):
///   the reader steps through the elements, the caller reads each one.
struct JSONReader {
    let mode: MappingMode
    let dateStrategy: DateStrategy
    let maxDepth: Int
    var report: ReportLog?
    /// A key the next object that ``ObjectMembers`` enters does not report as unmapped: a
    /// polymorphic model's discriminator.
    var ignoredKey: String?
    // `path`, `scanner`, `pending` and `pool` change only in the reader's own files (Reading/JSONReader*).
    var path: PathStack
    /// How many steps the path had when reading began (a key path's); fewer containers than this
    /// means the top-level value.
    private let basePathCount: Int

    let isTree: Bool
    var scanner: JSONScanner
    /// The tree route's value under the cursor.
    var pending: Any = () {
        didSet { pendingObject = nil }
    }
    /// `pending` as an object, once ``isObjectNext()`` has cast it, so that it is cast only once.
    fileprivate var pendingObject: [String: Any]?
    /// The discriminators of the objects being read that ``ObjectMembers`` took from ``ignoredKey``,
    /// each with its object's path depth, innermost last.
    private var discriminators: [(key: String, depth: Int)] = []
    /// Blocks lent to arrays while they gather their elements (see ``ArrayCursor``).
    var pool: ElementPool?

    /// Reads bytes. `basePathCount` is the path length of the top-level value, when it is not `path`'s.
    init(
        scanner: JSONScanner, settings: ReadSettings, reporting: Bool, path: [PathComponent] = [],
        basePathCount: Int? = nil
    ) {
        self.init(
            scanner: scanner, isTree: false, settings: settings, reporting: reporting, path: path,
            basePathCount: basePathCount)
    }

    /// Reads `JSONSerialization` output, or Swift values of the same shapes. `basePathCount` is the
    /// path length of the top-level value, when it is not `path`'s.
    init(
        tree value: Any, settings: ReadSettings, reporting: Bool, path: [PathComponent] = [], basePathCount: Int? = nil
    ) {
        self.init(
            scanner: JSONScanner(bytes: .empty), isTree: true, settings: settings, reporting: reporting, path: path,
            basePathCount: basePathCount
        )
        pending = value
    }

    private init(
        scanner: JSONScanner, isTree: Bool, settings: ReadSettings, reporting: Bool, path: [PathComponent],
        basePathCount: Int? = nil
    ) {
        self.mode = settings.mode
        self.dateStrategy = settings.dateStrategy
        self.maxDepth = settings.maxDepth
        self.report = reporting ? ReportLog() : nil
        self.path = PathStack(prefix: path)
        self.basePathCount = basePathCount ?? path.count
        self.isTree = isTree
        self.scanner = scanner
    }

    var settings: ReadSettings { ReadSettings(mode: mode, dateStrategy: dateStrategy, maxDepth: maxDepth) }
    var isStrict: Bool { mode == .strict }
    var isReporting: Bool { report != nil }
    /// True while reading the top-level value, where every failure throws, in lenient mode too.
    var isAtTopLevel: Bool { path.count == basePathCount }

    // MARK: Scalars

    /// Reads the value under the cursor as a scalar. An object or array is consumed (validated and
    /// skipped) and comes back as `.object` or `.array`.
    mutating func readScalar() throws -> JSONScalar {
        if isTree { return JSONScalar(pending) }
        let start = scanner.index
        let scalar = try scanner.scalar(depthBudget: maxDepth - path.count, limit: maxDepth)
        // A fraction with more significant digits than a `Double` holds is what `JSONSerialization`
        // boxes as an `NSDecimalNumber`; read it as that, so that both routes see the same number.
        if case .double = scalar, let exact = longFraction(from: start) {
            return .decimal(exact)
        }
        return scalar
    }

    /// The number under the cursor, read from bytes with no scalar in between, for the adapters of
    /// numbers: their common case. `nil`, consuming nothing, for a tree, for a value that is not a
    /// number, and, unless `keepingLongFractions`, for a fraction of more than 17 significant digits
    /// (which ``readScalar()`` reads as a `Decimal`, as `JSONSerialization` does, so that an integer
    /// property sees its exact digits); the caller then reads the scalar by the usual rules. The
    /// floating-point adapters keep long fractions: the scanner's `Double` is correctly rounded from
    /// every digit, where a `Decimal`'s `doubleValue` can be a few units in the last place off.
    /// Out of line: inlined, it grows the scalar adapters' read closures past what the optimiser
    /// inlines into their array loops, which costs the tree route more than this call costs bytes.
    @inline(never)
    mutating func readPlainNumber(keepingLongFractions: Bool = false) throws -> JSONNumber? {
        if isTree { return nil }
        let byte = try scanner.peek()
        guard byte == .minus || (byte >= .zero && byte <= UInt8(ascii: "9")) else { return nil }
        let start = scanner.index
        let number = try scanner.number()
        if !keepingLongFractions, case .double = number, scanner.lastNumberIsLong {
            scanner.index = start
            return nil
        }
        return number
    }

    /// The integer under the cursor, for the adapters of integers, when it is a plain one that an
    /// `Int64` holds (see ``JSONScanner/plainInteger()``). `nil`, consuming nothing, for a tree and
    /// for any other value, which ``readPlainNumber()`` or ``readScalar()`` then reads.
    @inline(__always)
    mutating func readPlainInteger() throws -> Int64? {
        if isTree { return nil }
        _ = try scanner.peek()
        return scanner.plainInteger()
    }

    /// The string under the cursor, read from bytes with no scalar in between, for the adapter of
    /// `String`: its common case. `nil`, consuming nothing, for a tree and for a value that is not a
    /// string.
    @inline(never)
    mutating func readPlainString() throws -> String? {
        if isTree { return nil }
        guard try scanner.peek() == .quote else { return nil }
        return try scanner.string(scanner.scanString())
    }

    /// The number that ends at the cursor, as a `Decimal`, when it has more than 17 significant digits.
    private func longFraction(from start: Int) -> Decimal? {
        guard scanner.lastNumberIsLong else { return nil }
        var first = start
        while scanner.bytes[first] != .minus, scanner.bytes[first] < .zero || scanner.bytes[first] > UInt8(ascii: "9") {
            first += 1
        }
        let text = scanner.bytes.text(first..<scanner.index)
        guard let value = Decimal(string: text), !value.isNaN else { return nil }
        return value
    }

    /// Consumes a `null` if one is under the cursor.
    @inline(__always)
    mutating func readNull() throws -> Bool {
        if isTree { return type(of: pending) == NSNull.self }
        return try scanner.skipNull()
    }

    /// Reads a number with its exact decimal spelling (for `Decimal`), or the scalar when the value is
    /// not a number.
    mutating func readDecimal() throws -> (scalar: JSONScalar, exact: Decimal?) {
        if isTree {
            let scalar = JSONScalar(pending)
            if case .decimal(let value) = scalar { return (scalar, value) }
            return (scalar, nil)
        }
        let start: Int
        do {
            let byte = try scanner.peek()
            guard byte == .minus || (byte >= .zero && byte <= UInt8(ascii: "9")) else {
                return (try readScalar(), nil)
            }
            start = scanner.index
        }
        let number = try scanner.number()
        let text = scanner.bytes.text(start..<scanner.index)
        return (JSONScalar(number), Decimal(string: text))
    }

    /// Reads the value under the cursor, whatever it is, as a ``JSONValue``. `nil` only for a tree
    /// value that is not JSON (a `Date` someone put in a dictionary, say).
    mutating func readJSONValue() throws -> JSONValue? {
        if isTree {
            // The levels left under the limit: the containers around this value take the rest.
            let limit = settings.maxDepth
            do {
                return try JSONValue.converting(pending, depthBudget: limit - path.count, limit: limit)
            } catch let error as MappingError {
                throw self.error(error.kind)
            }
        }
        switch try scanner.peek() {
        case .openBrace:
            var members: [String: JSONValue] = [:]
            _ = try readObject { key, reader in members[key] = try reader.readJSONValue() ?? .null }
            return .object(members)
        case .openBracket:
            var elements: [JSONValue] = []
            _ = try readArray { reader in elements.append(try reader.readJSONValue() ?? .null) }
            return .array(elements)
        case .quote:
            return .string(try scanner.string(scanner.scanString()))
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            if case .bool(let value) = try readScalar() { return .bool(value) }
            return .null
        default:
            let start = scanner.index
            let number = try scanner.number()
            // A fraction that a `Double` does not hold exactly keeps its text, as `JSONSerialization`
            // keeps a long one in an `NSDecimalNumber`, so a `Decimal` gets it exactly.
            if case .double(let value) = number, scanner.index - start > 15 {
                return .number(JSONNumber(text: scanner.bytes.text(start..<scanner.index), double: value))
            }
            return .number(number)
        }
    }

    /// Reads the value under the cursor as `JSONSerialization` would give it.
    mutating func readFoundationObject() throws -> Any {
        if isTree { return pending }
        return try readJSONValue()?.jsonObject ?? NSNull()
    }

    /// Whether an object is under the cursor. Consumes nothing.
    @inline(__always)
    mutating func isObjectNext() throws -> Bool {
        if isTree {
            pendingObject = pending as? [String: Any]
            return pendingObject != nil
        }
        return try scanner.peek() == .openBrace
    }

    /// Where the value under the cursor starts, to spell it again with ``scalar(at:)`` after an
    /// adapter has read it.
    func mark() -> Int {
        scanner.index
    }

    /// The value that started at `mark`, as a scalar.
    func scalar(at mark: Int) throws -> JSONScalar {
        if isTree { return JSONScalar(pending) }
        var again = scanner
        again.index = mark
        return try again.scalar(depthBudget: maxDepth - path.count, limit: maxDepth)
    }

    /// Validates and skips the value under the cursor.
    @inline(__always)
    mutating func skipValue() throws {
        if !isTree { try scanner.skipValue(depthBudget: maxDepth - path.count, limit: maxDepth) }
    }

    /// Checks that nothing but whitespace follows the top-level value (bytes only).
    mutating func finish() throws {
        if !isTree { try scanner.finish() }
    }

    // MARK: Objects (arrays: JSONReader+Arrays.swift)

    /// Steps into the object under the cursor and calls `body` once per member, with its key and the
    /// cursor on its value, in the order of the input (for a tree, the order of the dictionary, or of
    /// the keys in strict mode). In strict mode the object throws the failure of its first key in key
    /// order, from bytes as from a tree: a failing member does not end the object on the byte route.
    /// Returns `false`, consuming nothing, when the value is not an object.
    mutating func readObject(_ body: (String, inout JSONReader) throws -> Void) throws -> Bool {
        if isTree {
            guard let object = pending as? [String: Any] else { return false }
            try enterContainer(.between)
            // Strict mode throws at the first member that fails, so it takes them in key order:
            // which error a document gives must not depend on a dictionary's hash order. Lenient
            // mode throws only at the top level, so it keeps the dictionary's order and sorts nothing.
            if isStrict {
                for key in object.keys.sorted() {
                    try readMember(key, object[key] ?? NSNull(), body)
                }
            } else {
                for (key, value) in object {
                    try readMember(key, value, body)
                }
            }
        } else {
            guard try scanner.peek() == .openBrace else { return false }
            try enterContainer(.between)
            scanner.enterContainer()
            var first = true
            // Strict mode: the failures so far, by key (the last value of a repeated key counts).
            var failures: [String: MappingError] = [:]
            while let span = try scanner.nextKey(first: first) {
                first = false
                let key = try scanner.string(span)
                path.setKey(key)
                if isStrict {
                    let failure = try readOnPast { reader in try body(key, &reader) }
                    if failure != nil || !failures.isEmpty { failures[key] = failure }
                } else {
                    try body(key, &self)
                }
                path.setTop(.between)
            }
            // As a tree reads the members in key order and throws at the first failure.
            if let key = failures.keys.min(), let failure = failures[key] { throw failure }
        }
        path.pop()
        return true
    }

    /// Puts one member of a tree object under the cursor and hands it to `body`.
    @inline(__always)
    private mutating func readMember(
        _ key: String, _ value: Any, _ body: (String, inout JSONReader) throws -> Void
    ) throws {
        path.setKey(key)
        pending = value
        try body(key, &self)
    }

    /// Steps into an object for ``ObjectMembers``: one step on the path, and the discriminator that
    /// ``ignoredKey`` names, if any, taken for this object. Returns whether it took one.
    @inline(__always)
    fileprivate mutating func enterObject() throws -> Bool {
        try enterContainer(.between)
        guard let key = ignoredKey else { return false }
        claimDiscriminator(key)
        return true
    }

    /// Steps out of an object that ``enterObject()`` entered.
    @inline(__always)
    fileprivate mutating func leaveObject(claimedDiscriminator: Bool) {
        if claimedDiscriminator { discriminators.removeLast() }
        path.pop()
    }

    /// Takes ``ignoredKey`` for the object just entered, whose members it is read for, and drops the
    /// discriminators of objects that an error left unfinished.
    private mutating func claimDiscriminator(_ key: String) {
        while let last = discriminators.last, last.depth >= path.count { discriminators.removeLast() }
        discriminators.append((key, path.count))
        ignoredKey = nil
    }

    /// Whether `key` is the discriminator of the object being read, which is not an unmapped key.
    fileprivate func isDiscriminator(_ key: String) -> Bool {
        guard let last = discriminators.last else { return false }
        return last.depth == path.count && last.key == key
    }

    @inline(__always)
    mutating func enterContainer(_ step: PathStep) throws {
        guard path.count < maxDepth else {
            if isTree { throw MappingError(.nestingTooDeep(limit: maxDepth)) }
            throw scanner.tooDeep(limit: maxDepth)
        }
        path.push(step)
    }
}

/// The members of one JSON object as a model reads them, GSON's reflective loop over a
/// `JsonReader`: made on the object (`nil`, consuming nothing, when the value is not one), then
/// ``next(_:of:)`` until it returns `nil`, each returned member's value read by its field, then
/// ``end(_:of:)``. One loop (the fill loop in `TypePlan.swift`) is written for both sources; the compiler
/// specialises it for each, so that the byte route's state holds no reference and stays in registers.
///
/// Bytes are read member by member, in their order (a repeated key comes again); a tree's members are
/// looked up key by key of the table. What a member means for the model (which key wins, which error
/// the object reports) is the loop's to decide, so it is decided once for both.
protocol ObjectMembers {
    /// Steps into the object under the reader's cursor; `nil`, consuming nothing, when it is not one.
    init?(_ reader: inout JSONReader) throws
    /// Puts the reader on the value of the next member that one of the table's keys names and returns
    /// that key's entry; `nil` at the end of the object. Other members are skipped and, when the read
    /// reports, noted as unmapped keys.
    mutating func next(_ reader: inout JSONReader, of table: KeyTable) throws -> KeyTable.Entry?
    /// Steps out of the object once ``next(_:of:)`` has returned `nil`.
    func end(_ reader: inout JSONReader, of table: KeyTable)
}

/// ``ObjectMembers`` from bytes.
struct ByteMembers: ObjectMembers {
    private var isFirst = true
    /// The table entry whose key is expected next.
    private var hint = 0
    private let claimedDiscriminator: Bool

    @inline(__always)
    init?(_ reader: inout JSONReader) throws {
        guard try reader.scanner.peek() == .openBrace else { return nil }
        claimedDiscriminator = try reader.enterObject()
        reader.scanner.enterContainer()
    }

    @inline(__always)
    mutating func next(_ reader: inout JSONReader, of table: KeyTable) throws -> KeyTable.Entry? {
        if !isFirst { reader.path.setTop(.between) }
        while try reader.scanner.nextMember(first: isFirst) {
            isFirst = false
            let span: StringSpan
            let entry: KeyTable.Entry?
            let start = reader.scanner.index + 1
            if let end = table.expectedKeyEnd(reader.scanner.bytes, start, hint: hint) {
                // The key expected next, recognised in place: nothing to scan or look up.
                try reader.scanner.knownKey(endingAt: end)
                span = StringSpan(start: start, end: end, hasEscapes: false, isASCII: false)
                entry = table.entries[hint]
                hint += 1
            } else {
                span = try reader.scanner.key()
                if span.hasEscapes {
                    let key = reader.scanner.unescaped(span)
                    entry = InputBytes.reading(key) { table.match($0, 0, key.count, hint: &hint) }
                } else {
                    // The hint was asked about this spelling above. An entry it could not take
                    // there (not the first with its key, a key with quotes) is found by length.
                    entry = table.match(reader.scanner.bytes, span.start, span.end, hint: &hint, hintTried: true)
                }
            }
            // The path keeps the input's key (the same key, decoded only if an error spells it), so
            // that a match costs no reference counting.
            reader.path.setTop(.inputKey(span))
            if let entry { return entry }
            if reader.isReporting {
                let key = try reader.scanner.string(span)
                if !reader.isDiscriminator(key) { reader.noteUnmappedKey(key) }
            }
            try reader.skipValue()
            reader.path.setTop(.between)
        }
        return nil
    }

    @inline(__always)
    func end(_ reader: inout JSONReader, of table: KeyTable) {
        reader.leaveObject(claimedDiscriminator: claimedDiscriminator)
    }
}

/// ``ObjectMembers`` from a Foundation tree: key by key of the table rather than member by member. A
/// dictionary has no repeated key, so the order does not change what the loop makes of the members,
/// and models often take a few of many members.
struct TreeMembers: ObjectMembers {
    private let object: [String: Any]
    /// The table entry to look up next.
    private var index = 0
    private let claimedDiscriminator: Bool

    @inline(__always)
    init?(_ reader: inout JSONReader) throws {
        guard let object = reader.pendingObject ?? reader.pending as? [String: Any] else { return nil }
        reader.pendingObject = nil
        self.object = object
        claimedDiscriminator = try reader.enterObject()
    }

    @inline(__always)
    mutating func next(_ reader: inout JSONReader, of table: KeyTable) throws -> KeyTable.Entry? {
        reader.path.setTop(.between)
        while index < table.entries.count {
            let key = table.keys[index]
            index += 1
            if let value = object[key], table.isFirst(index - 1) {
                reader.path.setKey(key)
                reader.pending = value
                return table.entries[index - 1]
            }
        }
        return nil
    }

    @inline(__always)
    func end(_ reader: inout JSONReader, of table: KeyTable) {
        if reader.isReporting {
            for key in object.keys where table.match(key) == nil && !reader.isDiscriminator(key) {
                reader.noteUnmappedKey(key)
            }
        }
        reader.leaveObject(claimedDiscriminator: claimedDiscriminator)
    }
}

/// ``ObjectMembers`` from an array, for a group of path keys whose steps index it
/// (`@JSONKey(path: "coordinates.0")`): element `i` is read as the member that the step `i` names, as
/// ``JSONKeyPath`` follows a numeric step in an array. Elements that no key names are skipped and,
/// when the read reports, noted as unmapped. Bytes and trees alike, through the reader's array cursor.
struct IndexedElements: ObjectMembers {
    private var cursor: JSONReader.ArrayCursor

    init?(_ reader: inout JSONReader) throws {
        guard let cursor = try reader.beginArray() else { return nil }
        self.cursor = cursor
    }

    mutating func next(_ reader: inout JSONReader, of table: KeyTable) throws -> KeyTable.Entry? {
        while try reader.nextElement(&cursor) {
            if let entry = table.entry(forElement: cursor.elementIndex) { return entry }
            if reader.isReporting { reader.noteUnmappedElement() }
            try reader.skipValue()
        }
        return nil
    }

    /// ``JSONReader/nextElement(_:)`` has left the array when it returned `false`.
    func end(_ reader: inout JSONReader, of table: KeyTable) {}
}
