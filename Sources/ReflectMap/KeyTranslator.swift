/// Turns a property name into the JSON key it is read from and written to, like GSON's
/// `FieldNamingPolicy`.
///
/// The translation runs once per model type, when its plan is built, never per object. Acronyms
/// stay whole, so names round-trip: with ``snakeCase``, `userID` ⇄ `user_id` and
/// `profileImageURL` ⇄ `profile_image_url`. `@JSONKey` overrides the translator for one property.
///
/// Plans are cached by the ``JSONMapper`` that uses the translator: a built-in translator's plans
/// are shared by every mapper that uses it with no registered adapters; any other mapper's by the
/// mapper and its copies.
public struct KeyTranslator: Sendable {
    /// A short name for diagnostics, such as `"snakeCase"`.
    public let name: String
    private let translate: @Sendable (String) -> String
    /// The process-wide cache of a built-in translator; `nil` for a custom one.
    let sharedCache: PlanCache?

    /// Creates a translator from a function of the property name.
    ///
    /// - Parameters:
    ///   - name: A short name for diagnostics.
    ///   - translate: Returns the JSON key for a Swift property name.
    public init(name: String, _ translate: @escaping @Sendable (String) -> String) {
        self.name = name
        self.translate = translate
        self.sharedCache = nil
    }

    private init(builtIn name: String, _ translate: @escaping @Sendable (String) -> String) {
        self.name = name
        self.translate = translate
        self.sharedCache = PlanCache()
    }

    /// The JSON key for a Swift property name.
    /// - Parameter propertyName: A Swift property name.
    /// - Returns: Its JSON key.
    public func key(for propertyName: String) -> String {
        translate(propertyName)
    }

    /// Uses the property name unchanged: `userID` → `userID`.
    public static let identity = KeyTranslator(builtIn: "identity") { $0 }

    /// Lower case with underscores (GSON `LOWER_CASE_WITH_UNDERSCORES`): `profileImageURL` → `profile_image_url`.
    public static let snakeCase = KeyTranslator(builtIn: "snakeCase") { joined($0, "_", .lower) }

    /// Lower case with dashes (GSON `LOWER_CASE_WITH_DASHES`): `profileImageURL` → `profile-image-url`.
    public static let kebabCase = KeyTranslator(builtIn: "kebabCase") { joined($0, "-", .lower) }

    /// Lower case with dots (GSON `LOWER_CASE_WITH_DOTS`): `profileImageURL` → `profile.image.url`.
    public static let lowerCaseWithDots = KeyTranslator(builtIn: "lowerCaseWithDots") { joined($0, ".", .lower) }

    /// Upper case with underscores (GSON `UPPER_CASE_WITH_UNDERSCORES`): `profileImageURL` → `PROFILE_IMAGE_URL`.
    public static let upperCaseWithUnderscores = KeyTranslator(builtIn: "upperCaseWithUnderscores") {
        joined($0, "_", .upper)
    }

    /// The first letter in upper case (GSON `UPPER_CAMEL_CASE`): `profileImageURL` → `ProfileImageURL`.
    public static let upperCamelCase = KeyTranslator(builtIn: "upperCamelCase") { name in
        let split = NameWords(name)
        return split.prefix + split.words.map(capitalizedFirst).joined() + split.suffix
    }

    /// Capitalised words separated by spaces (GSON `UPPER_CAMEL_CASE_WITH_SPACES`):
    /// `profileImageURL` → `Profile Image URL`.
    public static let upperCamelCaseWithSpaces = KeyTranslator(builtIn: "upperCamelCaseWithSpaces") {
        joined($0, " ", .capitalized)
    }

    /// A translator from your own function.
    ///
    /// - Parameters:
    ///   - name: A short name for diagnostics.
    ///   - translate: Returns the JSON key for a Swift property name.
    public static func custom(
        name: String = "custom",
        _ translate: @escaping @Sendable (String) -> String
    ) -> KeyTranslator {
        KeyTranslator(name: name, translate)
    }

    private enum WordCase { case lower, upper, capitalized }

