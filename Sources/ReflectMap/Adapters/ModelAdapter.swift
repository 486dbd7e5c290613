/// A `Mappable` model: a JSON object whose members fill the model's properties through its plan.
final class ModelAdapter<Model: Mappable>: TypeAdapter<Model>, @unchecked Sendable {
    let plan: TypePlan

    init(plan: TypePlan) {
        self.plan = plan
    }

    // The two in-place entry points hand the model on rather than returning `Model?`, which keeps
    // generic `Optional` metadata off the hot path.

    override func read(_ reader: inout JSONReader) throws -> Model? {
        guard try reader.isObjectNext() else { return try reader.rejectValue(expected: "an object (\(typeName))") }
        return try makeModel(from: &reader)
    }

    override func read(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldLocation<Model>) throws {
        guard try reader.isObjectNext() else {
            let _: Model? = try reader.rejectValue(expected: "an object (\(typeName))")
            return
        }
        storage.store(try makeModel(from: &reader), at: field)
    }

    override func readOptional(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldLocation<Model?>) throws {
        if try reader.readNull() { return storage.store(nil, at: field) }
        try readSome(&reader, into: storage, at: field)
    }

    /// Reads into an optional field; the model is stored as `.some`.
    private func readSome(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldLocation<Model?>) throws {
        guard try reader.isObjectNext() else {
            let _: Model? = try reader.rejectValue(expected: "an object (\(typeName))")
            return
        }
        storage.store(try makeModel(from: &reader), at: field)
    }

    override func read(_ reader: inout JSONReader, appendingTo array: inout [Model]) throws {
        guard try reader.isObjectNext() else {
            let _: Model? = try reader.rejectValue(expected: "an object (\(typeName))")
            return
        }
        array.append(try makeModel(from: &reader))
    }

    @inline(__always)
    private func makeModel(from reader: inout JSONReader) throws -> Model {
        var model = Model()
        var filled = false
        try FieldStorage.withStorage(of: &model, isClass: plan.isClass) { storage in
            filled = true
            try plan.fill(storage, from: &reader)
        }
        // A struct with no stored properties has no storage; its object is still read and checked.
        if !filled { try plan.fill(nil, from: &reader) }
        return model
    }

    override func write(_ model: Model, to writer: inout JSONWriter) throws {
        guard plan.isClass else {
            let written: Void? = try FieldStorage.withStorage(reading: model, isClass: false) { storage in
                try plan.write(storage, to: &writer)
            }
            if written == nil {
                // A struct with no stored properties.
                try writer.beginObject()
                writer.endObject(isEmpty: true)
            }
            return
        }
        let identity = FieldStorage.identity(of: model)
        guard writer.activeObjects.insert(identity).inserted else {
            throw writer.error(.referenceCycle(type: typeName))
        }
        defer { writer.activeObjects.remove(identity) }
        _ = try FieldStorage.withStorage(reading: model, isClass: true) { storage in
            try plan.write(storage, to: &writer)
        }
    }
}
