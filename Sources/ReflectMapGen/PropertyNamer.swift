import ReflectMap

/// Property names for the keys of one class, and whether each needs `@JSONKey`.
struct PropertyNamer {
    let translator: KeyTranslator
    private var taken: Set<String> = []

    init(translator: KeyTranslator) {
        self.translator = translator
    }

    /// A camel-case name that the translator turns back into the key, or else a clean name that
    /// needs `@JSONKey`: keywords become `isPublic` (for a `Bool`) or `defaultValue`, a leading
    /// digit gets an underscore, and a name already taken is numbered.
    mutating func name(for key: String, isBool: Bool) -> (name: String, needsKeyAttribute: Bool) {
        let words = KeyWords.split(key)
        let candidates = [true, false].map { KeyWords.camelCase(words, upperFirst: false, acronyms: $0) }
        for candidate in candidates
        where KeyWords.isIdentifier(candidate) && !taken.contains(candidate) && translator.key(for: candidate) == key {
            taken.insert(candidate)
            return (candidate, false)
        }
        var base = candidates.first { KeyWords.isIdentifier($0) && !taken.contains($0) } ?? candidates[0]
        if base.isEmpty {
            base = "value"
        } else if ReservedNames.keywords.contains(base) {
            base = isBool ? "is" + KeyWords.capitalized(base) : base + "Value"
        } else if base.first?.isNumber == true {
            base = "_" + base
        }
        var name = base
        var number = 2
        while taken.contains(name) {
            name = base + String(number)
            number += 1
        }
        taken.insert(name)
        return (name, translator.key(for: name) != key)
    }
}
