import Foundation

/// Models → JSON, through the same walk whether the output is UTF-8 bytes (``JSONMapper/data(from:)``)
/// or Foundation objects (``JSONMapper/jsonObject(from:)``), like GSON's `JsonWriter` and
/// `JsonTreeWriter`. Adapters write through it; nothing in between is boxed as `Any`.
///
/// Layout:
/// - `isTree` picks the sink. The byte sink appends to `output`, a buffer the writer owns alone (so
///   the writer is not copyable), and keys come pre-encoded from the plan.
///   The tree sink keeps one open dictionary or array per level (`objects`, `arrays`, `kinds`) and
///   hands each finished value to the level above.
/// - `path` is the one record of where the writer is, kept as the reader keeps its own (a
///   ``PathStack``): one step per open container, the member or element being written on top. Its
///   length is the nesting depth, checked against `maxDepth` and used to indent pretty output.
///   Errors take their JSON path from it where they are thrown; a step that fails is left on it, so
///   the mapper locates an error that a user's code threw without one.
struct JSONWriter: ~Copyable {
    let formatting: JSONMapper.OutputFormatting
    let dateStrategy: DateStrategy
    let writesNilAsNull: Bool
    let maxDepth: Int
    /// Plans of runtime subtypes; `nil` only for writers that write no models.
    let plans: PlanLookup?
    /// Where the writer is: one step per open container.
    var path = PathStack()
    /// How many containers are open.
    var depth: Int { path.count }
    /// Class instances being written on the current path, which catch reference cycles.
    var activeInstances = ActiveInstances()

    let isTree: Bool
    private let isPretty: Bool
    let escapesSlashes: Bool
    var sortsKeys: Bool { formatting.contains(.sortedKeys) }

    /// The byte sink.
    var output: OutputBuffer
    /// Where a string's tail waits while it is escaped, reused from one string to the next.
    var scratch: [UInt8] = []
    /// The tree sink: the open containers, innermost last, and the finished top-level value.
    private var kinds: [Bool] = []
    private var objects: [[String: Any]] = []
    private var objectKeys: [String] = []
    private var arrays: [[Any]] = []
    private(set) var result: Any = NSNull()

    /// - Parameter capacity: The byte sink's first size; it grows as needed.
    init(settings: WriteSettings, toTree: Bool, capacity: Int = 4096) {
        formatting = settings.formatting
        dateStrategy = settings.dateStrategy
        writesNilAsNull = settings.writesNilAsNull
        maxDepth = settings.maxDepth
        plans = settings.plans
        isTree = toTree
        isPretty = settings.formatting.contains(.prettyPrinted)
        escapesSlashes = !settings.formatting.contains(.withoutEscapingSlashes)
        output = OutputBuffer(capacity: toTree ? 0 : capacity)
    }

    // MARK: Containers

    @inline(__always)
    mutating func beginObject() throws {
        try enter()
        if isTree {
            kinds.append(true)
            objects.append([:])
            objectKeys.append("")
        } else {
            output.append(.openBrace)
        }
    }

    /// Starts a member: the separator, then the key. `isFirst` is true for the object's first member.
    @inline(__always)
    mutating func writeKey(_ key: EncodedKey, isFirst: Bool) {
        if isTree {
            objectKeys[objectKeys.count - 1] = key.string
            return
        }
        if !isPretty && !(key.hasSlash && escapesSlashes) {
            // Separator, key and colon in one append.
            return output.append(isFirst ? key.firstMember : key.member)
        }
        separate(isFirst: isFirst)
        if key.hasSlash && escapesSlashes {
            appendString(key.string)
        } else {
            output.append(key.firstMember, in: 0..<(key.firstMember.count - 1))
        }
        appendColon()
    }

    /// An absent optional's member: `"key":null` when `nil` is written as `null`, else nothing.
    /// Returns whether it wrote the member.
    mutating func writeAbsentMember(_ key: EncodedKey, isFirst: Bool) -> Bool {
        guard writesNilAsNull else { return false }
        writeKey(key, isFirst: isFirst)
        writeNull()
        return true
    }

    /// Starts a member whose key is not known in advance (a dictionary's).
    mutating func writeKey(_ key: String, isFirst: Bool) {
        path.setKey(key)
        if isTree {
            objectKeys[objectKeys.count - 1] = key
            return
        }
        separate(isFirst: isFirst)
        appendString(key)
        appendColon()
    }

    @inline(__always)
    mutating func endObject(isEmpty: Bool) {
        path.pop()
        if isTree {
            kinds.removeLast()
            objectKeys.removeLast()
            emit(objects.removeLast())
        } else {
            close(.closeBrace, isEmpty: isEmpty)
        }
    }

    @inline(__always)
    mutating func beginArray() throws {
        try enter()
        if isTree {
            kinds.append(false)
            arrays.append([])
        } else {
            output.append(.openBracket)
        }
    }

