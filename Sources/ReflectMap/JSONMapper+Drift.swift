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

    /// Hands a report to the handler, unless it is clean.
    func deliver<T>(_ report: MappingReport, for type: T.Type, at keyPath: String?, to handler: @Sendable (MappingDrift) -> Void) {
        guard !report.isClean, let model = T.self as? any Mappable.Type else { return }
        handler(MappingDrift(report: report, modelType: model, keyPath: keyPath))
    }
}
