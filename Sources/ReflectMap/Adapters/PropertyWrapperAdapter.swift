/// A ``JSONPropertyWrapper``: the wrapped value is read and written by its own adapter, with every
/// rule a plain property of that type has, and the wrapper is rebuilt around each value read.
final class PropertyWrapperAdapter<Wrapper: JSONPropertyWrapper>: TypeAdapter<Wrapper>, @unchecked Sendable {
    private let wrapped: TypeAdapter<Wrapper.WrappedValue>

    init(wrapped: TypeAdapter<Wrapper.WrappedValue>) {
        self.wrapped = wrapped
    }

    override func read(_ reader: inout JSONReader) throws -> Wrapper? {
        guard let value = try wrapped.read(&reader) else { return nil }
        return Wrapper(wrappedValue: value)
    }

    override func write(_ value: Wrapper, to writer: inout JSONWriter) throws {
        try wrapped.write(value.jsonWrappedValue, to: &writer)
    }

    /// A wrapped optional that is `nil` is left out, as the optional itself would be.
    override func isAbsent(_ value: Wrapper) -> Bool { wrapped.isAbsent(value.jsonWrappedValue) }

    override var isOptional: Bool { wrapped.isOptional }

    /// Errors name the wrapped type, which is what the JSON holds.
    override var typeName: String { wrapped.typeName }
}

extension PlanBuilder {
    func propertyWrapperAdapter<Wrapper: JSONPropertyWrapper>(
        _ type: Wrapper.Type, property: PropertyName
    ) throws -> AnyObject {
        PropertyWrapperAdapter<Wrapper>(wrapped: try adapter(for: Wrapper.WrappedValue.self, property: property))
    }
}
