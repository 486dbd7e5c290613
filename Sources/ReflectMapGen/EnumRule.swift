/// When a string place becomes a `String`-backed enum (only with `--enums`).
///
/// A place is an enum when its strings take few distinct values, each seen several times:
/// - at least ``minimumSamples`` strings were seen,
/// - they take at least ``minimumCases`` and at most ``maximumCases`` distinct values (one value
///   alone is a constant of the samples, not a set of choices),
/// - each distinct value occurs at least ``minimumSamplesPerCase`` times on average, and
/// - every value gives a case name of its own (`PushEvent` → `pushEvent`, `in_progress` →
///   `inProgress`); values such as `""` or `1.0` that give none keep the place a `String`.
///
/// The property is then optional (`var type: EventType?`). With the mapper in lenient mode, a raw
/// value the enum does not know leaves it `nil` and is listed in `MappingReport.skipped`; in strict
/// mode, it throws `MappingError` (`invalidValue`).
enum EnumRule {
    /// The fewest strings a place needs before its values are taken for a closed set.
    static let minimumSamples = 10
    /// The fewest distinct values that make an enum.
    static let minimumCases = 2
    /// The most cases an enum gets; a place with more distinct values stays `String`.
    static let maximumCases = 10
    /// The fewest times, on average, that each distinct value must occur.
    static let minimumSamplesPerCase = 4

    /// The cases for the strings at one place, or `nil` when they are not an enum.
    static func cases(for samples: StringSamples) -> [EnumCase]? {
        guard let values = samples.distinct, values.count >= minimumCases, samples.count >= minimumSamples,
            samples.count >= values.count * minimumSamplesPerCase
        else { return nil }
        var names: Set<String> = []
        var cases: [EnumCase] = []
        for value in values {
            guard let name = caseName(for: value), names.insert(name).inserted else { return nil }
            cases.append(EnumCase(name: name, rawValue: value))
        }
        return cases
    }

    /// A lower camel-case case name for a raw value, or `nil` when it has no letters to start one;
    /// a keyword is escaped with backticks (`` `default` ``).
    static func caseName(for rawValue: String) -> String? {
        let name = KeyWords.camelCase(KeyWords.split(rawValue), upperFirst: false, acronyms: true)
        guard name.first?.isLetter == true else { return nil }
        if ReservedNames.keywords.contains(name) { return "`\(name)`" }
        return KeyWords.isIdentifier(name) ? name : nil
    }
}
