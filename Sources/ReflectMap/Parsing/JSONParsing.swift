import Foundation

/// Bytes → JSON value, through `JSONSerialization`.
///
/// `JSONSerialization` rejects malformed input, numbers such as `1e400`, and nesting deeper than its
/// own limit (512 levels here) with an error; this turns each into a ``MappingError``.
enum JSONParsing {
    static func parse(_ data: Data) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let nsError = error as NSError
            let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
            throw MappingError(.malformedJSON(detail))
        }
    }

    /// The value at a dotted key path such as `data.result` or `data.items.0`, and the path to it.
    /// A numeric component indexes an array.
    static func value(at keyPath: String, in json: Any) throws -> (value: Any, path: [PathComponent]) {
        var current = json
        var path: [PathComponent] = []
        for component in keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            if let object = current as? [String: Any], let next = object[component] {
                current = next
                path.append(.key(component))
            } else if let array = current as? [Any], let index = Int(component), array.indices.contains(index) {
                current = array[index]
                path.append(.index(index))
            } else {
                throw MappingError(.keyPathNotFound(keyPath), at: path)
            }
        }
        return (current, path)
    }
}
