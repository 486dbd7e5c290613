import Foundation
import ReflectMap

/// One property named in ``HandyJSON/mapping(mapper:)``: its address in the instance, and its rule.
public typealias CustomMappingKeyValueTuple = (Int, MappingPropertyHandler)

/// What a custom mapping says about one property: the keys it is read from, and how its value is
/// converted each way.
public class MappingPropertyHandler {
    /// The keys, each as its steps into nested objects; `nil` for the property's own name.
    let keys: [[String]]?
    let assignment: ((Any?) -> Any?)?
    let takeValue: ((Any?) -> Any?)?
    /// The property's static type, when the operator that made the handler knows it.
    var propertyType: Any.Type?
    /// The ``AccessorProbe`` visit that saw the property through a temporary, when it was.
    var probeVisit: Int?

    /// Creates a handler.
    ///
    /// - Parameters:
    ///   - rawPaths: The keys the property is read from, the first present winning; a dot separates
    ///     nested keys (`"user.id"`), and `\.` is a dot inside a key. `nil` or empty for the
    ///     property's own name.
    ///   - assignmentClosure: The property's value for a JSON value; `nil` keeps the property's value.
    ///   - takeValueClosure: The JSON value for the property's value, when it is written.
    public init(rawPaths: [String]?, assignmentClosure: ((Any?) -> (Any?))?, takeValueClosure: ((Any?) -> (Any?))?) {
        let keys = rawPaths?.map(Self.steps(of:)).filter { !$0.isEmpty }
        self.keys = keys?.isEmpty == false ? keys : nil
        self.assignment = assignmentClosure
        self.takeValue = takeValueClosure
    }

