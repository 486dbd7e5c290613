/// A `Mappable` model: a JSON object whose members fill the model's properties through its plan.
/// Before filling, the model's ``Mappable/willStartMapping()`` runs; after, its
/// ``Mappable/didFinishMapping()`` runs on it before it is stored; a model it rejects is an unusable
/// value.
final class ModelAdapter<Model: Mappable>: InPlaceAdapter<Model>, @unchecked Sendable {
    let plan: TypePlan

    init(plan: TypePlan) {
        self.plan = plan
    }

    // The in-place entry points hand the model on rather than returning `Model?` through `read`,
    // which keeps generic `Optional` metadata off the hot path.

    override func read(_ reader: inout JSONReader) throws -> Model? {
        guard try reader.isObjectNext() else { return try reader.rejectValue(expected: "an object (\(typeName))") }
        var accepted = false
        let model = try makeModel(from: &reader, accepted: &accepted)
        return accepted ? model : nil
    }

    override func read(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldLocation<Model>) throws {
        guard try reader.isObjectNext() else { return try rejectNonObject(&reader) }
        var accepted = false
        let model = try makeModel(from: &reader, accepted: &accepted)
        if accepted { storage.store(model, at: field) }
    }

    override func readOptional(_ reader: inout JSONReader, into storage: ModelStorage, at field: FieldLocation<Model?>) throws {
        if try reader.readNull() { return storage.store(nil, at: field) }
        guard try reader.isObjectNext() else { return try rejectNonObject(&reader) }
        var accepted = false
        let model = try makeModel(from: &reader, accepted: &accepted)
        if accepted { storage.store(model, at: field) }
    }

    override func readElements(_ reader: inout JSONReader, into result: inout [Model]) throws -> Bool {
        try reader.gatherElements(into: &result) { reader, elements, pool in
            guard try reader.isObjectNext() else { return try rejectNonObject(&reader) }
            var accepted = false
            let model = try makeModel(from: &reader, accepted: &accepted)
            if accepted { elements.append(consume model, pool: pool) }
        }
    }

    /// Reports or throws for a value that is not an object. Kept out of line: the `Model?` it
    /// needs would otherwise cost its callers a metadata lookup on every call, failing or not.
    @inline(never)
    private func rejectNonObject(_ reader: inout JSONReader) throws {
        let _: Model? = try reader.rejectValue(expected: "an object (\(typeName))")
    }

    /// A new model filled from the object under the cursor. `accepted` is false when its hook
    /// rejected it in lenient mode. (An `inout` flag rather than `Model?`: in generic code every
    /// `Optional` costs a runtime metadata lookup.)
    @inline(__always)
    private func makeModel(from reader: inout JSONReader, accepted: inout Bool) throws -> Model {
        var model = Model()
        model.willStartMapping()
        let isClass = plan.isClass
        try fill(&model, from: &reader, updating: false) { field, storage in
            var fresh = Model()
            FieldStorage.withStorage(of: &fresh, isClass: isClass) { field.copy(from: $0, to: storage) }
        }
        accepted = try finish(&model, &reader)
        return model
    }

    /// Runs a filled model's ``Mappable/didFinishMapping()`` on the model itself, before it is stored.
    /// Returns `false` when lenient mode dropped the model it rejected; strict mode and the top level
    /// throw.
    @inline(__always)
    private func finish(_ model: inout Model, _ reader: inout JSONReader) throws -> Bool {
        do {
            try model.didFinishMapping()
            return true
        } catch {
            let _: Bool? = try reader.fail(rejecting: error, as: typeName, value: nil)
            return false
        }
    }

    /// Fills an existing model from the object under the cursor: only the keys present change.
    /// Then its hook runs; a rejection throws.
    ///
    /// An `@Observable` class is refused before anything is read. The mapper writes a field's storage,
    /// not its property's setter, and the macro notifies observers only from the setter: an update would
    /// change the instance behind every observer's back, and a SwiftUI view that reads it would stay stale.
    /// No key path of the macro's properties can be made at run time to notify them instead.
    func update(_ model: inout Model, from reader: inout JSONReader) throws {
        if plan.isObservable {
            throw MappingError(.rejected(
                type: typeName,
                reason: "it is an @Observable class, and updating it in place would change its properties without "
                    + "notifying its observers; map a new instance, or update a struct model held in an @Observable property"
            ))
        }
        guard try reader.isObjectNext() else {
            throw reader.error(.typeMismatch(expected: "an object (\(typeName))", found: try reader.readScalar().summary))
        }
        // A repeated key's property goes back to its value before the update: a struct's copy keeps
        // it, and a class instance's fields are copied into a new instance first.
        let isClass = plan.isClass
        let original = isClass ? copyOfFields(model) : model
        model.willStartMapping()
        try fill(&model, from: &reader, updating: true) { field, storage in
            var source = original
            FieldStorage.withStorage(of: &source, isClass: isClass) { field.copy(from: $0, to: storage) }
        }
        _ = try finish(&model, &reader)
    }

