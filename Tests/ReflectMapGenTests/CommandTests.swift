import ReflectMapGen
import Testing

@Suite("Command line")
struct CommandTests {
    @Test("Samples and defaults")
    func defaults() throws {
        let command = try GeneratorCommand(arguments: ["a.json", "b.json"])
        #expect(command.inputs == ["a.json", "b.json"])
        #expect(command.options == GeneratorOptions())
        #expect(command.outputPath == nil)
        #expect(!command.showsHelp)
    }

    @Test("Every option, spaced or with =")
    func options() throws {
        let spaced = try GeneratorCommand(arguments: [
            "-", "--root", "TwitterResponse", "--keys", "snake", "--struct", "--enums", "--namespace", "Twitter",
            "--output", "M.swift",
        ])
        let joined = try GeneratorCommand(arguments: [
            "--root=TwitterResponse", "--keys=snake", "--struct", "--enums", "--namespace=Twitter", "--output=M.swift",
            "-",
        ])
        #expect(spaced == joined)
        #expect(spaced.inputs == ["-"])
        #expect(
            spaced.options
                == GeneratorOptions(
                    rootName: "TwitterResponse", keyStyle: .snake, emitsStructs: true, namespace: "Twitter",
                    infersEnums: true))
        #expect(spaced.outputPath == "M.swift")
    }

    @Test("Help needs no sample")
    func help() throws {
        #expect(try GeneratorCommand(arguments: ["--help"]).showsHelp)
        #expect(GeneratorCommand.usage.contains("--keys") && GeneratorCommand.usage.contains("--enums"))
    }

    @Test(
        "Mistakes are usage errors",
        arguments: [
            [], ["--root"], ["a.json", "--keys", "kebab"], ["a.json", "--verbose"], ["-", "-"],
            ["a.json", "--root", "--struct"],
        ])
    func mistakes(arguments: [String]) {
        #expect {
            try GeneratorCommand(arguments: arguments)
        } throws: { error in
            if case GeneratorError.usage = error { true } else { false }
        }
    }

    @Test("-- ends the options")
    func endOfOptions() throws {
        #expect(try GeneratorCommand(arguments: ["--", "--odd-name.json"]).inputs == ["--odd-name.json"])
    }
}
