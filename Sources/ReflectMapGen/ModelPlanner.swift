import ReflectMap

/// Turns analysed shapes into declarations: picks each property's type and name, and each class's
/// name, visiting classes depth first so that the output order follows the JSON.
struct ModelPlanner {
    let translator: KeyTranslator
    /// Whether string places with few distinct values become enums (`--enums`).
    let infersEnums: Bool
    private(set) var declarations: [Declaration] = []
    private var classNames: [ObjectIdentifier: String] = [:]
    private var takenClassNames: Set<String> = []
    /// Where in ``declarations`` the enums declared so far are, by base name: places named alike
    /// (`lang` of a status and of a user) share one enum with the values of both.
    private var enumSlots: [String: [Int]] = [:]

    init(translator: KeyTranslator, infersEnums: Bool) {
        self.translator = translator
        self.infersEnums = infersEnums
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
        declarations.append(.model(ModelDeclaration(name: name, properties: [])))
        var namer = PropertyNamer(translator: translator)
        var properties: [PropertyDeclaration] = []
        for key in object.keys {
            guard let field = object.fields[key] else { continue }
            let resolution = resolve(field, parentName: name)
            let property = namer.name(for: key, isBool: resolution.type == .bool)
            properties.append(
                PropertyDeclaration(
                    name: property.name,
                    explicitKey: property.needsKeyAttribute ? key : nil,
                    type: resolution.type,
                    isOptional: object.isOptional(key) || resolution.isUnknown || resolution.type == .rawJSON
                        || resolution.type.hasNoEmptyValue,
                    note: resolution.note
                ))
        }
        declarations[slot] = .model(ModelDeclaration(name: name, properties: properties))
    }

    private mutating func resolve(_ value: ValueShape, parentName: String) -> Resolution {
        let kinds = value.kinds
        guard kinds.count == 1, let kind = kinds.first else {
            if kinds.isEmpty {
                return Resolution(
                    type: .rawJSON, note: "always null in the samples: type not inferred", isUnknown: true)
            }
            return Resolution(type: .rawJSON, note: "mixed types in the samples")
        }
        switch kind {
        case .bool: return Resolution(type: .bool)
        case .string: return Resolution(type: stringType(value, parentName: parentName))
        case .number:
            guard value.isIntegral else { return Resolution(type: .double) }
            return Resolution(type: value.needsUInt64 ? .uint64 : value.needsInt64 ? .int64 : .int)
        case .array:
            guard let element = value.element, element.occurrences > 0 else {
                return Resolution(
                    type: .array(.rawJSON), note: "always empty in the samples: element type not inferred",
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
                return Resolution(
                    type: .dictionary(.rawJSON), note: "always empty in the samples: value type not inferred",
                    isUnknown: true)
            }
            var resolution = collectionMember(values, parentName: parentName)
            resolution.type = .dictionary(resolution.type)
            return resolution
        }
    }

    /// `Date`, `URL` or `UUID` where the mapper writes every value back unchanged (``RicherTypes``),
    /// else an enum where ``EnumRule`` allows one and `--enums` asks for it, else `String`.
    private mutating func stringType(_ value: ValueShape, parentName: String) -> SwiftType {
        if let richer = RicherTypes.type(for: value.strings) { return richer }
        guard infersEnums, let cases = EnumRule.cases(for: value.strings) else { return .string }
        return .enumeration(enumName(for: value.hint, cases: cases, parentName: parentName))
    }

    /// The enum's name. An enum already declared for a place of the same name takes the new values
    /// when it stays within ``EnumRule/maximumCases`` with a name for each. Otherwise a new one is
    /// declared, named after its key (`state` → `State`, singular for elements) or, when that name
    /// is taken or names a standard type, prefixed with the parent class's (`type` → `EventType`).
    private mutating func enumName(for hint: NameHint, cases: [EnumCase], parentName: String) -> String {
        let base = TypeNaming.baseName(for: hint)
        for slot in enumSlots[base, default: []] {
            guard case .enumeration(var existing) = declarations[slot] else { continue }
            let known = Set(existing.cases.map(\.rawValue))
            let merged = existing.cases + cases.filter { !known.contains($0.rawValue) }
            guard merged.count <= EnumRule.maximumCases, Set(merged.map(\.name)).count == merged.count else { continue }
            existing.cases = merged
            declarations[slot] = .enumeration(existing)
            return existing.name
        }
        let name = uniqueName(base, parentName: parentName, suffix: base)
        takenClassNames.insert(name)
        enumSlots[base, default: []].append(declarations.count)
        declarations.append(.enumeration(EnumDeclaration(name: name, cases: cases)))
        return name
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
        name = uniqueName(name, parentName: parentName, suffix: base)
        register(object, as: name)
        return name
    }

    /// `name` when it is usable and free; else the parent's name followed by `suffix` (`Item` when
    /// empty); else that, numbered.
    private func uniqueName(_ name: String, parentName: String, suffix: String) -> String {
        var name = name
        if !TypeNaming.isUsable(name) || takenClassNames.contains(name) {
            name = parentName + (suffix.isEmpty ? "Item" : suffix)
        }
        let stem = name
        var number = 2
        while !TypeNaming.isUsable(name) || takenClassNames.contains(name) {
            name = stem + String(number)
            number += 1
        }
        return name
    }
}
