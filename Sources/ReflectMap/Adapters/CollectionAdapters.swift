/// `[Element]`: maps a JSON array element by element. In lenient mode an element that cannot be
/// used is dropped and reported; the rest of the array is kept. A lossy array (``LossyArray``) does
/// the same in strict mode too.
final class ArrayAdapter<Element>: TypeAdapter<[Element]>, @unchecked Sendable {
    let element: TypeAdapter<Element>
    let isLossy: Bool

    /// The array an empty JSON array stores: made once, as making one costs a call in generic code.
    private let empty: [Element] = []

    init(element: TypeAdapter<Element>, isLossy: Bool = false) {
        self.element = element
        self.isLossy = isLossy
    }

    override var mayHoldInstances: Bool { element.mayHoldInstances }

    override func read(_ reader: inout JSONReader) throws -> [Element]? {
        var result: [Element] = []
        guard try readElements(&reader, into: &result) else {
            return try reader.rejectValue(expected: "an array of \(element.typeName)")
        }
        return result
    }

    override func read(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldSlot<[Element]>) throws {
        // `[]`, common in real payloads, needs no element adapter and no array of its own. A field
        // that holds an empty array already (its default, as a rule) keeps it: storing another
        // would cost a retain and a release.
        if try reader.readEmptyArray() {
            if storage.withValue(at: field, { $0.count == 0 }) { return }
            return storage.store(empty, at: field)
        }
        var result: [Element] = []
        guard try readNonEmptyElements(&reader, into: &result) else { return try rejectNonArray(&reader) }
        storage.store(result, at: field)
    }

    /// An array of arrays reads each inner array in this one frame, so that the metadata of
    /// `[[Element]]` and `[Element]` is looked up once per outer array, not once per inner one.
    override func readElements(_ reader: inout JSONReader, into arrays: inout [[Element]]) throws -> Bool {
        guard var cursor = try reader.beginArray(expecting: { arrays.reserveCapacity($0) }) else { return false }
        while try reader.nextElement(&cursor) {
            if isLossy {
                // A lossy inner array recovers element by element, which the element adapter's
                // own loop does not do.
                var inner: [Element] = []
                if try readElements(&reader, into: &inner) { arrays.append(inner) } else { try rejectNonArray(&reader) }
            } else if try !element.read(&reader, appendingArrayTo: &arrays) {
                try rejectNonArray(&reader)
            }
        }
        return true
    }

    /// Reports or throws for a value that is not an array, out of line (see `ModelAdapter`).
    @inline(never)
    private func rejectNonArray(_ reader: inout JSONReader) throws {
        let _: [Element]? = try reader.rejectValue(expected: "an array of \(element.typeName)")
    }

    /// Reads the elements; `false` (consuming nothing) when the value is not an array. (An `inout`
    /// result rather than `[Element]?`: in generic code every `Optional` costs a metadata lookup.)
    @inline(__always)
    private func readElements(_ reader: inout JSONReader, into result: inout [Element]) throws -> Bool {
        // `[]`, common in real payloads, needs no element adapter.
        if try reader.readEmptyArray() { return true }
        return try readNonEmptyElements(&reader, into: &result)
    }

    /// ``readElements(_:into:)`` once the value is known not to be `[]`.
    @inline(__always)
    private func readNonEmptyElements(_ reader: inout JSONReader, into result: inout [Element]) throws -> Bool {
        let element = self.element
        if isLossy {
            return try reader.readArray(
                expecting: { result.reserveCapacity($0) },
                { reader in
                    _ = try reader.readRecovering { reader in
                        if let value = try element.read(&reader) { result.append(value) }
                    }
                })
        }
        return try element.readElements(&reader, into: &result)
    }

    override func write(_ value: [Element], to writer: inout JSONWriter) throws {
        try element.writeElements(value, to: &writer)
    }

    /// Writes the array where it lies in the model: the generic default would copy it out through
    /// the value witnesses of an unknown type.
    override func writeMember(
        from storage: ModelStorage, at field: FieldSlot<[Element]>, key: EncodedKey, isFirst: Bool,
        to writer: inout JSONWriter
    ) throws -> Bool {
        writer.writeKey(key, isFirst: isFirst)
        try element.writeElements(storage.load(field), to: &writer)
        return true
    }
}

/// `Set<Element>`: read and written as a JSON array, as `JSONEncoder` does. Repeated elements
/// collapse into one.
///
/// A set's own order differs between equal sets, so the elements are always written in a defined
/// order, and equal sets write equal bytes: `Comparable` elements by value, any others by their
/// compact JSON text, byte by byte.
final class SetAdapter<Element: Hashable>: TypeAdapter<Set<Element>>, @unchecked Sendable {
    let array: ArrayAdapter<Element>
    /// Sorts `Comparable` elements by value; `nil` for other elements, which are sorted by their JSON.
    private let sorter: (([Element]) -> [Element])?

