/// The `reflectmap-gen` command line, parsed by hand (the package has no dependencies).
///
/// ```
/// reflectmap-gen twitter.json --root TwitterResponse --keys snake --output Models.swift
/// ```
public struct GeneratorCommand: Equatable, Sendable {
    /// Sample paths in order; `-` reads standard input.
    public var inputs: [String] = []
    /// The generator's options.
    public var options = GeneratorOptions()
    /// Where to write the source; standard output when `nil`.
    public var outputPath: String?
    /// The most elements read from a sample that is a top-level array or JSON Lines (`--sample N`); the
    /// rest of such a file is not read, so a huge export can be a sample.
    public var sampleLimit = SampleReading.defaultElementLimit
    /// `-h` or `--help` was given: print ``usage`` and nothing else.
    public var showsHelp = false

    /// The help text.
    public static let usage = """
        usage: reflectmap-gen <sample.json>... [--root Name] [--keys snake|camel|auto] [--struct]
                              [--enums] [--namespace Name] [--sample N] [--output File.swift]

        Reads one or more JSON samples (a path, or - for standard input) and prints ReflectMap model
        classes that map them. Objects found at the same place in the samples merge into one class.

          --root Name        the top-level class (for a top-level array, its elements' class); default Response
          --keys STYLE       snake: JSONMapper(keyTranslator: .snakeCase); camel: .identity;
                             auto (default): snake when most keys are snake_case
          --struct           emit structs instead of final classes
          --enums            make String-backed enums of strings with few distinct values
          --namespace Name   wrap the models in `enum Name { ... }` so that several APIs share a module,
                             with `Name.allModels` listing them for JSONMapper.prepare(_:)
          --sample N         read at most N elements of a sample that is a top-level array or JSON Lines
                             (default 10000); the rest of the file is not read
          --output File      write to a file instead of standard output
          -h, --help         show this help
        """

    /// Parses the arguments that follow the program name.
    /// - Throws: ``GeneratorError/usage(_:)`` for an unknown option, a missing value or no sample.
    public init(arguments: [String]) throws {
        var remaining = arguments[...]
        var onlyInputs = false
        while let argument = remaining.popFirst() {
            if onlyInputs || argument == "-" || !argument.hasPrefix("-") {
                inputs.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst(), !next.hasPrefix("-") || next == "-" else {
                    throw GeneratorError.usage("\(name) needs a value.")
                }
                return next
            }
            switch name {
            case "--": onlyInputs = true
            case "-h", "--help": showsHelp = true
            case "--root": options.rootName = try value()
            case "--namespace": options.namespace = try value()
            case "--output", "-o": outputPath = try value()
            case "--struct": options.emitsStructs = true
            case "--sample":
                let text = try value()
                guard let limit = Int(text), limit > 0 else {
                    throw GeneratorError.usage("--sample takes a positive number, not \(text).")
                }
                sampleLimit = limit
            case "--enums": options.infersEnums = true
            case "--keys":
                let style = try value()
                guard let keyStyle = KeyStyle(rawValue: style) else {
                    throw GeneratorError.usage("--keys takes snake, camel or auto, not \(style).")
                }
                options.keyStyle = keyStyle
            default:
                throw GeneratorError.usage("Unknown option \(argument).")
            }
        }
        if showsHelp { return }
        guard !inputs.isEmpty else {
            throw GeneratorError.usage("Give at least one JSON sample, or - for standard input.")
        }
        guard inputs.filter({ $0 == "-" }).count <= 1 else {
            throw GeneratorError.usage("Standard input (-) can be read only once.")
        }
    }
}
