/// `[Element]`: maps a JSON array element by element. In lenient mode an element that cannot be
/// used is dropped and reported; the rest of the array is kept.
final class ArrayAdapter<Element>: TypeAdapter<[Element]>, @unchecked Sendable {
    let element: TypeAdapter<Element>

    init(element: TypeAdapter<Element>) {
        self.element = element
    }

    override func read(_ reader: inout JSONReader) throws -> [Element]? {
        var result: [Element] = []
        let element = self.element
        guard try reader.readArray(expecting: { result.reserveCapacity($0) }, { reader in try element.read(&reader, appendingTo: &result) }) else {
            return try reader.rejectValue(expected: "an array of \(element.typeName)")
        }
        return result
    }

    override func read(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldLocation<[Element]>) throws {
        var result: [Element] = []
        let element = self.element
        guard try reader.readArray(expecting: { result.reserveCapacity($0) }, { reader in try element.read(&reader, appendingTo: &result) }) else {
            let _: [Element]? = try reader.rejectValue(expected: "an array of \(element.typeName)")
            return
        }
        storage.store(result, at: field)
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
}

/// `[String: Value]`: maps each member of a JSON object. In lenient mode a member that cannot be
/// used is dropped and reported.
final class DictionaryAdapter<Value>: TypeAdapter<[String: Value]>, @unchecked Sendable {
    let value: TypeAdapter<Value>

    init(value: TypeAdapter<Value>) {
        self.value = value
    }

    override func read(_ reader: inout JSONReader) throws -> [String: Value]? {
        var result: [String: Value] = [:]
        var droppedKeys: Set<String> = []
        let adapter = value
        let isObject = try reader.readObject { key, reader in
            // A repeated key, kept or dropped before: a tree holds only its last value, so the byte
            // route hands the document to the tree route (see `RepeatedPropertyValue`).
            let repeated = if let mapped = try adapter.read(&reader) {
                result.updateValue(mapped, forKey: key) != nil || (!droppedKeys.isEmpty && droppedKeys.contains(key))
            } else {
                !droppedKeys.insert(key).inserted || result[key] != nil
            }
            if repeated { throw RepeatedPropertyValue() }
        }
        guard isObject else { return try reader.rejectValue(expected: "an object of \(value.typeName)") }
        return result
    }

    override func write(_ dictionary: [String: Value], to writer: inout JSONWriter) throws {
        try writer.beginObject()
        let keys = writer.sortsKeys ? dictionary.keys.sorted() : Array(dictionary.keys)
        for (index, key) in keys.enumerated() {
            writer.writeKey(key, isFirst: index == 0)
            guard let item = dictionary[key], !value.isAbsent(item) else {
                writer.writeNull()
                continue
            }
            try value.write(item, to: &writer)
        }
        writer.endObject(isEmpty: dictionary.isEmpty)
    }
}