    /// The steps of a HandyJSON key: split at dots that no backslash escapes, blank steps dropped.
    static func steps(of rawPath: String) -> [String] {
        var steps: [String] = []
        var current = ""
        var escaped = false
        for character in rawPath {
            if escaped {
                if character != "." { current.append("\\") }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "." {
                if !current.isEmpty { steps.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        if !current.isEmpty { steps.append(current) }
        return steps
    }
}

/// Collects a model's custom mapping: which keys its properties are read from, how their values are
/// converted, and which properties are left out.
///
/// ```swift
/// func mapping(mapper: HelpingMapper) {
///     mapper <<< self.id <-- "cat_id"
///     mapper <<< self.parent <-- TransformOf<(String, String), String>(fromJSON: …, toJSON: …)
///     mapper >>> self.cache
/// }
/// ```
public class HelpingMapper {
    private var handlers: [(address: Int, handler: MappingPropertyHandler)] = []
    private var exclusions: [(address: Int, type: Any.Type, probeVisit: Int?)] = []

    init() {}

    /// Reads the property from `name` (a dot separates nested keys).
    ///
    /// - Parameters:
    ///   - property: The property, as `&self.name`.
    ///   - name: The key.
    public func specify<T>(property: inout T, name: String) {
        specify(property: &property, name: name, converter: nil)
    }

    /// Reads the property through `converter`, from the JSON value as a string.
    ///
    /// - Parameters:
    ///   - property: The property, as `&self.name`.
    ///   - converter: The value for the JSON value's text.
    public func specify<T>(property: inout T, converter: @escaping (String) -> T) {
        specify(property: &property, name: nil, converter: converter)
    }

    /// Reads the property from `name`, through `converter` when one is given.
    ///
    /// - Parameters:
    ///   - property: The property, as `&self.name`.
    ///   - name: The key, or `nil` for the property's own name.
    ///   - converter: The value for the JSON value's text, or `nil` for the usual conversion.
    public func specify<T>(property: inout T, name: String?, converter: ((String) -> T)?) {
        let assignment = converter.map { convert in
            { (json: Any?) -> Any? in json.flatMap(Self.text(of:)).map(convert) }
        }
        let handler = MappingPropertyHandler(
            rawPaths: name.map { [$0] }, assignmentClosure: assignment, takeValueClosure: nil)
        add(identify(&property, handler), type: T.self)
    }

    /// Leaves the property out: it is neither read nor written.
    ///
    /// - Parameter property: The property, as `&self.name`.
    public func exclude<T>(property: inout T) {
        let address = address(of: &property)
        exclusions.append((address, T.self, AccessorProbe.current?.visit(&property, at: address)))
    }

    func add(_ mapping: CustomMappingKeyValueTuple, type: Any.Type? = nil) {
        if let type { mapping.1.propertyType = type }
        handlers.append((mapping.0, mapping.1))
    }

    /// The rules as ReflectMap's plan takes them. A rule whose property is neither at its address in the
    /// prototype nor found by the ``AccessorProbe`` is left out and logged; the rest of the model maps.
    func apply(to rules: inout JSONFieldRules, probe: AccessorProbe?) throws {
        let lowercases = rules.keyTranslator.name == Engine.caseInsensitiveTranslator.name
        for (address, type, visit) in exclusions {
            guard let property = property(at: address, type: type, visit: visit, in: rules, probe: probe) else {
                Log.error(UnidentifiedProperty(model: rules.modelType, type: type, rule: "exclusion").description)
                continue
            }
            rules.exclude(property)
        }
        for (address, handler) in handlers {
            guard
                let property = property(
                    at: address, type: handler.propertyType, visit: handler.probeVisit, in: rules, probe: probe)
            else {
                let rule = handler.keys.map { "rule for \($0.map { $0.joined(separator: ".") })" } ?? "transform"
                Log.error(
                    UnidentifiedProperty(model: rules.modelType, type: handler.propertyType, rule: rule).description)
                continue
            }
            if let keys = handler.keys {
                rules.setKeys(lowercases ? keys.map { $0.map { $0.lowercased() } } : keys, for: property)
            }
            if let assignment = handler.assignment {
                try rules.setAdapter(
                    Self.adapter(for: property.type, assignment: assignment, takeValue: handler.takeValue),
                    for: property)
            }
        }
    }

    /// The stored property a rule names: the one at its address in the prototype, else the one the probe
    /// saw its setter write.
    private func property(
        at address: Int, type: Any.Type?, visit: Int?, in rules: JSONFieldRules, probe: AccessorProbe?
    ) -> JSONFieldRules.Property? {
        if let found = rules.property(atAddress: address, type: type) { return found }
        guard let visit, let probe else { return nil }
        return probe.property(forVisit: visit)
    }

    /// An adapter for a property of type `type`, made of the handler's closures.
    private static func adapter(
        for type: Any.Type, assignment: @escaping (Any?) -> Any?, takeValue: ((Any?) -> Any?)?
    ) -> any JSONAdapter {
        func make<Value>(_ type: Value.Type) -> any JSONAdapter {
            ClosureAdapter<Value>(
                fromJSON: { assignment($0) },
                toJSON: takeValue.map { take in { value in take(value) } }
            )
        }
        return _openExistential(type, do: make)
    }

    /// A JSON scalar's text, for a converter: a string as it is, a number or Bool as JSON spells it.
    static func text(of json: Any) -> String? {
        JSONValue(jsonObject: json)?.scalarText
    }
}

/// A rule in `mapping(mapper:)` names a property that is neither stored in the instance nor found
/// through its setter: the rule is left out, and the property maps under its own name if it is stored.
struct UnidentifiedProperty: CustomStringConvertible {
    let model: Any.Type
    let type: Any.Type?
    let rule: String

    var description: String {
        let what = type.map { "a property of type \($0)" } ?? "a property"
        return "\(model).mapping(mapper:) names \(what) that is not a stored property of the instance, and "
            + "whose setter could not be traced to one; its \(rule) is left out. A stored property "
            + "named as self.name is found by its address; one with accessors (@objc dynamic, computed, "
            + "willSet, or didSet reading oldValue) is found through its setter when the model is a class "
            + "and the property is a number, String, Bool, Date, or an optional of one. Name the stored "
            + "property the accessors use instead, or use @JSONKey."
    }
}

/// The rule for a property passed `inout`: its address, the handler with the property's static type
/// (which tells it apart from a value at the same address inside it), and the probe's visit when the
/// address is a temporary's.
func identify<T>(_ property: inout T, _ handler: MappingPropertyHandler) -> CustomMappingKeyValueTuple {
    handler.propertyType = T.self
    let address = address(of: &property)
    handler.probeVisit = AccessorProbe.current?.visit(&property, at: address)
    return (address, handler)
}
