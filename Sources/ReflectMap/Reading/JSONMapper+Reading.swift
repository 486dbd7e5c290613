import Foundation

// JSON into models: the public entry points, and the two routes under them. Bytes are read in place
// and `JSONSerialization` trees are read as they are, both through one `JSONReader` and the adapters
// the plan cache holds.

extension JSONMapper {
    /// Maps JSON bytes into a model, or into `[Model]` for a JSON array.
    ///
    /// The bytes go straight into the model's fields: no dictionary is built, a value no property
    /// wants is validated and skipped, and a string is decoded only when a property takes it.
    ///
    /// - Parameters:
    ///   - type: The model type, or `[Model].self`.
    ///   - data: UTF-8 JSON.
    /// - Returns: The model, or the models of a JSON array.
    /// - Throws: ``MappingError`` for malformed JSON (with its ``MappingError/byteOffset``), a
    ///   top-level value of the wrong kind, or (in strict mode) any mismatch.
    public func map<T: Mappable>(_ type: T.Type, from data: Data) throws -> T {
        try reading(T.self, at: nil, reporting: false) { try read(T.self, from: data, at: nil, reporting: $0) }.value
    }

    /// Maps a dictionary, as `JSONSerialization` returns it, into a model.
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - dictionary: A JSON object.
    /// - Returns: The model.
    /// - Throws: ``MappingError`` when the dictionary cannot be mapped.
    public func map<T: Mappable>(_ type: T.Type, from dictionary: [String: Any]) throws -> T {
        try reading(T.self, at: nil, reporting: false) {
            try read(T.self, fromTree: dictionary, path: [], reporting: $0, model: T.self)
        }.value
    }

    /// Maps the value at a dotted key path, such as `"data.result"`, to unwrap an envelope.
    /// A numeric component indexes an array: `"data.items.0"`. Leading and trailing dots are ignored,
    /// and an empty key path is the whole document.
    ///
    /// - Parameters:
    ///   - type: The model type, or `[Model].self`.
    ///   - data: UTF-8 JSON.
    ///   - keyPath: Dot-separated keys and array indices; `\.` is a dot inside a key, and `\\` a
    ///     backslash.
    /// - Returns: The model, or the models, at the key path.
    /// - Throws: ``MappingError``, of kind ``MappingError/Kind/keyPathNotFound(_:)`` when the path leads nowhere.
    public func map<T: Mappable>(_ type: T.Type, from data: Data, at keyPath: String) throws -> T {
        try reading(T.self, at: keyPath, reporting: false) { try read(T.self, from: data, at: keyPath, reporting: $0) }
            .value
    }

    /// Maps a top-level JSON array into models.
    ///
    /// - Parameters:
    ///   - type: The element model type.
    ///   - data: UTF-8 JSON holding an array.
    /// - Returns: The models, in the array's order.
    /// - Throws: ``MappingError`` when the data cannot be mapped.
    public func mapArray<T: Mappable>(_ type: T.Type, from data: Data) throws -> [T] {
        try map([T].self, from: data)
    }

    /// Maps JSON text into a model, or into `[Model]` for a JSON array, as `map(_:from:)`
    /// maps bytes: the string's UTF-8 is read in place, with the same rules, errors and reports.
    ///
    /// ```swift
    /// let user = try mapper.map(User.self, from: #"{"id": 1, "screen_name": "ada"}"#)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The model type, or `[Model].self`.
    ///   - string: JSON text.
    /// - Returns: The model, or the models of a JSON array.
    /// - Throws: ``MappingError`` for malformed JSON (with its ``MappingError/byteOffset`` in the
    ///   string's UTF-8), a top-level value of the wrong kind, or (in strict mode) any mismatch.
    public func map<T: Mappable>(_ type: T.Type, from string: String) throws -> T {
        try reading(T.self, at: nil, reporting: false) { try read(T.self, from: string, at: nil, reporting: $0) }.value
    }

    /// Maps the value at a dotted key path of JSON text, as `map(_:from:at:)` does for `Data`.
    ///
    /// - Parameters:
    ///   - type: The model type, or `[Model].self`.
    ///   - string: JSON text.
    ///   - keyPath: Dot-separated keys and array indices; `\.` is a dot inside a key.
    /// - Returns: The model, or the models, at the key path.
    /// - Throws: ``MappingError``, of kind ``MappingError/Kind/keyPathNotFound(_:)`` when the path leads nowhere.
    public func map<T: Mappable>(_ type: T.Type, from string: String, at keyPath: String) throws -> T {
        try reading(T.self, at: keyPath, reporting: false) {
            try read(T.self, from: string, at: keyPath, reporting: $0)
        }.value
    }

