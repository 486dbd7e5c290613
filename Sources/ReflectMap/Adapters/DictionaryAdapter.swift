import Foundation

/// `[String: Value]`: maps each member of a JSON object. In lenient mode a member that cannot be
/// used is dropped and reported.
final class DictionaryAdapter<Value>: TypeAdapter<[String: Value]>, @unchecked Sendable {
    let value: TypeAdapter<Value>

    init(value: TypeAdapter<Value>) {
        self.value = value
    }

    override func read(_ json: Any, _ context: inout ReadContext) throws -> [String: Value]? {
        guard let object = json as? [String: Any] else {
            return try context.reject(JSONScalar(json), expected: "an object of \(value.typeName)")
        }
        try context.enterContainer()
        defer { context.leaveContainer() }
        var result: [String: Value] = [:]
        result.reserveCapacity(object.count)
        for (key, item) in object {
            context.push(.key(key))
            do {
                if let mapped = try value.read(item, &context) { result[key] = mapped }
            } catch let error as MappingError {
                throw error.prefixed(by: .key(key))
            }
            context.pop()
        }
        return result
    }

    override func read(_ scanner: inout JSONScanner, _ context: inout ReadContext) throws -> [String: Value]? {
        guard try scanner.peek() == .openBrace else {
            return try context.reject(scanner.scalar(), expected: "an object of \(value.typeName)")
        }
        try context.enterContainer()
        defer { context.leaveContainer() }
        try scanner.enterContainer()
        var result: [String: Value] = [:]
        var droppedKeys: Set<String> = []
        var first = true
        while let span = try scanner.nextKey(first: first) {
            first = false
            let key = scanner.string(span)
            context.push(.key(key))
            do {
                // A repeated key, kept or dropped before: the dictionary route sees only its last value.
                let repeated = if let mapped = try value.read(&scanner, &context) {
                    result.updateValue(mapped, forKey: key) != nil || (!droppedKeys.isEmpty && droppedKeys.contains(key))
                } else {
                    !droppedKeys.insert(key).inserted || result[key] != nil
                }
                if repeated { throw RepeatedPropertyValue() }
            } catch let error as MappingError {
                throw error.prefixed(by: .key(key))
            }
            context.pop()
        }
        return result
    }

    override func write(_ dictionary: [String: Value], _ context: inout WriteContext) throws -> Any? {
        try context.enterContainer()
        defer { context.leaveContainer() }
        var result: [String: Any] = [:]
        result.reserveCapacity(dictionary.count)
        for (key, item) in dictionary {
            do {
                result[key] = try value.write(item, &context) ?? NSNull()
            } catch let error as MappingError {
                throw error.prefixed(by: .key(key))
            }
        }
        return result
    }
}