    /// Starts an element: the separator after the one before.
    @inline(__always)
    mutating func beginElement(_ index: Int) {
        path.setTop(.index(index))
        if !isTree { separate(isFirst: index == 0) }
    }

    @inline(__always)
    mutating func endArray(isEmpty: Bool) {
        path.pop()
        if isTree {
            kinds.removeLast()
            emit(arrays.removeLast())
        } else {
            close(.closeBracket, isEmpty: isEmpty)
        }
    }

    @inline(__always)
    private mutating func enter() throws {
        guard path.count < maxDepth else { throw error(.nestingTooDeep(limit: maxDepth)) }
        path.push(.between)
    }

    @inline(__always)
    private mutating func separate(isFirst: Bool) {
        if !isFirst { output.append(.comma) }
        if isPretty { newline(indent: depth) }
    }

    @inline(__always)
    private mutating func appendColon() {
        if isPretty {
            output.append(.space)
            output.append(.colon)
            output.append(.space)
        } else {
            output.append(.colon)
        }
    }

    @inline(__always)
    private mutating func close(_ byte: UInt8, isEmpty: Bool) {
        if isPretty && !isEmpty { newline(indent: depth) }
        output.append(byte)
    }

    private mutating func newline(indent: Int) {
        output.append(.newline)
        for _ in 0..<(indent * 2) { output.append(.space) }
    }

    // MARK: Scalars

    /// Hands a finished value to the tree sink's innermost container, or makes it the result.
    @inline(__always)
    mutating func emit(_ value: Any) {
        guard let isObject = kinds.last else {
            result = value
            return
        }
        if isObject {
            objects[objects.count - 1][objectKeys[objectKeys.count - 1]] = value
        } else {
            arrays[arrays.count - 1].append(value)
        }
    }

    mutating func writeNull() {
        if isTree { emit(NSNull()) } else { output.append("null") }
    }

    mutating func writeBool(_ value: Bool) {
        if isTree {
            emit(value)
        } else if value {
            output.append("true")
        } else {
            output.append("false")
        }
    }

    mutating func writeString(_ value: String) {
        if isTree { emit(value) } else { appendString(value) }
    }

    /// Writes an integer; the tree sink gets an `Int`, or a `UInt64` beyond `Int`'s range.
    @inline(__always)
    mutating func writeInteger<Value: FixedWidthInteger>(_ value: Value) {
        if isTree {
            if let small = Int(exactly: value) { emit(small) } else { emit(UInt64(truncatingIfNeeded: value)) }
            return
        }
        if let small = Int64(exactly: value) {
            appendDigits(small.magnitude, negative: small < 0)
        } else {
            appendDigits(UInt64(truncatingIfNeeded: value), negative: false)
        }
    }

    /// Writes a `Double` in the shortest form that reads back exactly.
    mutating func writeDouble(_ value: Double) throws {
        guard value.isFinite else { throw error(.notRepresentable(value: "\(value)")) }
        if isTree { emit(value) } else { output.appendText(of: value) }
    }

    mutating func writeFloat(_ value: Float) throws {
        guard value.isFinite else { throw error(.notRepresentable(value: "\(value)")) }
        if isTree { emit(value) } else { output.appendText(of: value) }
    }

    /// Writes a `Decimal` exactly, all its digits.
    mutating func writeDecimal(_ value: Decimal) throws {
        guard !value.isNaN else { throw error(.notRepresentable(value: "NaN")) }
        if isTree { emit(NSDecimalNumber(decimal: value)) } else { output.append(utf8: value.description) }
    }

    @inline(__always)
    private mutating func appendDigits(_ magnitude: UInt64, negative: Bool) {
        if negative { output.append(.minus) }
        if magnitude < 10 {
            output.append(.zero + UInt8(magnitude))
            return
        }
        output.appendDecimal(magnitude)
    }

    /// The plan of a model's runtime type.
    func plan(for type: any Mappable.Type) throws -> TypePlan {
        guard let plans else { throw error(.unsupportedType(type: String(describing: type), property: "(value)")) }
        return try plans.plan(for: type)
    }

    // MARK: Errors

    /// The current path as an error spells it.
    var components: [PathComponent] {
        path.components(upTo: path.count) { _ in "" }
    }

    /// An error at the current path.
    func error(_ kind: MappingError.Kind) -> MappingError {
        MappingError(kind, at: components)
    }

}

/// The settings that writing takes from a ``JSONMapper``.
struct WriteSettings {
    var formatting: JSONMapper.OutputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var dateStrategy: DateStrategy = .iso8601
    var writesNilAsNull = false
    /// Writing through a mapper takes its ``JSONMapper/maxDepth``; a JSON value written on its own (a
    /// Codable value's JSON, say) takes the limit it was parsed with.
    var maxDepth = JSONValue.defaultMaxDepth
    var plans: PlanLookup?
}