    /// Maps a top-level JSON array in JSON text into models.
    ///
    /// - Parameters:
    ///   - type: The element model type.
    ///   - string: JSON text holding an array.
    /// - Returns: The models, in the array's order.
    /// - Throws: ``MappingError`` when the text cannot be mapped.
    public func mapArray<T: Mappable>(_ type: T.Type, from string: String) throws -> [T] {
        try map([T].self, from: string)
    }

    /// Maps JSON text and reports what did not match exactly.
    ///
    /// - Parameters:
    ///   - type: The model type, or `[Model].self`.
    ///   - string: JSON text.
    /// - Returns: The model, and a report of what did not match exactly.
    /// - Throws: ``MappingError`` when the text cannot be mapped at all.
    public func mapWithReport<T: Mappable>(
        _ type: T.Type, from string: String
    ) throws -> (value: T, report: MappingReport) {
        let result = try reading(T.self, at: nil, reporting: true) {
            try read(T.self, from: string, at: nil, reporting: $0)
        }
        return (result.value, result.report ?? MappingReport())
    }

    /// Maps any `JSONSerialization` output: a dictionary for a model, an array for `[Model]`.
    ///
    /// - Parameters:
    ///   - type: The model type, or `[Model].self`.
    ///   - object: What `JSONSerialization` returned, or Swift values of the same shapes.
    /// - Returns: The model, or the models of an array.
    /// - Throws: ``MappingError`` when the object cannot be mapped.
    public func map<T: Mappable>(_ type: T.Type, fromJSONObject object: Any) throws -> T {
        try reading(T.self, at: nil, reporting: false) {
            try read(T.self, fromTree: object, path: [], reporting: $0, model: T.self)
        }
        .value
    }

    /// Maps JSON bytes and reports what did not match exactly: unmapped keys, unfilled properties,
    /// coercions and skipped values.
    ///
    /// - Parameters:
    ///   - type: The model type, or `[Model].self`.
    ///   - data: UTF-8 JSON.
    /// - Returns: The model, and a report of what did not match exactly.
    /// - Throws: ``MappingError`` when the data cannot be mapped at all.
    public func mapWithReport<T: Mappable>(_ type: T.Type, from data: Data) throws -> (value: T, report: MappingReport)
    {
        let result = try reading(T.self, at: nil, reporting: true) {
            try read(T.self, from: data, at: nil, reporting: $0)
        }
        return (result.value, result.report ?? MappingReport())
    }

    /// Maps a dictionary and reports what did not match exactly.
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - dictionary: A JSON object.
    /// - Returns: The model, and a report of what did not match exactly.
    /// - Throws: ``MappingError`` when the dictionary cannot be mapped at all.
    public func mapWithReport<T: Mappable>(
        _ type: T.Type, from dictionary: [String: Any]
    ) throws -> (value: T, report: MappingReport) {
        let result = try reading(T.self, at: nil, reporting: true) {
            try read(T.self, fromTree: dictionary, path: [], reporting: $0, model: T.self)
        }
        return (result.value, result.report ?? MappingReport())
    }

    /// Maps any `JSONSerialization` output and reports what did not match exactly.
    ///
    /// - Parameters:
    ///   - type: The model type, or `[Model].self`.
    ///   - object: What `JSONSerialization` returned.
    /// - Returns: The model, and a report of what did not match exactly.
    /// - Throws: ``MappingError`` when the object cannot be mapped at all.
    public func mapWithReport<T: Mappable>(
        _ type: T.Type, fromJSONObject object: Any
    ) throws -> (value: T, report: MappingReport) {
        let result = try reading(T.self, at: nil, reporting: true) {
            try read(T.self, fromTree: object, path: [], reporting: $0, model: T.self)
        }
        return (result.value, result.report ?? MappingReport())
    }

    /// Fills an existing model from JSON: only the properties whose keys are present change, and
    /// missing keys are not errors, in strict mode either (ObjectMapper's `map(JSON:toObject:)`).
    /// Nested models are created anew. ``Mappable/didFinishMapping()`` runs afterwards.
    ///
    /// ```swift
    /// try mapper.update(&settings, from: patchData)
    /// ```
    ///
    /// A struct is left unchanged when this throws; a class instance may have been partly updated.
    /// An array is replaced as a whole.
    ///
    /// An `@Observable` class is refused with ``MappingError``, before anything changes: its observers
    /// hear only its properties' setters, and the mapper writes storage. Update a struct model that an
    /// `@Observable` property holds instead (`try mapper.update(&store.settings, from: patch)`): the
    /// update then goes through that property's setter, and its observers hear it.
    ///
    /// - Parameters:
    ///   - value: The model to update.
    ///   - data: UTF-8 JSON holding an object.
    /// - Throws: ``MappingError`` for malformed JSON, a top-level value that is not an object, or (in
    ///   strict mode) a value that does not fit.
    public func update<T: Mappable>(_ value: inout T, from data: Data) throws {
        try update(&value, input: data)
    }

