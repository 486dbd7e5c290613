/// A ``JSONPolymorphic`` base type: reads the subtype its discriminator names, writes the runtime
/// type with its discriminator.
final class PolymorphicAdapter<Base: JSONPolymorphic>: TypeAdapter<Base>, @unchecked Sendable {
    /// Reads one subtype's model as a `Base`.
    typealias SubtypeReader = (inout JSONReader) throws -> Base?
    /// Runs the hooks of one subtype's model held as a `Base`.
    typealias SubtypeFinisher = (Base) throws -> Void

    let typeKey: String
    private let base: ModelAdapter<Base>
    private let readers: [String: SubtypeReader]
    private let labels: [ObjectIdentifier: String]
    private let finishers: [ObjectIdentifier: SubtypeFinisher]
    private let labelList: String

    init(builder: PlanBuilder, property: String) throws {
        typeKey = Base.typeKey
        base = try builder.modelAdapter(Base.self)
        var readers: [String: SubtypeReader] = [:]
        var labels: [ObjectIdentifier: String] = [:]
        var finishers: [ObjectIdentifier: SubtypeFinisher] = [:]
        for (label, subtype) in Base.subtypes {
            guard subtype is Base.Type else {
                throw MappingError(.unsupportedType(
                    type: "\(subtype) (listed in \(Base.self).subtypes but not a \(Base.self))", property: property
                ))
            }
            readers[label] = try Self.reader(for: subtype, builder: builder)
            finishers[ObjectIdentifier(subtype)] = try Self.finisher(for: subtype, builder: builder)
            // The first label wins if two name one type; sorted, so that it does not depend on hashing.
            if let existing = labels[ObjectIdentifier(subtype)], existing < label { continue }
            labels[ObjectIdentifier(subtype)] = label
        }
        self.readers = readers
        self.labels = labels
        self.finishers = finishers
        labelList = readers.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
    }

    private static func reader<Subtype: Mappable>(for type: Subtype.Type, builder: PlanBuilder) throws -> SubtypeReader {
        let adapter = try builder.modelAdapter(Subtype.self)
        return { reader in try adapter.read(&reader).flatMap { $0 as? Base } }
    }

    private static func finisher<Subtype: Mappable>(for type: Subtype.Type, builder: PlanBuilder) throws -> SubtypeFinisher {
        let adapter = try builder.modelAdapter(Subtype.self)
        return { value in if let typed = value as? Subtype { try adapter.finishModels(in: typed) } }
    }

    override func finishModels(in value: Base) throws {
        if let finisher = finishers[ObjectIdentifier(type(of: value))] { return try finisher(value) }
        try base.finishModels(in: value)
    }

    override var holdsModels: Bool { true }

    override func read(_ reader: inout JSONReader) throws -> Base? {
        guard try reader.isObjectNext() else { return try reader.rejectValue(expected: "an object (\(typeName))") }
        let discriminator = try reader.peekMember(typeKey)
        let subtypeReader: SubtypeReader? = if case .string(let label) = discriminator { readers[label] } else { nil }
        reader.ignoredKey = typeKey
        if let subtypeReader { return try subtypeReader(&reader) }
        // Unknown or missing: strict mode throws; lenient mode reads the declared type, and says so.
        let problem: MappingError.Kind = if let discriminator {
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
            reader.report?.skipped.append(.init(path: error.path, message: error.description, value: error.value))
        }
        return try base.read(&reader)
    }

    override func write(_ value: Base, to writer: inout JSONWriter) throws {
        let runtimeType = type(of: value)
        guard let label = labels[ObjectIdentifier(runtimeType)] else {
            if runtimeType == Base.self { return try base.write(value, to: &writer, discriminator: nil) }
            throw writer.error(.notRepresentable(value: "a \(runtimeType), which \(typeName).subtypes does not list,"))
        }
        try base.write(value, to: &writer, discriminator: (typeKey, label))
    }
}
