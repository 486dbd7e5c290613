import Foundation

// Mapping any type the mapper handles to and from a `JSONValue`: what `LossyArray` and
// `MappableCodable` build on.

extension JSONMapper {
    /// Maps a ``JSONValue`` into any type the mapper handles.
    func value<T>(_ type: T.Type, from json: JSONValue) throws -> T {
        try read(T.self, fromTree: json.jsonObject, path: [], reporting: false).value
    }

    /// Writes any type the mapper handles as a ``JSONValue``.
    func jsonValue<T>(from value: T) throws -> JSONValue {
        let written = try write(value, toTree: true).result
        guard let json = JSONValue(jsonObject: written) else {
            throw MappingError(.notRepresentable(value: String(describing: T.self)))
        }
        return json
    }
}
