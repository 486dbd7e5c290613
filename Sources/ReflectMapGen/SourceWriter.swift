/// Writes declarations as Swift source, in the style a person would use: `var name = ""` where the
/// default tells the type, an annotation where it does not, `@JSONKey` only where it is needed.
struct SourceWriter {
    var emitsStructs: Bool
    var namespace: String?

    /// The whole file: header comment, imports (Foundation only for `Date`, `URL` or `UUID`), and
    /// the declarations.
    func file(header: [String], declarations: [Declaration]) -> String {
        var lines = header.map { $0.isEmpty ? "//" : "// " + $0 }
        let needsFoundation = declarations.contains { declaration in
            guard case .model(let model) = declaration else { return false }
            return model.properties.contains { $0.type.needsFoundation }
        }
        lines += [""] + (needsFoundation ? ["import Foundation"] : []) + ["import ReflectMap", ""]
        var body: [String] = []
        for (index, declaration) in declarations.enumerated() {
            if index > 0 { body.append("") }
            switch declaration {
            case .model(let model): body += self.declaration(model)
            case .enumeration(let enumeration): body += self.declaration(enumeration)
            }
        }
        if let namespace {
            // The namespace also lists its models, for `JSONMapper.prepare(_:)` at launch; it is
            // `nonisolated` so that an app target isolated to the main actor by default can hand it
            // over from a background task.
            let models = declarations.compactMap { declaration -> String? in
                guard case .model(let model) = declaration else { return nil }
                return model.name + ".self"
            }
            body += ["", "/// Every model above, to hand to `JSONMapper.prepare(_:)` at launch."]
            body += ["nonisolated static let allModels: [any Mappable.Type] = ["]
            body += models.map { "    " + $0 + "," }
            body += ["]"]
            lines.append("enum \(namespace) {")
            lines += body.map { $0.isEmpty ? "" : "    " + $0 }
            lines.append("}")
        } else {
            lines += body
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func declaration(_ declaration: ModelDeclaration) -> [String] {
        var lines = [(emitsStructs ? "struct " : "final class ") + declaration.name + ": Mappable {"]
        lines += declaration.properties.map { "    " + property($0) }
        if !emitsStructs {
            if !declaration.properties.isEmpty { lines.append("") }
            lines.append("    required init() {}")
        }
        lines.append("}")
        return lines
    }

    /// `enum Name: String {` and a case a line, with its raw value where the name differs from it.
    private func declaration(_ enumeration: EnumDeclaration) -> [String] {
        var lines = ["enum " + enumeration.name + ": String {"]
        lines += enumeration.cases.map { item in
            "    case " + item.name + (item.name == item.rawValue ? "" : " = " + Self.stringLiteral(item.rawValue))
        }
        lines.append("}")
        return lines
    }

    private func property(_ property: PropertyDeclaration) -> String {
        var line = property.explicitKey.map { "@JSONKey(\(Self.stringLiteral($0))) " } ?? ""
        line += "var " + property.name
        if property.isOptional {
            line += ": " + property.type.spelling + "?"
        } else {
            line += Self.typeAndDefault(property.type)
        }
        if let note = property.note { line += "  // " + note }
        return line
    }

    /// ` = ""` where the default tells the type, `: Int64 = 0` where it does not.
    private static func typeAndDefault(_ type: SwiftType) -> String {
        switch type {
        case .bool: " = false"
        case .int: " = 0"
        case .double: " = 0.0"
        case .string: " = \"\""
        case .model(let name): " = \(name)()"
        case .int64: ": Int64 = 0"
        case .uint64: ": UInt64 = 0"
        case .array: ": \(type.spelling) = []"
        case .dictionary: ": \(type.spelling) = [:]"
        case .rawJSON, .optional, .date, .url, .uuid, .enumeration: ": \(type.spelling)? = nil"
        }
    }

    /// A Swift string literal for a JSON key.
    static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                literal += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
