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

/// A `Mappable` model: a JSON object whose members fill the model's properties through its plan.
final class ModelAdapter<Model: Mappable>: TypeAdapter<Model>, @unchecked Sendable {
    let plan: TypePlan

    init(plan: TypePlan) {
        self.plan = plan
    }

    // Three entry points share `object(from:)` and `makeModel(from:)`. The two in-place ones hand the
    // model on rather than returning `Model?`, which keeps generic `Optional` metadata off the hot path.

    override func read(_ json: Any, _ context: inout ReadContext) throws -> Model? {
        guard let object = try object(from: json, &context) else { return nil }
        return try makeModel(from: object, &context)
    }

    override func read(_ json: Any, assigningTo field: UnsafeMutableRawPointer, _ context: inout ReadContext) throws {
        guard let object = try object(from: json, &context) else { return }
        FieldStorage.store(try makeModel(from: object, &context), in: field, at: 0)
    }

    override func read(_ json: Any, appendingTo array: inout [Model], _ context: inout ReadContext) throws {
        guard let object = try object(from: json, &context) else { return }
        array.append(try makeModel(from: object, &context))
    }

    /// The JSON object, or `nil` when lenient mode skipped a value that is not one.
    private func object(from json: Any, _ context: inout ReadContext) throws -> [String: Any]? {
        if let object = json as? [String: Any] { return object }
        return try context.reject(JSONScalar(json), expected: "an object (\(typeName))")
    }

    private func makeModel(from object: [String: Any], _ context: inout ReadContext) throws -> Model {
        try context.enterContainer()
        defer { context.leaveContainer() }
        var model = Model()
        try FieldStorage.withMutableBase(of: &model, isClass: plan.isClass) { base in
            try plan.fill(base, from: object, &context)
        }
        return model
    }

    override func write(_ model: Model, _ context: inout WriteContext) throws -> Any? {
        try context.enterContainer()
        defer { context.leaveContainer() }
        guard plan.isClass else {
            return try FieldStorage.withBase(of: model, isClass: false) { try plan.write($0, &context) } ?? [:]
        }
        let identity = ObjectIdentifier(model as AnyObject)
        guard context.activeObjects.insert(identity).inserted else {
            throw MappingError(.referenceCycle(type: typeName))
        }
        defer { context.activeObjects.remove(identity) }
        return try FieldStorage.withBase(of: model, isClass: true) { try plan.write($0, &context) } ?? [:]
    }
}
