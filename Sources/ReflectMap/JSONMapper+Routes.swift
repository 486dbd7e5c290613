import Foundation

// The routes under the public entry points: bytes (read in place) and `JSONSerialization` trees into
// models through one reader, and models out through one writer.

extension JSONMapper {
    /// Runs a read and hands a report that is not clean to the report handler. Without a handler it is
    /// the read alone; with one, every read reports, and the report goes back only to a caller that
    /// asked for it.
    @inline(__always)
    func reading<T>(
        _ type: T.Type, at keyPath: String?, reporting: Bool, _ read: (Bool) throws -> (value: T, report: MappingReport)
    ) throws -> (value: T, report: MappingReport) {
        guard let reportHandler else { return try read(reporting) }
        let result = try read(true)
        deliver(result.report, for: T.self, at: keyPath, to: reportHandler)
        return reporting ? result : (result.value, MappingReport())
    }

    var readSettings: ReadSettings {
        ReadSettings(mode: mode, dateStrategy: dateStrategy, maxDepth: maxDepth)
    }

    /// Maps bytes straight into the model's fields. The bytes are read once, in order; what an object
    /// makes of its members (repeated keys, alternates, which error strict mode reports) is decided
    /// where the object is filled, by the same rules as for a tree (see `TypePlan+Fill.swift`).
    /// A document that does not map is still checked to its end, so that malformed JSON anywhere in
    /// it is reported as such.
    func read<T>(
        _ type: T.Type, from data: Data, at keyPath: String?, reporting: Bool
    ) throws -> (value: T, report: MappingReport) {
        try InputBytes.reading(data) { try read(T.self, bytes: $0, at: keyPath, reporting: reporting) }
    }

    private func read<T>(
        _ type: T.Type, bytes: InputBytes, at keyPath: String?, reporting: Bool
    ) throws -> (value: T, report: MappingReport) {
        let adapter = try cache.adapter(for: T.self, translator: keyTranslator)
        var scanner = JSONScanner(bytes: bytes)
        var path: [PathComponent] = []
        var open: JSONScanner.OpenContainers = []
        if let keyPath { (path, open) = try scanner.descend(to: keyPath, maxDepth: maxDepth) }
        var reader = JSONReader(scanner: scanner, settings: readSettings, reporting: reporting, path: path)
        let value: T
        do {
            value = try read(adapter, &reader)
        } catch let error as MappingError where error.isAboutTheValue {
            if error.valueIsRead && reader.path.count == path.count {
                // The top-level object settled its error at its end: only what follows it is unread.
                var rest = reader.scanner
                try rest.finish(enclosing: open, maxDepth: maxDepth)
            } else {
                try validate(bytes)
            }
            throw error
        }
        var rest = reader.scanner
        try rest.finish(enclosing: open, maxDepth: maxDepth)
        return (value, reader.report?.report ?? MappingReport())
    }

    /// Reads one element of a streamed array (or one JSON Lines document) from its own bytes, with the
    /// reader's path set to the element's place in the whole input (`data.items[1234]`), so that it
    /// is read, and its errors and report entries are placed, as ``mapArray(_:from:)`` reads the same
    /// element in the whole array: `nil` when lenient mode dropped it.
    func readElement<T>(
        _ type: T.Type, bytes: InputBytes, at path: [PathComponent], reporting: Bool
    ) throws -> (value: T?, report: MappingReport) {
        let adapter = try cache.adapter(for: T.self, translator: keyTranslator)
        var reader = JSONReader(
            scanner: JSONScanner(bytes: bytes), settings: readSettings, reporting: reporting, path: path,
            basePathCount: path.count - 1
        )
        defer { reader.recyclePool() }
        let value: T?
        do {
            value = try adapter.read(&reader)
            try reader.finish()
        } catch let error as MappingError {
            if error.isAboutTheValue { try validate(bytes) }
            throw reader.locate(error)
        }
        return (value, reader.report?.report ?? MappingReport())
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
        _ type: T.Type, fromTree json: Any, path: [PathComponent], reporting: Bool
    ) throws -> (value: T, report: MappingReport) {
        let adapter = try cache.adapter(for: T.self, translator: keyTranslator)
        var reader = JSONReader(tree: json, settings: readSettings, reporting: reporting, path: path)
        let value = try read(adapter, &reader)
        return (value, reader.report?.report ?? MappingReport())
    }

    /// Reads the top-level value; an error leaves the reader's path where it was thrown, which
    /// locates it.
    func read<T>(_ adapter: TypeAdapter<T>, _ reader: inout JSONReader) throws -> T {
        defer { reader.recyclePool() }
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

    func write<T>(_ value: T, toTree: Bool) throws -> JSONWriter {
        let adapter = try cache.adapter(for: T.self, translator: keyTranslator)
        let settings = WriteSettings(
            formatting: outputFormatting, dateStrategy: dateStrategy, writesNilAsNull: writesNilAsNull, maxDepth: maxDepth,
            plans: PlanLookup(cache: cache, translator: keyTranslator)
        )
        var writer = JSONWriter(settings: settings, toTree: toTree)
        do {
            try adapter.write(value, to: &writer)
        } catch var error as MappingError where !error.isLocated {
            // Thrown without a path (by a user's adapter, say): the writer's path is still where it was
            // thrown, and its own path, if any, is below that.
            error.components = writer.components + error.components
            error.isLocated = true
            throw error
        }
        return writer
    }
}
