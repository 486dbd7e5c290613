import Foundation

/// A `Mappable` model: a JSON object whose members fill the model's properties through its plan.
final class ModelAdapter<Model: Mappable>: TypeAdapter<Model>, @unchecked Sendable {
    let plan: TypePlan

    init(plan: TypePlan) {
        self.plan = plan
    }

    // Each route has three entry points sharing a check and `makeModel(from:)`. The two in-place ones
    // hand the model on rather than returning `Model?`, which keeps generic `Optional` metadata off
    // the hot path.

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

    override func read(_ scanner: inout JSONScanner, _ context: inout ReadContext) throws -> Model? {
        guard try isObject(&scanner, &context) else { return nil }
        return try makeModel(from: &scanner, &context)
    }

    override func read(_ scanner: inout JSONScanner, assigningTo field: UnsafeMutableRawPointer, _ context: inout ReadContext) throws {
        guard try isObject(&scanner, &context) else { return }
        FieldStorage.store(try makeModel(from: &scanner, &context), in: field, at: 0)
    }

    override func read(_ scanner: inout JSONScanner, appendingTo array: inout [Model], _ context: inout ReadContext) throws {
        guard try isObject(&scanner, &context) else { return }
        array.append(try makeModel(from: &scanner, &context))
    }

    /// Whether an object is under the cursor; if not, the value is consumed and rejected.
    private func isObject(_ scanner: inout JSONScanner, _ context: inout ReadContext) throws -> Bool {
        if try scanner.peek() == .openBrace { return true }
        let _: Model? = try context.reject(scanner.scalar(), expected: "an object (\(typeName))")
        return false
    }

    private func makeModel(from scanner: inout JSONScanner, _ context: inout ReadContext) throws -> Model {
        try context.enterContainer()
        defer { context.leaveContainer() }
        var model = Model()
        try FieldStorage.withMutableBase(of: &model, isClass: plan.isClass) { base in
            try plan.fill(base, from: &scanner, &context)
        }
        return model
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
