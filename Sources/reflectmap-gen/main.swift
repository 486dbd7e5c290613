import Foundation
import ReflectMapGen

// reflectmap-gen: prints ReflectMap model classes for sample JSON. See GeneratorCommand.usage.

/// Reads a sample a chunk at a time: an array or JSON Lines only up to the element limit, so that a
/// huge export can be a sample. Says on standard error how many elements it read.
func readSample(_ path: String, limit: Int) throws -> Sample {
    let name = path == "-" ? "stdin" : URL(fileURLWithPath: path).lastPathComponent
    let handle: FileHandle
    if path == "-" {
        handle = FileHandle.standardInput
    } else {
        guard let opened = FileHandle(forReadingAtPath: path) else { fail("cannot read \(path).", status: 66) }
        handle = opened
    }
    defer { if path != "-" { try? handle.close() } }
    let result = try SampleReading.read(from: handle, name: name, limit: limit)
    if let count = result.elementsRead {
        let rest = result.isTruncated ? " (the first \(count); the rest was not read)" : ""
        FileHandle.standardError.write(Data("reflectmap-gen: read \(count) elements of \(name)\(rest)\n".utf8))
    }
    return result.sample
}

func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("reflectmap-gen: \(message)\n".utf8))
    exit(status)
}

do {
    let command = try GeneratorCommand(arguments: Array(CommandLine.arguments.dropFirst()))
    if command.showsHelp {
        write(GeneratorCommand.usage + "\n")
        exit(0)
    }
    let source = try ModelGenerator(options: command.options).generate(
        from: command.inputs.map { try readSample($0, limit: command.sampleLimit) })
    if let outputPath = command.outputPath {
        try Data(source.utf8).write(to: URL(fileURLWithPath: outputPath))
    } else {
        write(source)
    }
} catch let error as GeneratorError {
    if case .usage = error {
        fail("\(error)\n\n\(GeneratorCommand.usage)", status: 64)
    }
    fail(error.description, status: 1)
} catch {
    fail(error.localizedDescription, status: 1)
}
