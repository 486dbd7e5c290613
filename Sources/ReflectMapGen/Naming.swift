import ReflectMap

/// Splits a JSON key into words with ReflectMap's own splitter (``NameWords``), so keys split the
/// way the key translators split names: at separators (anything but ASCII letters and digits) and at
/// case humps, acronym-aware: `profileImageURL` → `profile`, `Image`, `URL`;
/// `in_reply_to_status_id` → `in`, `reply`, `to`, `status`, `id`; `@id` → `id`.
enum KeyWords {
    static func split(_ key: String) -> [String] {
        // Every other character becomes `_`, a separator to `NameWords`; underscores at either end
        // become its prefix and suffix, which a word list leaves out.
        let separated = key.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }
        return NameWords(String(separated)).words
    }

    /// Joins words in camel case; acronyms in capitals, except the first word and an acronym right
    /// after another (`mediaURLHttps`, not `mediaURLHTTPS`, which would read back as one word).
    static func camelCase(_ words: [String], upperFirst: Bool, acronyms: Bool) -> String {
        var result = ""
        var previousWasAcronym = false
        for (index, word) in words.enumerated() {
            let lower = word.lowercased()
            if index == 0, !upperFirst {
                result += lower
                previousWasAcronym = false
            } else if acronyms, !previousWasAcronym, ReservedNames.acronyms.contains(lower) {
                result += lower.uppercased()
                previousWasAcronym = true
            } else {
                result += capitalized(lower)
                previousWasAcronym = false
            }
        }
        return result
    }

    static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// Whether the name can be declared as it is: ASCII letters, digits and underscores, not starting
    /// with a digit, and not a keyword.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, !first.isNumber, !ReservedNames.keywords.contains(name) else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// The singular of a lower-case English word: `statuses` → `status`, `entries` → `entry`,
    /// `hashtags` → `hashtag`.
    static func singular(_ word: String) -> String {
        if let irregular = ReservedNames.irregularSingulars[word] { return irregular }
        if ReservedNames.pluralsOfIe.contains(word) { return String(word.dropLast()) }
        if word.count > 4, word.hasSuffix("ies") { return word.dropLast(3) + "y" }
        for suffix in ["sses", "shes", "ches", "xes", "zzes"] where word.hasSuffix(suffix) {
            return String(word.dropLast(2))
        }
        if word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") { return word }
        if word.count > 1, word.hasSuffix("s") { return String(word.dropLast()) }
        return word
    }
}

/// Class names from the keys that hold the objects.
enum TypeNaming {
    /// The name a class is given before collisions are resolved: `search_metadata` → `SearchMetadata`,
    /// and in the singular for elements, `statuses` → `Status`, `user_mentions` → `UserMention`.
    /// Empty when the key has no letters or digits.
    static func baseName(for hint: NameHint) -> String {
        var words = KeyWords.split(hint.key)
        if hint.isElement, let last = words.popLast() {
            words.append(KeyWords.singular(last.lowercased()))
        }
        return KeyWords.camelCase(words, upperFirst: true, acronyms: true)
    }

    /// Whether a base name can be used as it is, without a prefix.
    static func isUsable(_ name: String) -> Bool {
        KeyWords.isIdentifier(name) && !ReservedNames.typeNames.contains(name)
    }
}
