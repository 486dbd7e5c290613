/// What a lenient mapping did not do exactly as the JSON said.
///
/// Get one with ``JSONMapper/mapWithReport(_:from:)-(_,Data)``. Each entry names its JSON path, in the
/// same spelling as ``MappingError/path``.
public struct MappingReport: Sendable, Equatable {
    /// One event during mapping.
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        /// Where it happened: `statuses[3].user.followers_count`.
        public var path: String
        /// What happened, in one sentence.
        public var message: String

        /// `path: message`.
        public var description: String { "\(path): \(message)" }
    }

    /// Paths of JSON keys that no property took (including keys of `@JSONIgnored` properties).
    public var unmappedKeys: [String] = []
    /// Paths of properties that no key filled, so they kept their defaults.
    public var unfilledProperties: [String] = []
    /// Values converted to the property's type, such as `"12"` → `Int`.
    public var coercions: [Entry] = []
    /// Values that could not be used, so the default was kept or the element was dropped.
    public var skipped: [Entry] = []

    /// Creates an empty report.
    public init() {}

    /// True when the JSON matched the models exactly.
    public var isClean: Bool {
        unmappedKeys.isEmpty && unfilledProperties.isEmpty && coercions.isEmpty && skipped.isEmpty
    }

    /// The report with each list in path order, so that it does not depend on the order of keys in
    /// the input or in a dictionary.
    var canonical: MappingReport {
        var copy = self
        copy.unmappedKeys.sort()
        copy.unfilledProperties.sort()
        copy.coercions.sort { ($0.path, $0.message) < ($1.path, $1.message) }
        copy.skipped.sort { ($0.path, $0.message) < ($1.path, $1.message) }
        return copy
    }
}
