import Foundation
import ReflectMap

/// Where request parameters go.
///
/// Nested values encode the way Rails, PHP and Alamofire expect:
/// - query and form: `["user": ["name": "Ada", "tags": ["a", "b"]]]` becomes
///   `user[name]=Ada&user[tags][]=a&user[tags][]=b` before percent-encoding (the brackets are sent as
///   `%5B`/`%5D`); keys are sorted so URLs are stable; booleans are `true`/`false`; names and values
///   are percent-encoded per RFC 3986, so only letters, digits, `-._~`, `/` and `?` stay as they are;
/// - JSON: the parameters become the JSON object; a `Mappable` value anywhere inside is mapped with
///   the service's mapper.
public enum ParameterEncoding: Sendable, Hashable {
    /// In the URL's query string.
    case query
    /// As a JSON object in the body (`Content-Type: application/json`).
    case json
    /// As `application/x-www-form-urlencoded` in the body.
    case form

    /// Query for GET, DELETE, HEAD, OPTIONS, TRACE and CONNECT; JSON for POST, PUT, PATCH and any
    /// other method.
    /// - Parameters:
    ///   - method: The request's method.
    /// - Returns: Where that method's parameters go by default.
    public static func `default`(for method: HTTPMethod) -> ParameterEncoding {
        [HTTPMethod.get, .delete, .head, .options, .trace, .connect].contains(method) ? .query : .json
    }
}

/// Percent-encoded `key=value` pairs for query strings and form bodies.
enum FormEncoder {
    /// RFC 3986 unreserved characters, plus `/` and `?`, which a query may hold as they are.
    private static let allowed: CharacterSet = {
        var set = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        set.insert(charactersIn: "/?")
        return set
    }()

    static func encode(_ parameters: [String: any Sendable], mapper: JSONMapper) throws -> String {
        var pairs: [String] = []
        for key in parameters.keys.sorted() {
            if let value = parameters[key] {
                try append(value, named: key, to: &pairs, mapper: mapper)
            }
        }
        return pairs.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private static func append(_ value: Any, named name: String, to pairs: inout [String], mapper: JSONMapper) throws {
        switch value {
        case let dictionary as [String: Any]:
            for key in dictionary.keys.sorted() {
                if let nested = dictionary[key] {
                    try append(nested, named: "\(name)[\(key)]", to: &pairs, mapper: mapper)
                }
            }
        case let array as [Any]:
            for element in array { try append(element, named: "\(name)[]", to: &pairs, mapper: mapper) }
        case let model as any Mappable:
            try append(try JSONBody.jsonObject(model, mapper: mapper), named: name, to: &pairs, mapper: mapper)
        case is NSNull:
            pairs.append(escape(name))
        case let flag as Bool:
            pairs.append("\(escape(name))=\(flag ? "true" : "false")")
        default:
            pairs.append("\(escape(name))=\(escape("\(value)"))")
        }
    }
}

/// JSON request bodies.
enum JSONBody {
    /// A `Mappable` model as a JSON value; other values go through as they are.
    static func jsonObject(_ value: Any, mapper: JSONMapper) throws -> Any {
        switch value {
        case let model as any Mappable:
            do {
                return try mapper.jsonObject(from: model)
            } catch {
                throw APIError.invalidRequest("The body model cannot be written as JSON: \(error)")
            }
        case let dictionary as [String: Any]:
            return try dictionary.mapValues { try jsonObject($0, mapper: mapper) }
        case let array as [Any]:
            return try array.map { try jsonObject($0, mapper: mapper) }
        default:
            return value
        }
    }

    static func data(_ value: Any, mapper: JSONMapper) throws -> Data {
        if let model = value as? any Mappable {
            do {
                return try mapper.data(from: model)
            } catch {
                throw APIError.invalidRequest("The body model cannot be written as JSON: \(error)")
            }
        }
        let object = try jsonObject(value, mapper: mapper)
        guard JSONSerialization.isValidJSONObject(object) else {
            throw APIError.invalidRequest("The parameters cannot be written as JSON.")
        }
        do {
            return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        } catch {
            throw APIError.invalidRequest("The parameters cannot be written as JSON: \(error)")
        }
    }
}
