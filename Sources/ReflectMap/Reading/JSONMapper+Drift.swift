/// A mapping whose JSON did not match the model exactly, as a mapper's ``JSONMapper/reportHandler``
/// receives it: the backend sent keys the model lacks, left properties out, sent values the model
/// could not use, or values it kept without knowing them.
public struct MappingDrift: Sendable {
    /// What did not match; never clean.
    public var report: MappingReport
    /// The type mapped: a model, or `[Model]` for an array.
    public var modelType: any Mappable.Type
    /// The key path the value was mapped from (an envelope's `"data"`), or `nil` for the whole
    /// document.
    public var keyPath: String?
}

extension JSONMapper {
    /// Hands a report to the handler, unless it is clean.
    func deliver<T>(
        _ report: MappingReport, for type: T.Type, at keyPath: String?, to handler: @Sendable (MappingDrift) -> Void
    ) {
        guard !report.isClean, let model = T.self as? any Mappable.Type else { return }
        handler(MappingDrift(report: report, modelType: model, keyPath: keyPath))
    }
}
