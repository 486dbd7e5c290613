import Foundation

/// A value sent as JSON text inside a string, as legacy backends send nested documents:
/// `{"id": 7, "extra": "{\"theme\":\"dark\",\"beta\":true}"}`.
///
/// ```swift
/// struct Settings: Mappable {
///     var theme = ""
///     var beta = false
/// }
///
/// struct Account: Mappable {
///     var id = 0
///     @JSONTransform(EmbeddedJSON<Settings>()) var extra = Settings()
/// }
/// ```
///
/// `Value` is anything the mapper maps: a model, `[Model]`, a dictionary or a ``JSONValue``. An
/// optional property takes the same adapter (`@JSONTransform(EmbeddedJSON<Settings>()) var extra:
/// Settings?`), and `null` is `nil`. Inside a model the string's
/// document is read by the mapper's own rules (lenient or strict mode, dates, reports), and its errors
/// and report entries name their full path through the string: `extra.theme`. A string that is not
/// JSON, or whose JSON does not fit, is an unusable value like any other: lenient mode reports it in
/// ``MappingReport/skipped`` and keeps the property's default, strict mode throws. A value that is not
/// a string at all is a type mismatch.
///
/// Writing gives back a string holding the value's JSON, compact, with the mapper's other settings.
public struct EmbeddedJSON<Value>: JSONAdapter, BuilderBackedAdapter {
    /// Creates the adapter.
    public init() {}

    /// Maps the JSON inside a string with a default mapper. Inside a model the mapper's own
    /// configuration is used instead.
    ///
    /// - Parameter json: A JSON string holding a JSON document.
    /// - Returns: The value the document holds.
    /// - Throws: ``MappingError`` when the value is not a string, the string is not JSON, or its JSON
    ///   does not map to `Value`.
    public func read(_ json: JSONValue) throws -> Value {
        guard case .string(let text) = json else {
            throw MappingError(
                .typeMismatch(expected: EmbeddedJSONAdapter<Value>.expected, found: TransformNumbers.summary(json)))
        }
        return try JSONMapper().value(Value.self, from: JSONValue(parsing: Data(text.utf8)))
    }

    /// Writes the value's JSON as a string.
    ///
    /// - Parameter value: The value.
    /// - Returns: A JSON string holding the value's JSON.
    /// - Throws: ``MappingError`` when the value cannot be written.
    public func write(_ value: Value) throws -> JSONValue {
        var writer = JSONWriter(settings: WriteSettings(), toTree: false)
        try writer.writeJSONValue(JSONMapper().jsonValue(from: value))
        return .string(String(decoding: writer.output.bytes, as: UTF8.self))
    }

    func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        // Registered with a mapper, this adapter is the type's own: the document inside the string is
        // read by the rules the type would have without it.
        let isRegistered = builder.registry[ObjectIdentifier(Value.self)] is EmbeddedJSON<Value>
        let inner =
            try isRegistered
            ? builder.unregisteredAdapter(for: Value.self, property: property)
            : builder.adapter(for: Value.self, property: property)
        return EmbeddedJSONAdapter<Value>(inner: inner)
    }
}

/// Reads the string under the cursor as a JSON document of its own, with `inner`, and writes a value
/// as a string holding its JSON.
final class EmbeddedJSONAdapter<Value>: TypeAdapter<Value>, @unchecked Sendable {
    static var expected: String { "a string holding JSON" }
    private let inner: TypeAdapter<Value>

    init(inner: TypeAdapter<Value>) {
        self.inner = inner
    }

    override func read(_ reader: inout JSONReader) throws -> Value? {
        if inner.isOptional, try reader.isNullNext() { return try inner.read(&reader) }
        let scalar = try reader.readScalar()
        guard case .string(let text) = scalar else {
            return try reader.reject(scalar, expected: "\(Self.expected) (\(typeName))")
        }
        return try reader.readEmbedded(text, as: typeName, scalar: scalar) { try inner.read(&$0) }
    }

    override func write(_ value: Value, to writer: inout JSONWriter) throws {
        if inner.isAbsent(value) { return writer.writeNull() }
        try writer.writeEmbedded { try inner.write(value, to: &$0) }
    }

    override func isAbsent(_ value: Value) -> Bool { inner.isAbsent(value) }

    override var isOptional: Bool { inner.isOptional }

    override var typeName: String { inner.typeName }
}

extension JSONReader {
    /// Whether `null` is under the cursor, consuming nothing.
    mutating func isNullNext() throws -> Bool {
        if isTree { return pending is NSNull }
        return try scanner.peek() == UInt8(ascii: "n")
    }

    /// Reads `text`, a string value already read at the cursor's place, as a JSON document of its own
    /// with `body`: by this reader's settings, with its values' paths under the string's, and what it
    /// reports added to this reader's report. The string's document is read as a top-level value, so
    /// anything in it that fails at its top throws; that, and JSON that is not well-formed, makes the
    /// string an unusable value here (`fail`'s rules: lenient mode reports it and returns `nil`).
    mutating func readEmbedded<Value>(
        _ text: String, as typeName: String, scalar: JSONScalar, _ body: (inout JSONReader) throws -> Value?
    ) throws -> Value? {
        let place = components
        let settings = settings
        let reporting = isReporting
        let value: Value?
        do {
            let report: ReportLog?
            (value, report) = try InputBytes.reading(Array(text.utf8)) { bytes in
                var embedded = JSONReader(
                    scanner: JSONScanner(bytes: bytes), settings: settings, reporting: reporting, path: place)
                defer { if embedded.pool != nil { embedded.recyclePool() } }
                do {
                    let value = try body(&embedded)
                    try embedded.finish()
                    return (value, embedded.report)
                } catch let error as MappingError {
                    throw embedded.locate(error)
                }
            }
            if let report { self.report?.append(report) }
        } catch var error as MappingError {
            if !error.isRecoverable {
                // Not JSON, or nested too deep: the string is the unusable value, at its own path,
                // with no byte offset (the string's offsets are not the document's).
                error = self.error(
                    .invalidValue(value: scalar.summary, type: "JSON text (\(error.description))"), value: scalar)
            }
            if isStrict || isAtTopLevel { throw error }
            report?.skip(error)
            return nil
        }
        guard let value else {
            return try fail(.typeMismatch(expected: typeName, found: "an unusable value"), value: scalar)
        }
        return value
    }
}

extension JSONWriter {
    /// Writes, as a string, the JSON that `body` writes: compact, with this writer's other settings,
    /// within the depth left here, and catching a reference cycle through the string.
    mutating func writeEmbedded(_ body: (inout JSONWriter) throws -> Void) throws {
        var formatting = formatting
        formatting.remove(.prettyPrinted)
        let settings = WriteSettings(
            formatting: formatting, dateStrategy: dateStrategy, writesNilAsNull: writesNilAsNull,
            maxDepth: maxDepth - depth, plans: plans
        )
        var embedded = JSONWriter(settings: settings, toTree: false, capacity: 256)
        embedded.activeInstances = activeInstances
        do {
            try body(&embedded)
        } catch var error as MappingError {
            // Its path continues this writer's.
            error.components = components + error.components
            throw error
        }
        writeString(String(decoding: embedded.output.bytes, as: UTF8.self))
    }
}
