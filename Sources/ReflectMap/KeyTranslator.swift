/// Turns a property name into the JSON key it is read from and written to, like GSON's
/// `FieldNamingPolicy`.
///
/// The translation runs once per model type, when its plan is built, never per object. Acronyms
/// stay whole, so names round-trip: with ``snakeCase``, `userID` ⇄ `user_id` and
/// `profileImageURL` ⇄ `profile_image_url`. `@JSONKey` overrides the translator for one property.
///
/// Plans are cached by the ``JSONMapper`` that uses the translator: a built-in translator's plans
/// are shared by every mapper, a custom translator's by the mapper and its copies.
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

/// A property name split into words, acronym-aware: `profileImageURL` → `profile`, `Image`, `URL`;
/// `URLString` → `URL`, `String`; `line2Text` → `line2`, `Text`. Leading and trailing underscores
/// are kept apart as a prefix and a suffix, which translators put back unchanged, as `JSONEncoder`'s
/// `convertToSnakeCase` does (`__oneTwo_` → `__one_two_`). Separators inside the name (`_`, `-`,
/// `.`, space) also split.
package struct NameWords {
    package var prefix = ""
    package var words: [String] = []
    package var suffix = ""

    package init(_ name: String) {
        var characters = Array(name)
        var index = 0
        while index < characters.count, characters[index] == "_" {
            prefix.append("_")
            index += 1
        }
        while characters.count > index, characters.last == "_" {
            suffix.append("_")
            characters.removeLast()
        }
        var current = ""
        func flush() {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
        while index < characters.count {
            let character = characters[index]
            if "_-. ".contains(character) {
                flush()
            } else if character.isUppercase, let previous = current.last {
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                // Break before an upper-case letter that starts a word: after a lower-case letter or
                // digit, or at the end of an acronym ("URLString": break before "S").
                if !previous.isUppercase || nextIsLower { flush() }
                current.append(character)
            } else {
                current.append(character)
            }
            index += 1
        }
        flush()
    }
}
