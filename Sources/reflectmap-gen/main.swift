import Foundation
import ReflectMapGen

// reflectmap-gen: prints ReflectMap model classes for sample JSON. See GeneratorCommand.usage.

func readSample(_ path: String) throws -> Sample {
    if path == "-" {
        return Sample(name: "stdin", bytes: Array(FileHandle.standardInput.readDataToEndOfFile()))
    }
    let url = URL(fileURLWithPath: path)
    guard let data = FileManager.default.contents(atPath: url.path) else {
        fail("cannot read \(path).", status: 66)
    }
    return Sample(name: url.lastPathComponent, bytes: Array(data))
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
    let source = try ModelGenerator(options: command.options).generate(from: command.inputs.map(readSample))
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
