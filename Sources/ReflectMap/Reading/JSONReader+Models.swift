import Foundation

// What models need from the reader beyond values and containers: a look ahead at a polymorphic
// object's discriminator, nested key paths (read through a tree of the one object), a read that
// recovers from an unusable value in strict mode (``LossyArray``), and the after-mapping hook.

extension JSONReader {
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
        let isObject = try ahead.readObject { member, reader in
            if member == key, found == nil { found = try reader.readScalar() } else { try reader.skipValue() }
        }
        return isObject ? found : nil
    }

    /// The value a key-path entry names in a tree object, or `nil` when a step is missing.
    static func value(at key: String, _ rest: [String], in object: [String: Any]) -> Any? {
        var current: Any? = object[key]
        for component in rest {
            guard let inner = current as? [String: Any] else { return nil }
            current = inner[component]
        }
        return current
    }

    /// Calls `body` with a reader over the object under the cursor as a tree, for plans whose keys
    /// are paths into nested objects: the byte route reads the one object into a tree first. The
    /// report, deferred hooks and path carry over.
    mutating func readAsTree(_ body: (inout JSONReader) throws -> Void) throws {
        if isTree { return try body(&self) }
        let object = try readFoundationObject()
        var tree = JSONReader(
            tree: object, settings: settings, reporting: false, path: path,
            basePathCount: isAtTopLevel ? path.count : 0
        )
        tree.report = report
        tree.defersHooks = defersHooks
        tree.ignoredKey = ignoredKey
        ignoredKey = nil
        defer {
            report = tree.report
        }
        try body(&tree)
    }

    /// Reads one value with `body`; if it throws a mapping error about the value (not malformed
    /// JSON), the value is skipped, reported, and `false` returned, in strict mode too.
    mutating func readRecovering(_ body: (inout JSONReader) throws -> Void) throws -> Bool {
        var saved = self
        saved.report = nil
        do {
            try body(&self)
            return true
        } catch let error as MappingError {
            if case .malformedJSON = error.kind { throw error }
            if case .nestingTooDeep = error.kind { throw error }
            let located = locate(error)
            // Back to the value's start, with the report so far, and past it.
            saved.report = report
            self = saved
            try skipValue()
            report?.skipped.append(.init(path: located.path, message: located.description, value: located.value))
            return false
        }
    }

    /// Runs a finished model's ``Mappable/didFinishMapping()``, unless the byte route defers it.
    /// Returns `false` when lenient mode dropped the model it rejected.
    @inline(__always)
    mutating func finish(_ model: some Mappable, typeName: @autoclosure () -> String) throws -> Bool {
        if defersHooks { return true }
        return try runHook(of: model, typeName: typeName())
    }

    private mutating func runHook(of model: some Mappable, typeName: @autoclosure () -> String) throws -> Bool {
        do {
            try model.didFinishMapping()
            return true
        } catch {
            let _: Bool? = try fail(rejecting: error, as: typeName(), value: nil)
            return false
        }
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
        report?.skipped.append(.init(path: mapped.path, message: mapped.description, value: mapped.value))
        return nil
    }
}