    init(element: TypeAdapter<Element>) {
        array = ArrayAdapter(element: element)
        if let comparable = Element.self as? any Comparable.Type {
            sorter = Self.sorter(comparable)
        } else {
            sorter = nil
        }
    }

    override var mayHoldInstances: Bool { array.mayHoldInstances }

    private static func sorter<Sortable: Comparable>(_ type: Sortable.Type) -> ([Element]) -> [Element] {
        { elements in
            let sortable = elements.compactMap { $0 as? Sortable }
            guard sortable.count == elements.count else { return elements }
            return sortable.sorted().compactMap { $0 as? Element }
        }
    }

    override func read(_ reader: inout JSONReader) throws -> Set<Element>? {
        guard let elements = try array.read(&reader) else { return nil }
        return Set(elements)
    }

    override func write(_ value: Set<Element>, to writer: inout JSONWriter) throws {
        let elements = Array(value)
        if let sorter {
            try array.write(sorter(elements), to: &writer)
        } else if elements.count < 2 {
            try array.write(elements, to: &writer)
        } else {
            try array.write(sortedByJSON(elements, like: writer), to: &writer)
        }
    }

    /// The elements ordered by their compact JSON, each written once on its own with the writer's settings.
    private func sortedByJSON(_ elements: [Element], like writer: borrowing JSONWriter) throws -> [Element] {
        var formatting = writer.formatting
        formatting.remove(.prettyPrinted)
        let settings = WriteSettings(
            formatting: formatting, dateStrategy: writer.dateStrategy, writesNilAsNull: writer.writesNilAsNull,
            maxDepth: max(0, writer.maxDepth - writer.depth), plans: writer.plans
        )
        var keyed: [(text: [UInt8], element: Element)] = []
        keyed.reserveCapacity(elements.count)
        for element in elements {
            var single = JSONWriter(settings: settings, toTree: false, capacity: 64)
            try array.element.write(element, to: &single)
            keyed.append((single.output.bytes, element))
        }
        return keyed.sorted { $0.text.lexicographicallyPrecedes($1.text) }.map(\.element)
    }
}

/// `[Key: Value]`: maps each member of a JSON object, its key converted by `Keys`: ``StringKeys``,
/// or a ``DictionaryKeyCodec`` (integers, `UUID`, raw-value enums, `CodingKeyRepresentable`). In
/// lenient mode a member whose key or value cannot be used is dropped and reported; strict mode throws.
final class DictionaryAdapter<Keys: DictionaryKeyCoding, Value>: TypeAdapter<[Keys.Key: Value]>, @unchecked Sendable {
    typealias Key = Keys.Key
    let keys: Keys
    let value: TypeAdapter<Value>

    init(keys: Keys, value: TypeAdapter<Value>) {
        self.keys = keys
        self.value = value
    }

    override var mayHoldInstances: Bool { value.mayHoldInstances }

    override func read(_ reader: inout JSONReader) throws -> [Key: Value]? {
        var result: [Key: Value] = [:]
        let adapter = value
        let codec = keys
        // Converted keys can be spelled two ways (`"1"` and `"01"` in an `[Int: V]`). Which spelling
        // counts is settled before any value is read, from all the object's keys, so that neither
        // the order of the input nor a dictionary's hash order changes the answer.
        let winners = codec.isIdentity ? [:] : try Self.winningSpellings(reader.peekKeys() ?? [], codec)
        // A repeated key's last value wins, as in a tree: what the report said of an earlier one is
        // dropped, and an unusable last value removes the key.
        let reporting = reader.isReporting
        var seen: Set<String> = []
        let depth = reader.path.count
        // The members gather in blocks lent by the read's pool, and go into the dictionary at the
        // end, which then grows once (see `ElementBuffer.insert(keys:values:into:pool:)`).
        let pool = reader.elementPool()
        var keys = ElementBuffer()
        var values = ElementBuffer()
        let isObject: Bool
        do {
            isObject = try reader.readObject { text, reader in
                if reporting, !seen.insert(text).inserted { reader.dropReport(depth: depth, steps: [text]) }
                // The key goes in first, and is taken back if its value is unusable: neither is
                // held as an `Optional` here, which generic code looks up on every call.
                if codec.isIdentity {
                    _ = codec.decode(text, appendingTo: &keys, pool: pool)
                } else if try !Self.appendKey(text, codec, winners, to: &keys, pool: pool, &reader) {
                    return try reader.skipValue()
                }
                if try !adapter.read(&reader, appendingTo: &values, pool: pool) {
                    Self.remove(text, codec, keys: &keys, values: &values, from: &result, pool: pool)
                }
            }
        } catch {
            keys.discard(Key.self, pool: pool)
            values.discard(Value.self, pool: pool)
            throw error
        }
        ElementBuffer.insert(keys: &keys, values: &values, into: &result, pool: pool)
        guard isObject else { return try reader.rejectValue(expected: "an object of \(value.typeName)") }
        return result
    }

