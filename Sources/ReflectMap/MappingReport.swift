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
        /// The JSON value involved, when it is a scalar.
        public var value: JSONValue?
        /// How many times it happened: 1, except in a ``JSONElementReader``'s report, where one entry
        /// stands for every element that reported the same thing at the same path, and counts them.
        public var occurrences = 1

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
    /// Values the model kept without knowing them: an ``Open`` enum's unknown raw value, or an object
    /// whose discriminator names no subtype, kept whole by its hierarchy's unknown subtype. The app
    /// still has them, and writes them back as they were; the entry says the backend sent something
    /// new.
    public var unknownValues: [Entry] = []

    /// Creates an empty report.
    public init() {}

    /// True when the JSON matched the models exactly.
    public var isClean: Bool {
        unmappedKeys.isEmpty && unfilledProperties.isEmpty && coercions.isEmpty && skipped.isEmpty
            && unknownValues.isEmpty
    }
}

extension MappingPath {
    /// Orders keys as text, except that runs of digits compare as numbers (`item2` before `item10`).
    static func precedes(_ left: String, _ right: String) -> Bool {
        var lhs = Substring(left)
        var rhs = Substring(right)
        while let l = lhs.first, let r = rhs.first {
            if l.isASCII, l.isNumber, r.isASCII, r.isNumber {
                let lDigits = lhs.prefix { $0.isASCII && $0.isNumber }
                let rDigits = rhs.prefix { $0.isASCII && $0.isNumber }
                if lDigits.count != rDigits.count { return lDigits.count < rDigits.count }
                if lDigits != rDigits { return lDigits < rDigits }
                lhs = lhs.dropFirst(lDigits.count)
                rhs = rhs.dropFirst(rDigits.count)
            } else {
                if l != r { return l < r }
                lhs = lhs.dropFirst()
                rhs = rhs.dropFirst()
            }
        }
        return lhs.isEmpty && !rhs.isEmpty
    }
}
