/// A ``JSONPolymorphic`` base type: reads the subtype its discriminator names, writes the runtime
/// type with its discriminator.
final class PolymorphicAdapter<Base: JSONPolymorphic>: TypeAdapter<Base>, @unchecked Sendable {
    /// Reads one subtype's model as a `Base`.
    typealias SubtypeReader = (inout JSONReader) throws -> Base?

    let typeKey: String
    private let base: ModelAdapter<Base>
    private let readers: [String: SubtypeReader]
    private let labels: [ObjectIdentifier: String]
    private let labelList: String
    /// The hierarchy's unknown subtype, and how to read one, when it names one.
    private let unknown: (type: ObjectIdentifier, read: (inout JSONReader, JSONValue) throws -> Base?)?

    init(builder: PlanBuilder, property: PropertyName) throws {
        typeKey = Base.typeKey
        base = try builder.modelAdapter(Base.self)
        var readers: [String: SubtypeReader] = [:]
        var labels: [ObjectIdentifier: String] = [:]
        let root: AnyClass? = Self.hierarchyRoot()
        for (label, subtype) in Base.subtypes {
            guard subtype is Base.Type else {
                // A property declared as a subclass (`var dog: Dog`) reads only that subclass's own
                // subtypes; its siblings are left out . A type outside the hierarchy is
                // a mistake in the list.
                if let root, Self.isClass(subtype, below: root) { continue }
                throw MappingError(
                    .unsupportedType(
                        type: "\(subtype) (listed in \(Base.self).subtypes but not a \(Base.self))",
                        property: "\(property)"
                    ))
            }
            readers[label] = try Self.reader(for: subtype, builder: builder)
            // The first label wins if two name one type; sorted, so that it does not depend on hashing.
            if let existing = labels[ObjectIdentifier(subtype)], existing < label { continue }
            labels[ObjectIdentifier(subtype)] = label
        }
        self.readers = readers
        self.labels = labels
        labelList = readers.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        if let fallback = Base.unknownSubtype {
            guard fallback is Base.Type else {
                throw MappingError(
                    .unsupportedType(
                        type: "\(fallback) (named by \(Base.self).unknownSubtype but not a \(Base.self))",
                        property: "\(property)"
                    ))
            }
            unknown = (ObjectIdentifier(fallback), try Self.unknownReader(for: fallback, builder: builder))
        } else {
            unknown = nil
        }
    }

    /// Reads an object of an unknown subtype as `Unknown`: its properties from the object, through a
    /// tree of it, and the whole object into ``JSONUnknownSubtype/unknownJSON``.
    private static func unknownReader<Unknown: JSONUnknownSubtype>(
        for type: Unknown.Type, builder: PlanBuilder
    ) throws -> (inout JSONReader, JSONValue) throws -> Base? {
        let adapter = try builder.modelAdapter(Unknown.self)
        return { reader, object in
            var tree = reader.treeReader(over: object)
            guard var model = try adapter.read(&tree) else { return nil }
            model.unknownJSON = object
            return model as? Base
        }
    }

    /// The topmost `JSONPolymorphic` class above `Base`, or `nil` when `Base` is not a class.
    private static func hierarchyRoot() -> AnyClass? {
        guard var current = Base.self as? AnyClass else { return nil }
        while let parent = _getSuperclass(current), parent is any JSONPolymorphic.Type {
            current = parent
        }
        return current
    }

    /// Whether `type` is `root` or a subclass of it.
    private static func isClass(_ type: Any.Type, below root: AnyClass) -> Bool {
        var current: AnyClass? = type as? AnyClass
        while let candidate = current {
            if ObjectIdentifier(candidate) == ObjectIdentifier(root) { return true }
            current = _getSuperclass(candidate)
        }
        return false
    }

    private static func reader<Subtype: Mappable>(for type: Subtype.Type, builder: PlanBuilder) throws -> SubtypeReader
    {
        let adapter = try builder.modelAdapter(Subtype.self)
        return { reader in try adapter.read(&reader).flatMap { $0 as? Base } }
    }

    override func read(_ reader: inout JSONReader) throws -> Base? {
        guard try reader.isObjectNext() else { return try reader.rejectValue(expected: "an object (\(typeName))") }
        let discriminator = try reader.peekMember(typeKey)
        let subtypeReader: SubtypeReader? = if case .string(let label) = discriminator { readers[label] } else { nil }
        reader.ignoredKey = typeKey
        if let subtypeReader { return try subtypeReader(&reader) }
        if let unknown {
            reader.ignoredKey = nil
            guard
                let object = try reader.readUnknownVariant(
                    of: typeName, kind: "subtype", typeKey: typeKey, discriminator: discriminator)
            else { return try reader.rejectValue(expected: "an object (\(typeName))") }
            return try unknown.read(&reader, object)
        }
        // Unknown or missing: strict mode throws; lenient mode reads the declared type, and says so.
        let problem: MappingError.Kind =
            if let discriminator {
                .invalidValue(value: discriminator.summary, type: "\(typeName) subtype (one of \(labelList))")
            } else {
                .missingKey(expected: "the discriminator \"\(typeKey)\" of \(typeName)")
            }
        if reader.isStrict {
            throw MappingError(problem, at: reader.components + [.key(typeKey)])
        }
        if reader.isReporting {
            var error = MappingError(problem, at: reader.components + [.key(typeKey)])
            error.value = discriminator?.jsonValue
            reader.report?.skip(error)
        }
        return try base.read(&reader)
    }

    override func write(_ value: Base, to writer: inout JSONWriter) throws {
        let runtimeType = type(of: value)
        // An object of an unknown subtype goes back as it came.
        if let unknown, ObjectIdentifier(runtimeType) == unknown.type {
            if let kept = value as? any JSONUnknownSubtype, case .object = kept.unknownJSON {
                return try writer.writeJSONValue(kept.unknownJSON)
            }
            // Made in code: its properties, with no discriminator, since it has none.
            return try base.write(value, to: &writer, discriminator: nil)
        }
        guard let label = labels[ObjectIdentifier(runtimeType)] else {
            if runtimeType == Base.self { return try base.write(value, to: &writer, discriminator: nil) }
            throw writer.error(.notRepresentable(value: "a \(runtimeType), which \(typeName).subtypes does not list,"))
        }
        try base.write(value, to: &writer, discriminator: (typeKey, label))
    }
}
