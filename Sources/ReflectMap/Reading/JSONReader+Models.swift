import Foundation

// What models need from the reader beyond values and containers: a look ahead at an object's
// discriminator or keys, a tree's value taken as it is, a reader over a value already read, and a
// user's error turned into a mapping error.

extension JSONReader {
    /// The object of a polymorphic value whose discriminator names none of its known variants, read
    /// whole for the unknown variant to keep, and noted in the report as an unknown value. `kind` says
    /// what the discriminator chooses: `"subtype"` for a class hierarchy, `"case"` for an enum.
    /// - Returns: The object, or `nil` for a tree value that is not JSON.
    mutating func readUnknownVariant(
        of typeName: String, kind: String, typeKey: String, discriminator: JSONScalar?
    ) throws -> JSONValue? {
        guard let object = try readJSONValue() else { return nil }
        let what =
            discriminator.map { _ in "an object of a \(typeName) \(kind) the app does not know" }
            ?? "an object of \(typeName) with no \"\(typeKey)\""
        noteUnknownValue(discriminator?.jsonValue, what)
        return object
    }

    /// The scalar under `key` in the object under the cursor, consuming nothing: a polymorphic
    /// model's discriminator, which may come after other members. `nil` when the value is not an
    /// object or has no such member.
    mutating func peekMember(_ key: String) throws -> JSONScalar? {
        if isTree {
            guard let object = pending as? [String: Any], let value = object[key] else { return nil }
            return JSONScalar(value)
        }
        var ahead = self
        ahead.report = nil
        var found: JSONScalar?
        // The last occurrence, as a tree holds it.
        let isObject = try ahead.readObject { member, reader in
            if member == key { found = try reader.readScalar() } else { try reader.skipValue() }
        }
        return isObject ? found : nil
    }

    /// The keys of the object under the cursor, consuming nothing; `nil` when it is not an object.
    mutating func peekKeys() throws -> [String]? {
        if isTree { return (pending as? [String: Any]).map { Array($0.keys) } }
        var ahead = self
        ahead.report = nil
        var keys: [String] = []
        let isObject = try ahead.readObject { key, reader in
            keys.append(key)
            try reader.skipValue()
        }
        return isObject ? keys : nil
    }

    /// The tree's value under the cursor when it is a `Value` already and not JSON (an enum case or a
    /// model put into a dictionary in code); `nil` for bytes and for JSON values, which the property's
    /// adapter reads with the usual rules.
    func pendingValue<Value>(of type: Value.Type) -> Value? {
        guard isTree else { return nil }
        let value = pending
        if value is String || value is NSNumber || value is NSNull || value is [Any] || value is [String: Any] {
            return nil
        }
        return value as? Value
    }

    /// A reader over a value already read, at the same path, with the same settings and no report of
    /// its own.
    func treeReader(over value: JSONValue) -> JSONReader {
        let basePathCount = isAtTopLevel ? path.count : 0
        // The tree has no bytes to spell the input's keys from: they are spelled here.
        return JSONReader(
            tree: value.jsonObject, settings: settings, reporting: false, path: components, basePathCount: basePathCount
        )
    }

    /// A user's adapter or hook threw: a ``MappingError`` keeps its kind with its path below the
    /// cursor's, any other error becomes ``MappingError/Kind/rejected(type:reason:)``. Then as
    /// ``fail(_:value:)``: strict mode and the top level throw, lenient mode reports and returns `nil`.
    mutating func fail<Value>(rejecting error: any Error, as typeName: String, value: JSONValue?) throws -> Value? {
        var mapped: MappingError
        if let error = error as? MappingError {
            mapped = MappingError(error.kind, at: components + error.components)
            mapped.value = error.value
            mapped.byteOffset = error.byteOffset
        } else {
            mapped = MappingError(.rejected(type: typeName, reason: MappingError.reason(of: error)), at: components)
            mapped.value = value.flatMap { JSONScalar($0.jsonObject).jsonValue }
        }
        if mode == .strict || isAtTopLevel { throw mapped }
        report?.skip(mapped)
        return nil
    }
}