    /// Appends the key of a converting codec for `text` to `keys`: `false`, after failing the member,
    /// when the text does not convert or another spelling of the same key is in the object. Out of
    /// line, as is ``remove(_:_:keys:values:from:pool:)``: the `Optional`s they need would otherwise
    /// cost the member loop a metadata lookup per member.
    @inline(never)
    private static func appendKey(
        _ text: String, _ codec: Keys, _ winners: [Key: String], to keys: inout ElementBuffer, pool: ElementPool,
        _ reader: inout JSONReader
    ) throws -> Bool {
        guard let key = codec.decode(text) else {
            let _: Value? = try reader.fail(
                .invalidValue(value: JSONScalar.string(text).summary, type: "\(codec.typeName) key"))
            return false
        }
        if let winner = winners[key], winner != text {
            let _: Value? = try reader.fail(
                .invalidValue(
                    value: JSONScalar.string(text).summary,
                    type: "\(codec.typeName) key, as another spelling of the same key (\"\(winner)\") is in the object"
                ))
            return false
        }
        keys.append(key, pool: pool)
        return true
    }

    /// An unusable last value removes its key: the key just appended is taken back, what came before
    /// it goes into the dictionary, and then the key leaves it.
    @inline(never)
    private static func remove(
        _ text: String, _ codec: Keys, keys: inout ElementBuffer, values: inout ElementBuffer,
        from result: inout [Key: Value], pool: ElementPool
    ) {
        keys.removeLast(Key.self)
        ElementBuffer.insert(keys: &keys, values: &values, into: &result, pool: pool)
        if let key = codec.decode(text) { result.removeValue(forKey: key) }
    }

    /// For each key that more than one spelling gives, the spelling that counts: the canonical one
    /// (as the key writes back), else the one that sorts first.
    private static func winningSpellings(_ texts: [String], _ codec: Keys) -> [Key: String] {
        var winners: [Key: String] = [:]
        var contested = false
        for text in texts {
            guard let key = codec.decode(text) else { continue }
            guard let current = winners[key] else {
                winners[key] = text
                continue
            }
            contested = true
            let canonical = codec.encode(key)
            if current != canonical && (text == canonical || text < current) { winners[key] = text }
        }
        return contested ? winners : [:]
    }

    override func write(_ dictionary: [Key: Value], to writer: inout JSONWriter) throws {
        try writer.beginObject()
        let originals = Array(dictionary.keys)
        let texts = originals.map(keys.encode)
        // Always sorted by key, whatever the formatting: a dictionary's own order differs between equal
        // dictionaries, and equal models write equal bytes.
        let order = texts.indices.sorted { texts[$0] < texts[$1] }
        for (position, index) in order.enumerated() {
            writer.writeKey(texts[index], isFirst: position == 0)
            guard let item = dictionary[originals[index]], !value.isAbsent(item) else {
                writer.writeNull()
                continue
            }
            try value.write(item, to: &writer)
        }
        writer.endObject(isEmpty: dictionary.count == 0)
    }
}

// MARK: - The collections' adapters, as the plan builder asks for them

extension Array: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        if Element.self == Any.self { return PassThroughAdapter<[Element]>() }
        return ArrayAdapter<Element>(element: try builder.adapter(for: Element.self, property: property))
    }
}

extension Dictionary: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        if Key.self == String.self {
            if Value.self == Any.self { return PassThroughAdapter<[Key: Value]>() }
            return DictionaryAdapter<StringKeys, Value>(
                keys: StringKeys(), value: try builder.adapter(for: Value.self, property: property))
        }
        guard let keys = DictionaryKeyCodec<Key>.make() else {
            throw MappingError(.unsupportedType(type: String(describing: Self.self), property: "\(property)"))
        }
        return DictionaryAdapter(keys: keys, value: try builder.adapter(for: Value.self, property: property))
    }
}

extension Set: BuiltinAdapterProviding {
    static func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        SetAdapter<Element>(element: try builder.adapter(for: Element.self, property: property))
    }
}