    /// Fills an existing model from JSON text, as `update(_:from:)` does from `Data`.
    ///
    /// ```swift
    /// try mapper.update(&settings, from: #"{"theme": "dark"}"#)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The model to update.
    ///   - string: JSON text holding an object.
    /// - Throws: ``MappingError`` for malformed JSON, a top-level value that is not an object, or (in
    ///   strict mode) a value that does not fit.
    public func update<T: Mappable>(_ value: inout T, from string: String) throws {
        try update(&value, input: string)
    }

    private func update<T: Mappable>(_ value: inout T, input: some JSONInput) throws {
        let adapter = try cache.adapter(for: T.self, translator: keyTranslator, model: T.self)
        let report = try input.reading { bytes in
            var reader = JSONReader(
                scanner: JSONScanner(bytes: bytes), settings: readSettings, reporting: reportHandler != nil)
            var copy = value
            do {
                if let model = adapter as? ModelAdapter<T> {
                    defer { reader.recyclePool() }
                    do {
                        try model.update(&copy, from: &reader)
                    } catch let error as MappingError {
                        throw reader.locate(error)
                    }
                } else {
                    copy = try read(adapter, &reader)
                }
                try reader.finish()
            } catch let error as MappingError where error.isRecoverable {
                try validate(bytes)
                throw error
            }
            value = copy
            return reader.report
        }
        if let reportHandler, let report { deliver(report.report, for: T.self, at: nil, to: reportHandler) }
    }

    // MARK: Routes

    /// Runs a read and hands a report that is not clean to the report handler. Without a handler it is
    /// the read alone; with one, every read reports, and the report goes back only to a caller that
    /// asked for it.
    @inline(__always)
    func reading<T>(
        _ type: T.Type, at keyPath: String?, reporting: Bool,
        _ read: (Bool) throws -> (value: T, report: MappingReport?)
    ) throws -> (value: T, report: MappingReport?) {
        guard let reportHandler else { return try read(reporting) }
        let result = try read(true)
        deliver(result.report ?? MappingReport(), for: T.self, at: keyPath, to: reportHandler)
        return reporting ? result : (result.value, nil)
    }

    var readSettings: ReadSettings {
        ReadSettings(mode: mode, dateStrategy: dateStrategy, maxDepth: maxDepth)
    }

    /// Maps bytes straight into the model's fields. The bytes are read once, in order; what an object
    /// makes of its members (repeated keys, alternates, which error strict mode reports) is decided
    /// where the object is filled, by the same rules as for a tree (see the fill loop in `TypePlan.swift`).
    /// A document that does not map is still checked to its end, so that malformed JSON anywhere in
    /// it is reported as such.
    func read<T>(
        _ type: T.Type, from input: some JSONInput, at keyPath: String?, reporting: Bool
    ) throws -> (value: T, report: MappingReport?) {
        try input.reading { try read(T.self, bytes: $0, at: keyPath, reporting: reporting) }
    }

    /// ``read(_:from:at:reporting:)`` for a type the caller's compiler knows to be a model: its first
    /// use asks the runtime nothing about it.
    func read<T: Mappable>(
        _ type: T.Type, from input: some JSONInput, at keyPath: String?, reporting: Bool
    ) throws -> (value: T, report: MappingReport?) {
        try input.reading { try read(T.self, bytes: $0, at: keyPath, reporting: reporting, model: T.self) }
    }

    func read<T>(
        _ type: T.Type, bytes: InputBytes, at keyPath: String?, reporting: Bool, model: (any Mappable.Type)? = nil
    ) throws -> (value: T, report: MappingReport?) {
        let adapter = try cache.adapter(for: T.self, translator: keyTranslator, model: model)
        let scanner = JSONScanner(bytes: bytes)
        guard let keyPath else {
            var reader = JSONReader(scanner: scanner, settings: readSettings, reporting: reporting)
            let value: T
            do {
                value = try read(adapter, &reader)
            } catch let error as MappingError where error.isRecoverable {
                if error.valueIsRead && reader.path.count == 0 {
                    // The top-level object settled its error at its end: only what follows it is unread.
                    var rest = reader.scanner
                    try rest.finish()
                } else {
                    try validate(bytes)
                }
                throw error
            }
            var rest = reader.scanner
            try rest.finish()
            return (value, reader.report?.report)
        }
        // The value at the key path is read where the walk meets it, in the walk's one reading of the
        // input; it is read again only when a later member repeats a step's key.
        let routes = KeyPathRoutes(value: JSONKeyPath(keyPath), captures: [])
        let (walk, value, report) = try read(adapter, bytes: bytes, along: routes, reporting: reporting)
        guard let value else { throw walk.notFound() }
        return (try value.get(), report)
    }

