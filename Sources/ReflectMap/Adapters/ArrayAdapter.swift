import Foundation

/// `[Element]`: maps a JSON array element by element. In lenient mode an element that cannot be
/// used is dropped and reported; the rest of the array is kept.
final class ArrayAdapter<Element>: TypeAdapter<[Element]>, @unchecked Sendable {
    let element: TypeAdapter<Element>

    init(element: TypeAdapter<Element>) {
        self.element = element
    }

    override func read(_ json: Any, _ context: inout ReadContext) throws -> [Element]? {
        guard let array = json as? [Any] else {
            return try context.reject(JSONScalar(json), expected: "an array of \(element.typeName)")
        }
        try context.enterContainer()
        defer { context.leaveContainer() }
        var result: [Element] = []
        result.reserveCapacity(array.count)
        for (index, item) in array.enumerated() {
            context.push(.index(index))
            do {
                try element.read(item, appendingTo: &result, &context)
            } catch let error as MappingError {
                throw error.prefixed(by: .index(index))
            }
            context.pop()
        }
        return result
    }

    override func read(_ scanner: inout JSONScanner, _ context: inout ReadContext) throws -> [Element]? {
        guard try scanner.peek() == .openBracket else {
            return try context.reject(scanner.scalar(), expected: "an array of \(element.typeName)")
        }
        try context.enterContainer()
        defer { context.leaveContainer() }
        try scanner.enterContainer()
        var result: [Element] = []
        var index = 0
        while try scanner.nextElement(first: index == 0) {
            context.push(.index(index))
            do {
                try element.read(&scanner, appendingTo: &result, &context)
            } catch let error as MappingError {
                throw error.prefixed(by: .index(index))
            }
            context.pop()
            index += 1
        }
        return result
    }

    override func write(_ value: [Element], _ context: inout WriteContext) throws -> Any? {
        try context.enterContainer()
        defer { context.leaveContainer() }
        var result: [Any] = []
        result.reserveCapacity(value.count)
        for (index, item) in value.enumerated() {
            do {
                result.append(try element.write(item, &context) ?? NSNull())
            } catch let error as MappingError {
                throw error.prefixed(by: .index(index))
            }
        }
        return result
    }
}
