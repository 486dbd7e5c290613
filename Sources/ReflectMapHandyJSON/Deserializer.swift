import Foundation
import ReflectMap

// Reading models, HandyJSON's way: each call gives `nil` rather than throwing, and the reason goes to
// the log (`HandyJSONConfiguration.debugMode`). The work is ReflectMap's: a JSON string maps from its
// bytes straight into the model (or, with `caseInsensitive`, through a tree with lowercased keys), and
// a dictionary through the same mapper's plan.

extension HandyJSON {
    /// A model from a JSON object, or from the object at `designatedPath` in it (`"data.user"`).
    ///
    /// - Parameters:
    ///   - json: A JSON document.
    ///   - designatedPath: Keys separated by dots, leading to the model's object.
    /// - Returns: The model, or `nil` when `json` is `nil`, is not JSON, or holds no object there.
    public static func deserialize(from json: String?, designatedPath: String? = nil) -> Self? {
        JSONDeserializer<Self>.deserializeFrom(json: json, designatedPath: designatedPath)
    }

    /// A model from a dictionary, or from the object at `designatedPath` in it.
    ///
    /// - Parameters:
    ///   - dict: A JSON object as `JSONSerialization` gives it.
    ///   - designatedPath: Keys separated by dots, leading to the model's object.
    /// - Returns: The model, or `nil`.
    public static func deserialize(from dict: [String: Any]?, designatedPath: String? = nil) -> Self? {
        JSONDeserializer<Self>.deserializeFrom(dict: dict, designatedPath: designatedPath)
    }

    /// A model from an `NSDictionary`, or from the object at `designatedPath` in it.
    ///
    /// - Parameters:
    ///   - dict: A JSON object.
    ///   - designatedPath: Keys separated by dots, leading to the model's object.
    /// - Returns: The model, or `nil`.
    public static func deserialize(from dict: NSDictionary?, designatedPath: String? = nil) -> Self? {
        JSONDeserializer<Self>.deserializeFrom(dict: dict, designatedPath: designatedPath)
    }
}

extension Array where Element: HandyJSON {
    /// Models from a JSON array, or from the array at `designatedPath`. An element that is not an
    /// object is `nil`, in its place.
    ///
    /// - Parameters:
    ///   - json: A JSON document.
    ///   - designatedPath: Keys separated by dots, leading to the array.
    /// - Returns: The models, or `nil` when there is no array.
    public static func deserialize(from json: String?, designatedPath: String? = nil) -> [Element?]? {
        JSONDeserializer<Element>.deserializeModelArrayFrom(json: json, designatedPath: designatedPath)
    }

    /// Models from an array of dictionaries; an element that is not one is `nil`.
    ///
    /// - Parameter array: JSON values as `JSONSerialization` gives them.
    /// - Returns: The models, or `nil` when `array` is `nil`.
    public static func deserialize(from array: [Any]?) -> [Element?]? {
        JSONDeserializer<Element>.deserializeModelArrayFrom(array: array)
    }

    /// Models from an `NSArray` of dictionaries; an element that is not one is `nil`.
    ///
    /// - Parameter array: JSON values.
    /// - Returns: The models, or `nil` when `array` is `nil`.
    public static func deserialize(from array: NSArray?) -> [Element?]? {
        JSONDeserializer<Element>.deserializeModelArrayFrom(array: array)
    }
}

/// Reads models of type `T`: the functions the `deserialize` methods call.
public class JSONDeserializer<T: HandyJSON> {
    /// A model from a dictionary, or from the object at `designatedPath` in it.
    ///
    /// - Parameters:
    ///   - dict: A JSON object.
    ///   - designatedPath: Keys separated by dots.
    /// - Returns: The model, or `nil`.
    public static func deserializeFrom(dict: NSDictionary?, designatedPath: String? = nil) -> T? {
        deserializeFrom(dict: dict as? [String: Any], designatedPath: designatedPath)
    }

    /// A model from a dictionary, or from the object at `designatedPath` in it.
    ///
    /// - Parameters:
    ///   - dict: A JSON object as `JSONSerialization` gives it.
    ///   - designatedPath: Keys separated by dots.
    /// - Returns: The model, or `nil`.
    public static func deserializeFrom(dict: [String: Any]?, designatedPath: String? = nil) -> T? {
        guard let dict else { return nil }
        return attempt { try Engine.map(T.self, object: dict, designatedPath: designatedPath) }
    }

