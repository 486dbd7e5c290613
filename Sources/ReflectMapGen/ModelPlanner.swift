import ReflectMap

/// Turns analysed shapes into declarations: picks each property's type and name, and each class's
/// name, visiting classes depth first so that the output order follows the JSON.
struct ModelPlanner {
    let translator: KeyTranslator
    private(set) var declarations: [ModelDeclaration] = []
    private var classNames: [ObjectIdentifier: String] = [:]
    private var takenClassNames: Set<String> = []

    init(translator: KeyTranslator) {
        self.translator = translator
    }

    /// Declares the root class and, through it, every class it uses.
    mutating func declareRoot(_ root: ObjectShape, named name: String) {
        register(root, as: name)
    }

    private struct Resolution {
        var type: SwiftType
        var note: String?
        /// The samples did not tell the type.
        var isUnknown = false
    }

    private mutating func register(_ object: ObjectShape, as name: String) {
        classNames[ObjectIdentifier(object)] = name
        takenClassNames.insert(name)
        let slot = declarations.count
        declarations.append(ModelDeclaration(name: name, properties: []))
        var namer = PropertyNamer(translator: translator)
        var properties: [PropertyDeclaration] = []
        for key in object.keys {
            guard let field = object.fields[key] else { continue }
            let resolution = resolve(field, parentName: name)
            let property = namer.name(for: key, isBool: resolution.type == .bool)
            properties.append(PropertyDeclaration(
                name: property.name,
                explicitKey: property.needsKeyAttribute ? key : nil,
                type: resolution.type,
                isOptional: object.isOptional(key) || resolution.isUnknown || resolution.type == .rawJSON,
                note: resolution.note
            ))
        }
        declarations[slot].properties = properties
    }

    private mutating func resolve(_ value: ValueShape, parentName: String) -> Resolution {
        let kinds = value.kinds
        guard kinds.count == 1, let kind = kinds.first else {
            if kinds.isEmpty {
                return Resolution(type: .rawJSON, note: "always null in the samples: type not inferred", isUnknown: true)
            }
            return Resolution(type: .rawJSON, note: "mixed types in the samples")
        }
        switch kind {
        case .bool: return Resolution(type: .bool)
        case .string: return Resolution(type: .string)
        case .number:
            guard value.isIntegral else { return Resolution(type: .double) }
            return Resolution(type: value.needsUInt64 ? .uint64 : value.needsInt64 ? .int64 : .int)
        case .array:
            guard let element = value.element, element.occurrences > 0 else {
                return Resolution(type: .array(.rawJSON), note: "always empty in the samples: element type not inferred",
                                  isUnknown: true)
            }
            var resolution = collectionMember(element, parentName: parentName)
            resolution.type = .array(resolution.type)
            return resolution
        case .object:
            guard let object = value.object?.resolved else { return Resolution(type: .rawJSON) }
            guard let values = object.dictionaryValues else {
                return Resolution(type: .model(className(for: object, parentName: parentName)))
            }
            guard values.occurrences > 0 else {
                return Resolution(type: .dictionary(.rawJSON), note: "always empty in the samples: value type not inferred",
                                  isUnknown: true)
            }
            var resolution = collectionMember(values, parentName: parentName)
            resolution.type = .dictionary(resolution.type)
            return resolution
        }
    }

    /// The type of an array's elements or a dictionary's values; optional when some were `null`.
    private mutating func collectionMember(_ value: ValueShape, parentName: String) -> Resolution {
        var resolution = resolve(value, parentName: parentName)
        if value.hasNull, resolution.type != .rawJSON { resolution.type = .optional(resolution.type) }
        resolution.isUnknown = false
        return resolution
    }

    /// The class's name, declaring it on first use: named after its key (`URLItem`, `URLInfo` where
    /// the key names a standard type), prefixed with the parent's name when that name is taken or not
    /// an identifier, then numbered.
    private mutating func className(for object: ObjectShape, parentName: String) -> String {
        if let name = classNames[ObjectIdentifier(object)] { return name }
        let hint = object.preferredHint
        let base = TypeNaming.baseName(for: hint)
        var name = base
        if ReservedNames.typeNames.contains(name) {
            name += hint.isElement ? "Item" : "Info"
        }
        if !TypeNaming.isUsable(name) || takenClassNames.contains(name) {
            name = parentName + (base.isEmpty ? "Item" : base)
        }
        let stem = name
        var number = 2
        while !TypeNaming.isUsable(name) || takenClassNames.contains(name) {
            name = stem + String(number)
            number += 1
        }
        register(object, as: name)
        return name
    }
}
