/// Why `reflectmap-gen` could not produce models.
public enum GeneratorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A sample is not JSON; `offset` is the byte where reading stopped.
    case malformedJSON(source: String, offset: Int, reason: String)
    /// A sample's top level is not an object or an array of objects.
    case unsupportedTopLevel(source: String, found: String)
    /// The samples disagree on the top level: some are objects, some arrays.
    case mixedTopLevels
    /// No sample was given.
    case noSamples
    /// The command line could not be understood.
    case usage(String)

    /// The error as one sentence.
    public var description: String {
        switch self {
        case .malformedJSON(let source, let offset, let reason):
            let name = source.isEmpty ? "the JSON" : source
            return "\(name) is not valid JSON at byte \(offset): \(reason)."
        case .unsupportedTopLevel(let source, let found):
            return "\(source) holds \(found) at the top level; a model needs an object or an array of objects."
        case .mixedTopLevels:
            return "Some samples are objects and some are arrays; give samples of one kind."
        case .noSamples:
            return "No JSON sample was given."
        case .usage(let message):
            return message
        }
    }
}
