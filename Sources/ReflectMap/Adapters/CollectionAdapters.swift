/// `[Element]`: maps a JSON array element by element. In lenient mode an element that cannot be
/// used is dropped and reported; the rest of the array is kept. A lossy array (``LossyArray``) does
/// the same in strict mode too.
final class ArrayAdapter<Element>: TypeAdapter<[Element]>, @unchecked Sendable {
    let element: TypeAdapter<Element>
    let isLossy: Bool

    init(element: TypeAdapter<Element>, isLossy: Bool = false) {
        self.element = element
        self.isLossy = isLossy
    }

    override func read(_ reader: inout JSONReader) throws -> [Element]? {
        var result: [Element] = []
        guard try readElements(&reader, into: &result) else {
            return try reader.rejectValue(expected: "an array of \(element.typeName)")
        }
        return result
    }

    override func read(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldLocation<[Element]>) throws {
        var result: [Element] = []
        guard try readElements(&reader, into: &result) else {
            let _: [Element]? = try reader.rejectValue(expected: "an array of \(element.typeName)")
            return
        }
        storage.store(result, at: field)
    }

    /// Reads the elements; `false` (consuming nothing) when the value is not an array. (An `inout`
    /// result rather than `[Element]?`: in generic code every `Optional` costs a metadata lookup.)
    @inline(__always)
    private func readElements(_ reader: inout JSONReader, into result: inout [Element]) throws -> Bool {
        let element = self.element
        if isLossy {
            return try reader.readArray(expecting: { result.reserveCapacity($0) }, { reader in
                _ = try reader.readRecovering { reader in try element.read(&reader, appendingTo: &result) }
            })
        }
        return try reader.readArray(expecting: { result.reserveCapacity($0) }, { reader in
            try element.read(&reader, appendingTo: &result)
        })
    }

    override func write(_ value: [Element], to writer: inout JSONWriter) throws {
        try writer.beginArray()
        // An index loop: `enumerated()` and iterators cost generic metadata lookups per array.
        var index = 0
        while index < value.count {
            writer.beginElement(index)
            let item = value[index]
            if element.isAbsent(item) { writer.writeNull() } else { try element.write(item, to: &writer) }
            index += 1
        }
        writer.endArray(isEmpty: value.isEmpty)
    }

    override func finishModels(in value: [Element]) throws {
        guard element.holdsModels else { return }
        for item in value { try element.finishModels(in: item) }
    }

    override var holdsModels: Bool { element.holdsModels }
}

/// `Set<Element>`: read and written as a JSON array, as `JSONEncoder` does. Repeated elements
/// collapse into one.
final class SetAdapter<Element: Hashable>: TypeAdapter<Set<Element>>, @unchecked Sendable {
    let array: ArrayAdapter<Element>

    init(element: TypeAdapter<Element>) {
        array = ArrayAdapter(element: element)
    }

    override func read(_ reader: inout JSONReader) throws -> Set<Element>? {
        guard let elements = try array.read(&reader) else { return nil }
        return Set(elements)
    }

    override func write(_ value: Set<Element>, to writer: inout JSONWriter) throws {
        try array.write(Array(value), to: &writer)
    }

    override func finishModels(in value: Set<Element>) throws {
        guard array.holdsModels else { return }
        for item in value { try array.element.finishModels(in: item) }
    }

    override var holdsModels: Bool { array.holdsModels }
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

    override func read(_ reader: inout JSONReader) throws -> [Key: Value]? {
        var result: [Key: Value] = [:]
        var droppedKeys: Set<String> = []
        let adapter = value
        let codec = keys
        let isObject = try reader.readObject { text, reader in
            guard let key = codec.decode(text) else {
                let _: Value? = try reader.fail(.invalidValue(value: JSONScalar.string(text).summary, type: "\(codec.typeName) key"))
                return try reader.skipValue()
            }
            // A repeated key, kept or dropped before: a tree holds only its last value, so the byte
            // route hands the document to the tree route (see `RepeatedPropertyValue`). In a tree only
            // two spellings of one key (`"1"` and `"01"`) can meet; the last one read wins.
            let repeated = if let mapped = try adapter.read(&reader) {
                result.updateValue(mapped, forKey: key) != nil || (!droppedKeys.isEmpty && droppedKeys.contains(text))
            } else {
                !droppedKeys.insert(text).inserted || result[key] != nil
            }
            if repeated && !reader.isTree { throw RepeatedPropertyValue() }
        }
        guard isObject else { return try reader.rejectValue(expected: "an object of \(value.typeName)") }
        return result
    }

    override func write(_ dictionary: [Key: Value], to writer: inout JSONWriter) throws {
        try writer.beginObject()
        let originals = Array(dictionary.keys)
        let texts = originals.map(keys.encode)
        var order = Array(texts.indices)
        if writer.sortsKeys { order.sort { texts[$0] < texts[$1] } }
        for (position, index) in order.enumerated() {
            writer.writeKey(texts[index], isFirst: position == 0)
            guard let item = dictionary[originals[index]], !value.isAbsent(item) else {
                writer.writeNull()
                continue
            }
            try value.write(item, to: &writer)
        }
        writer.endObject(isEmpty: dictionary.isEmpty)
    }

    override func finishModels(in dictionary: [Key: Value]) throws {
        guard value.holdsModels else { return }
        for item in dictionary.values { try value.finishModels(in: item) }
    }

    override var holdsModels: Bool { value.holdsModels }
}