    /// A new instance holding a class model's fillable fields, as they are now.
    private func copyOfFields(_ model: Model) -> Model {
        var copy = Model()
        var source = model
        FieldStorage.withStorage(of: &source, isClass: true) { from in
            FieldStorage.withStorage(of: &copy, isClass: true) { to in
                for field in plan.fillable { field.copy(from: from, to: to) }
            }
        }
        return copy
    }

    /// Fills the model. `reset` puts a property back to its default when a repeated key fills it again.
    @inline(__always)
    private func fill(
        _ model: inout Model, from reader: inout JSONReader, updating: Bool,
        reset: (FieldAccessor, ModelStorage) -> Void
    ) throws {
        var filled = false
        try FieldStorage.withStorage(of: &model, isClass: plan.isClass) { storage in
            filled = true
            try plan.fill(storage, from: &reader, updating: updating, reset: reset)
        }
        // A struct with no stored properties has no storage; its object is still read and checked.
        if !filled { try plan.fill(nil, from: &reader, updating: updating, reset: reset) }
    }

    override func write(_ model: Model, to writer: inout JSONWriter) throws {
        try write(model, to: &writer, discriminator: nil)
    }

    /// Writes the model with the plan of its runtime type: a subclass held in a base-class property
    /// writes its own fields too, as GSON does.
    func write(_ model: Model, to writer: inout JSONWriter, discriminator: (key: String, value: String)?) throws {
        let written: Void? = try FieldStorage.withStorage(reading: model, isClass: plan.isClass) { storage in
            try write(storage, to: &writer, discriminator: discriminator)
        }
        if written == nil {
            // A struct with no stored properties.
            try writer.beginObject()
            writer.endObject(isEmpty: true)
        }
    }

    // A model property and an array of models are written from their storage in place: copying a
    // struct out costs a retain per reference it holds, and a class instance a retain.

    override func writeMember(
        from storage: ModelStorage, at field: FieldLocation<Model>, key: EncodedKey, isFirst: Bool,
        to writer: inout JSONWriter
    ) throws -> Bool {
        guard MemoryLayout<Model>.size > 0 else {
            return try super.writeMember(from: storage, at: field, key: key, isFirst: isFirst, to: &writer)
        }
        writer.writeKey(key, isFirst: isFirst)
        try write(storage.storage(ofModelAt: field, isClass: plan.isClass), to: &writer, discriminator: nil)
        return true
    }

    override func writeElements(_ models: [Model], to writer: inout JSONWriter) throws {
        guard MemoryLayout<Model>.size > 0 else { return try super.writeElements(models, to: &writer) }
        try writer.beginArray()
        try FieldStorage.forEachStorage(reading: models, isClass: plan.isClass) { index, storage in
            writer.beginElement(index)
            try write(storage, to: &writer, discriminator: nil)
        }
        writer.endArray(isEmpty: models.count == 0)
    }

    /// Writes the model in `storage`. A class instance is written with the plan of its runtime class,
    /// and is on the writer's path of active instances meanwhile, so that a reference cycle throws
    /// rather than recursing forever.
    @inline(__always)
    private func write(_ storage: ModelStorage, to writer: inout JSONWriter, discriminator: (key: String, value: String)?) throws {
        // A struct is written with its own plan, taken straight from this adapter.
        guard plan.isClass else {
            if let discriminator { return try plan.write(storage, to: &writer, discriminator: discriminator) }
            return try plan.write(storage, to: &writer)
        }
        var runtimePlan = plan
        let runtimeClass: AnyClass = storage.instanceClass
        if ObjectIdentifier(runtimeClass) != ObjectIdentifier(Model.self), let subclass = runtimeClass as? Model.Type {
            runtimePlan = try writer.plan(for: subclass)
        }
        guard writer.activeInstances.enter(storage.instanceIdentity) else {
            throw writer.error(.referenceCycle(type: typeName))
        }
        defer { writer.activeInstances.leave() }
        if let discriminator {
            try runtimePlan.write(storage, to: &writer, discriminator: discriminator)
        } else {
            try runtimePlan.write(storage, to: &writer)
        }
    }
}
