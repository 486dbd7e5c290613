/// A ``JSONPolymorphicEnum``: reads the case its discriminator names from the payload's object, and
/// writes a case's payload with its discriminator.
final class PolymorphicEnumAdapter<Enum: JSONPolymorphicEnum>: TypeAdapter<Enum>, @unchecked Sendable {
    private let typeKey: String
    /// Case readers by discriminator value.
    private let readers: [String: (inout JSONReader) throws -> Enum?]
    /// Case writers by case name, each with its first discriminator value.
    private let writers: [String: EnumCaseCodec<Enum>]
    private let valueList: String
    /// The unknown case, and its name.
    private let unknown: (make: (JSONValue) -> Enum, caseName: String)?

    init(builder: PlanBuilder, property: PropertyName) throws {
        typeKey = Enum.typeKey
        var readers: [String: (inout JSONReader) throws -> Enum?] = [:]
        var writers: [String: EnumCaseCodec<Enum>] = [:]
        for enumCase in Enum.cases {
            let codec = try enumCase.makeCodec(builder, typeKey)
            // A value listed twice is a mistake in the list, which would make the reading ambiguous.
            guard readers[enumCase.value] == nil else {
                throw MappingError(
                    .unsupportedType(
                        type: "\(Enum.self) (its cases list \"\(enumCase.value)\" twice)", property: "\(property)"
                    ))
            }
            readers[enumCase.value] = codec.read
            if writers[codec.caseName] == nil { writers[codec.caseName] = codec }
        }
        self.readers = readers
        self.writers = writers
        valueList = readers.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        unknown = Enum.unknownCase.map { make in (make, EnumCaseName.of(make(.null))) }
    }

    override func read(_ reader: inout JSONReader) throws -> Enum? {
        guard try reader.isObjectNext() else { return try reader.rejectValue(expected: "an object (\(typeName))") }
        let discriminator = try reader.peekMember(typeKey)
        if case .string(let value) = discriminator, let read = readers[value] {
            reader.ignoredKey = typeKey
            return try read(&reader)
        }
        if let unknown {
            guard
                let object = try reader.readUnknownVariant(
                    of: typeName, kind: "case", typeKey: typeKey, discriminator: discriminator)
            else { return try reader.rejectValue(expected: "an object (\(typeName))") }
            return unknown.make(object)
        }
        // Unknown or missing, with no case to keep it: an unusable value, at the discriminator's path.
        let problem: MappingError.Kind =
            if let discriminator {
                .invalidValue(value: discriminator.summary, type: "\(typeName) case (one of \(valueList))")
            } else {
                .missingKey(expected: "the discriminator \"\(typeKey)\" of \(typeName)")
            }
        var error = MappingError(problem, at: reader.components + [.key(typeKey)])
        error.value = discriminator?.jsonValue
        if reader.isStrict || reader.isAtTopLevel { throw error }
        try reader.skipValue()
        reader.report?.skip(error)
        return nil
    }

    override func write(_ value: Enum, to writer: inout JSONWriter) throws {
        let caseName = EnumCaseName.of(value)
        let payload = EnumCaseName.payload(of: value)
        if let unknown, caseName == unknown.caseName, let kept = payload as? JSONValue {
            // An object of an unknown case goes back as it came.
            return try writer.writeJSONValue(kept)
        }
        guard let payload, let codec = writers[caseName], try codec.write(payload, &writer) else {
            throw writer.error(
                .notRepresentable(value: "\(typeName).\(caseName), which \(typeName).cases does not list,"))
        }
    }
}

extension PlanBuilder {
    func polymorphicEnumAdapter<Enum: JSONPolymorphicEnum>(
        _ type: Enum.Type, property: PropertyName
    ) throws -> AnyObject {
        try PolymorphicEnumAdapter<Enum>(builder: self, property: property)
    }
}