    private static func joined(_ name: String, _ separator: String, _ wordCase: WordCase) -> String {
        let bytes = Array(name.utf8)
        if let split = NameWords.asciiSplit(bytes) {
            // Nearly every Swift property name: the words are ranges of the name's bytes, and the case
            // changes are byte arithmetic, with no Unicode case tables and no string per word.
            var key: [UInt8] = []
            key.reserveCapacity(bytes.count + split.words.count * separator.utf8.count)
            // Underscores around the words are rare: the generic slice appends are skipped without them.
            if split.start > 0 { key.append(contentsOf: bytes[..<split.start]) }
            for (index, word) in split.words.enumerated() {
                if index > 0 { for byte in separator.utf8 { key.append(byte) } }
                for position in word {
                    let byte = bytes[position]
                    switch wordCase {
                    case .lower: key.append(ASCII.lowered(byte))
                    case .upper: key.append(ASCII.uppered(byte))
                    case .capitalized: key.append(position == word.lowerBound ? ASCII.uppered(byte) : byte)
                    }
                }
            }
            if split.end < bytes.count { key.append(contentsOf: bytes[split.end...]) }
            return String(decoding: key, as: UTF8.self)
        }
        let split = NameWords(name)
        let words: [String]
        switch wordCase {
        case .lower: words = split.words.map { $0.lowercased() }
        case .upper: words = split.words.map { $0.uppercased() }
        case .capitalized: words = split.words.map(capitalizedFirst)
        }
        return split.prefix + words.joined(separator: separator) + split.suffix
    }

    private static func capitalizedFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }
}

/// ASCII letter tests and case changes on UTF-8 bytes.
private enum ASCII {
    static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    static func lowered(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 0x20 : byte }
    static func uppered(_ byte: UInt8) -> UInt8 { isLower(byte) ? byte - 0x20 : byte }
}

/// A property name split into words, acronym-aware: `profileImageURL` → `profile`, `Image`, `URL`;
/// `URLString` → `URL`, `String`; `line2Text` → `line2`, `Text`. Leading and trailing underscores
/// are kept apart as a prefix and a suffix, which translators put back unchanged, as `JSONEncoder`'s
/// `convertToSnakeCase` does (`__oneTwo_` → `__one_two_`). Separators inside the name (`_`, `-`,
/// `.`, space) also split.
///
/// One rule, applied to the name's UTF-8 bytes when it is all ASCII (nearly always, and with no
/// grapheme breaking) and to its characters otherwise.
package struct NameWords {
    package var prefix = ""
    package var words: [String] = []
    package var suffix = ""

    package init(_ name: String) {
        let bytes = Array(name.utf8)
        if let split = Self.asciiSplit(bytes) {
            self.init(split) { String(decoding: bytes[$0], as: UTF8.self) }
        } else {
            let characters = Array(name)
            let split = Self.split(
                characters.count, isUpper: { characters[$0].isUppercase }, isLower: { characters[$0].isLowercase },
                isUnderscore: { characters[$0] == "_" }, isSeparator: { "_-. ".contains(characters[$0]) }
            )
            self.init(split) { String(characters[$0]) }
        }
    }

    private init(_ split: Split, text: (Range<Int>) -> String) {
        prefix = String(repeating: "_", count: split.start)
        suffix = String(repeating: "_", count: split.count - split.end)
        words = split.words.map(text)
    }

    /// Where the words of a name lie: after `start` leading underscores, before the trailing ones
    /// from `end`, among `count` units.
    struct Split {
        var start: Int
        var end: Int
        var count: Int
        var words: [Range<Int>]
    }

    /// The split of an all-ASCII name's bytes; `nil` when a byte is not ASCII.
    static func asciiSplit(_ bytes: [UInt8]) -> Split? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        return split(
            bytes.count, isUpper: { ASCII.isUpper(bytes[$0]) }, isLower: { ASCII.isLower(bytes[$0]) },
            isUnderscore: { bytes[$0] == 0x5F },
            isSeparator: { bytes[$0] == 0x5F || bytes[$0] == 0x2D || bytes[$0] == 0x2E || bytes[$0] == 0x20 }
        )
    }

    /// Splits `count` units, which the closures classify by index.
    private static func split(
        _ count: Int, isUpper: (Int) -> Bool, isLower: (Int) -> Bool, isUnderscore: (Int) -> Bool,
        isSeparator: (Int) -> Bool
    ) -> Split {
        var start = 0
        while start < count, isUnderscore(start) { start += 1 }
        var end = count
        while end > start, isUnderscore(end - 1) { end -= 1 }
        var words: [Range<Int>] = []
        var wordStart = start
        var index = start
        while index < end {
            if isSeparator(index) {
                if index > wordStart { words.append(wordStart..<index) }
                wordStart = index + 1
            } else if isUpper(index), index > wordStart {
                let nextIsLower = index + 1 < end && isLower(index + 1)
                // Break before an upper-case letter that starts a word: after a lower-case letter or
                // digit, or at the end of an acronym ("URLString": break before "S").
                if !isUpper(index - 1) || nextIsLower {
                    words.append(wordStart..<index)
                    wordStart = index
                }
            }
            index += 1
        }
        if end > wordStart { words.append(wordStart..<end) }
        return Split(start: start, end: end, count: count, words: words)
    }
}
