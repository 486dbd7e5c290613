import Foundation
import ReflectMap

/// The ReflectMap mappers behind the HandyJSON API, and the steps HandyJSON's calls share.
///
/// Models map leniently (HandyJSON converts between numbers, strings and Bools), with property names
/// as keys. With ``DeserializeOptions/caseInsensitive`` the input's keys are lowercased and the
/// mapper's keys are too, through a translator of its own, so each option keeps its own plans.
enum Engine {
    static let exactMapper = JSONMapper()
    static let caseInsensitiveTranslator = KeyTranslator(name: "HandyJSON.caseInsensitive") { $0.lowercased() }
    static let caseInsensitiveMapper = JSONMapper(keyTranslator: caseInsensitiveTranslator)

    static let prettyWriter: JSONMapper = {
        var mapper = exactMapper
        mapper.outputFormatting.insert(.prettyPrinted)
        return mapper
    }()

    static var isCaseInsensitive: Bool { HandyJSONConfiguration.deserializeOptions.contains(.caseInsensitive) }

    /// Maps a JSON document, or the object at `designatedPath` in it. The string's UTF-8 goes straight into
    /// the model (ReflectMap's byte route) unless keys are matched whatever their case.
    static func map<T: Mappable>(_ type: T.Type, json: String, designatedPath: String?) throws -> T {
        let path = keyPath(designatedPath)
        if isCaseInsensitive {
            let tree = try JSONValue(parsing: Data(json.utf8))
            return try map(
                T.self, with: caseInsensitiveMapper, object: try inner(of: lowercasedKeys(tree).jsonObject, at: path))
        }
        if let path { return try exactMapper.map(T.self, from: json, at: path) }
        guard logsReports else { return try exactMapper.map(T.self, from: json) }
        let (value, report) = try exactMapper.mapWithReport(T.self, from: json)
        log(report, for: T.self)
        return value
    }

    /// Maps a Foundation tree, logging what did not fit when the debug mode asks for it.
    private static func map<T: Mappable>(_ type: T.Type, with mapper: JSONMapper, object: Any) throws -> T {
        guard logsReports else { return try mapper.map(T.self, fromJSONObject: object) }
        let (value, report) = try mapper.mapWithReport(T.self, fromJSONObject: object)
        log(report, for: T.self)
        return value
    }

    /// Whether mappings report what did not fit, for the log: at ``DebugMode/debug`` and below.
    static var logsReports: Bool { HandyJSONConfiguration.debugMode.rawValue <= DebugMode.debug.rawValue }

    private static func log(_ report: MappingReport, for type: Any.Type) {
        for entry in report.skipped { Log.debug("mapping \(type): \(entry.message)") }
    }

    /// Maps a Foundation tree, or the object at `designatedPath` in it.
    static func map<T: Mappable>(_ type: T.Type, object: Any, designatedPath: String?) throws -> T {
        let found = try inner(of: object, at: keyPath(designatedPath))
        if isCaseInsensitive {
            guard let value = JSONValue(jsonObject: found) else {
                throw HandyJSONError.notJSON(String(describing: Swift.type(of: found)))
            }
            return try map(T.self, with: caseInsensitiveMapper, object: lowercasedKeys(value).jsonObject)
        }
        return try map(T.self, with: exactMapper, object: found)
    }

    /// The mapper for the current options.
    static var mapper: JSONMapper { isCaseInsensitive ? caseInsensitiveMapper : exactMapper }

    /// HandyJSON's designated path: keys separated by dots, blank ones ignored; `nil` when none is left.
    static func keyPath(_ designatedPath: String?) -> String? {
        guard let designatedPath else { return nil }
        let keys = designatedPath.components(separatedBy: ".")
            .filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        return keys.isEmpty ? nil : keys.joined(separator: ".")
    }

    /// The value at a dotted key path in a Foundation tree, as every ReflectMap key path is followed.
    static func inner(of object: Any, at keyPath: String?) throws -> Any {
        guard let keyPath else { return object }
        let lookup: (String) -> String = isCaseInsensitive ? { $0.lowercased() } : { $0 }
        guard let found = JSONKeyPath(keyPath).value(in: object, key: lookup) else {
            throw HandyJSONError.pathNotFound(keyPath)
        }
        return found
    }

    /// A tree whose object keys are lowercased, at every depth.
    static func lowercasedKeys(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            var lowered: [String: JSONValue] = [:]
            lowered.reserveCapacity(members.count)
            for (key, member) in members { lowered[key.lowercased()] = lowercasedKeys(member) }
            return .object(lowered)
        case .array(let elements):
            return .array(elements.map(lowercasedKeys))
        default:
            return value
        }
    }
}

/// Why a call of the HandyJSON API gave `nil`, as the log spells it.
enum HandyJSONError: Error, CustomStringConvertible {
    case notJSON(String)
    case pathNotFound(String)
    case notAnObject(String)

    var description: String {
        switch self {
        case .notJSON(let type): return "a value of type \(type) is not JSON"
        case .pathNotFound(let path): return "the designated path \"\(path)\" leads nowhere"
        case .notAnObject(let type): return "\(type) is not a JSON object"
        }
    }
}
