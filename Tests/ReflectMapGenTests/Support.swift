import ReflectMapGen

/// Generated source for JSON samples given as text.
func generate(_ samples: String..., options: GeneratorOptions = GeneratorOptions()) throws -> String {
    try ModelGenerator(options: options).generate(
        from: samples.enumerated().map { Sample(name: "sample\($0.offset + 1).json", bytes: Array($0.element.utf8)) })
}

/// The lines of the source that declare properties, with their indentation removed.
func propertyLines(_ source: String) -> [String] {
    source.split(separator: "\n").map { $0.trimmingCharacters(in: " ") }.filter { $0.contains("var ") }
}

extension Substring {
    func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