    /// Reads the whole of `bytes` once along `routes`, mapping the value where the walk meets it: that
    /// value (`nil` when its path led nowhere), or why it did not map, and the report of its reading.
    /// Malformed JSON anywhere throws. `routes` must not overlap (``KeyPathRoutes/valueOverlapsCaptures``).
    func read<T>(
        _ adapter: TypeAdapter<T>, bytes: InputBytes, along routes: KeyPathRoutes, reporting: Bool
    ) throws -> (walk: KeyPathRouteWalk, value: Result<T, MappingError>?, report: MappingReport?) {
        var walk = KeyPathRouteWalk(routes, scanner: JSONScanner(bytes: bytes), settings: readSettings)
        var outcome: Result<T, MappingError>?
        var report: MappingReport?
        try walk.walk { scanner, path in
            var reader = JSONReader(scanner: scanner, settings: readSettings, reporting: reporting, path: path)
            do {
                outcome = .success(try read(adapter, &reader))
                report = reader.report?.report
                scanner = reader.scanner
            } catch let error as MappingError where error.isRecoverable {
                outcome = .failure(error)
                // The walk goes on after the value: where the reader stopped, when the error was settled
                // at the value's end, else past the value, skipped from its start.
                if error.valueIsRead && reader.path.count == path.count {
                    scanner = reader.scanner
                } else {
                    try scanner.skipValue(depthBudget: maxDepth - path.count, limit: maxDepth)
                }
            }
        }
        var rest = walk.scanner
        try rest.finish()
        return (walk, walk.valueFound ? outcome : nil, report)
    }

    /// Reads one element of a streamed array (or one JSON Lines document) from its own bytes, with the
    /// reader's path set to the element's place in the whole input (`data.items[1234]`), so that it
    /// is read, and its errors and report entries are placed, as ``mapArray(_:from:)`` reads the same
    /// element in the whole array: `nil` when lenient mode dropped it.
    func readElement<T>(
        _ type: T.Type, bytes: InputBytes, at path: [PathComponent], isDocument: Bool, reporting: Bool
    ) throws -> (value: T?, report: MappingReport?) {
        let adapter = try cache.adapter(for: T.self, translator: keyTranslator)
        var reader = JSONReader(
            scanner: JSONScanner(bytes: bytes, isDocument: isDocument), settings: readSettings, reporting: reporting,
            path: path, basePathCount: path.count - 1
        )
        defer { if reader.pool != nil { reader.recyclePool() } }
        let value: T?
        do {
            value = try adapter.read(&reader)
            try reader.finish()
        } catch let error as MappingError {
            if error.isRecoverable { try validate(bytes) }
            throw reader.locate(error)
        }
        return (value, reader.report?.report)
    }

    /// Checks that the whole document is well-formed JSON within the depth limit, for a document whose
    /// mapping failed: its malformed JSON, wherever it is, is the error to report.
    func validate(_ bytes: InputBytes) throws {
        var scanner = JSONScanner(bytes: bytes)
        try scanner.skipValue(depthBudget: maxDepth, limit: maxDepth)
        try scanner.finish()
    }

    /// The route for `JSONSerialization` output.
    func read<T>(
        _ type: T.Type, fromTree json: Any, path: [PathComponent], reporting: Bool, model: (any Mappable.Type)? = nil
    ) throws -> (value: T, report: MappingReport?) {
        let adapter = try cache.adapter(for: T.self, translator: keyTranslator, model: model)
        var reader = JSONReader(tree: json, settings: readSettings, reporting: reporting, path: path)
        let value = try read(adapter, &reader)
        return (value, reader.report?.report)
    }

    /// Reads the top-level value; an error leaves the reader's path where it was thrown, which
    /// locates it.
    func read<T>(_ adapter: TypeAdapter<T>, _ reader: inout JSONReader) throws -> T {
        // A read that took no array block has none to hand on.
        defer { if reader.pool != nil { reader.recyclePool() } }
        do {
            // At the top level every failure throws, in lenient mode too, so `nil` is not expected.
            guard let value = try adapter.read(&reader) else {
                throw reader.error(.typeMismatch(expected: adapter.typeName, found: "an unusable value"))
            }
            return value
        } catch let error as MappingError {
            throw reader.locate(error)
        }
    }
}

/// The settings that reading takes from a ``JSONMapper``.
struct ReadSettings {
    var mode: MappingMode = .lenient
    var dateStrategy: DateStrategy = .iso8601
    var maxDepth = JSONMapper.defaultMaxDepth
}