    /// A model from a JSON document, or from the object at `designatedPath` in it.
    ///
    /// - Parameters:
    ///   - json: A JSON document.
    ///   - designatedPath: Keys separated by dots.
    /// - Returns: The model, or `nil`.
    public static func deserializeFrom(json: String?, designatedPath: String? = nil) -> T? {
        guard let json else { return nil }
        return attempt { try Engine.map(T.self, json: json, designatedPath: designatedPath) }
    }

    /// Fills an existing model from a dictionary: only the keys present change.
    ///
    /// - Parameters:
    ///   - object: The model.
    ///   - dict: A JSON object.
    ///   - designatedPath: Keys separated by dots.
    public static func update(object: inout T, from dict: [String: Any]?, designatedPath: String? = nil) {
        guard let dict else { return }
        update(&object) { try Engine.inner(of: dict, at: Engine.keyPath(designatedPath)) }
    }

    /// Fills an existing model from a JSON document: only the keys present change.
    ///
    /// - Parameters:
    ///   - object: The model.
    ///   - json: A JSON document.
    ///   - designatedPath: Keys separated by dots.
    public static func update(object: inout T, from json: String?, designatedPath: String? = nil) {
        guard let json else { return }
        update(&object) {
            try Engine.inner(of: try JSONValue(parsing: Data(json.utf8)).jsonObject, at: Engine.keyPath(designatedPath))
        }
    }

    /// Models from a JSON array, or from the array at `designatedPath`; an element that is not an
    /// object is `nil`.
    ///
    /// - Parameters:
    ///   - json: A JSON document.
    ///   - designatedPath: Keys separated by dots.
    /// - Returns: The models, or `nil` when there is no array.
    public static func deserializeModelArrayFrom(json: String?, designatedPath: String? = nil) -> [T?]? {
        guard let json else { return nil }
        // The byte route first; an element that is not an object (which it drops and reports) sends
        // the array through the tree, where it keeps its place as `nil`.
        if !Engine.isCaseInsensitive,
            let mapped = try? mapWithReport(json: json, designatedPath: designatedPath), mapped.report.skipped.isEmpty
        {
            return mapped.value
        }
        let tree: Any? = attempt {
            try Engine.inner(of: try JSONValue(parsing: Data(json.utf8)).jsonObject, at: Engine.keyPath(designatedPath))
        }
        return tree.flatMap { deserializeModelArrayFrom(array: $0 as? [Any]) }
    }

    /// Models from an `NSArray`; an element that is not an object is `nil`.
    ///
    /// - Parameter array: JSON values.
    /// - Returns: The models, or `nil` when `array` is `nil`.
    public static func deserializeModelArrayFrom(array: NSArray?) -> [T?]? {
        deserializeModelArrayFrom(array: array.map { $0 as? [Any] ?? [] })
    }

    /// Models from an array; an element that is not an object is `nil`.
    ///
    /// - Parameter array: JSON values as `JSONSerialization` gives them.
    /// - Returns: The models, or `nil` when `array` is `nil`.
    public static func deserializeModelArrayFrom(array: [Any]?) -> [T?]? {
        guard let array else { return nil }
        return array.map { element in
            guard let dict = element as? [String: Any] else { return nil }
            return deserializeFrom(dict: dict)
        }
    }

    /// The byte route over a whole document; `nil` with a designated path, which the tree walks.
    private static func mapWithReport(
        json: String, designatedPath: String?
    ) throws -> (value: [T?], report: MappingReport)? {
        guard Engine.keyPath(designatedPath) == nil else { return nil }
        let mapped = try Engine.exactMapper.mapWithReport([T].self, from: Data(json.utf8))
        return (mapped.value.map { $0 }, mapped.report)
    }

    private static func update(_ object: inout T, from tree: () throws -> Any) {
        do {
            var found = try tree()
            if Engine.isCaseInsensitive, let value = JSONValue(jsonObject: found) {
                found = Engine.lowercasedKeys(value).jsonObject
            }
            guard JSONSerialization.isValidJSONObject(found), found is [String: Any] else {
                throw HandyJSONError.notAnObject(String(describing: type(of: found)))
            }
            try Engine.mapper.update(&object, from: try JSONSerialization.data(withJSONObject: found))
        } catch {
            Log.error("updating \(T.self) failed: \(error)")
        }
    }

    private static func attempt<Result>(_ body: () throws -> Result) -> Result? {
        do {
            return try body()
        } catch {
            Log.error("mapping \(T.self) failed: \(error)")
            return nil
        }
    }
}
