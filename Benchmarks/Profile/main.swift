import Foundation
import ReflectMap

// One process that maps a benchmark payload into its class models, writes them back, or writes them
// with the hand-written writer, `count` times after one read that builds the plans:
//
//   Profile <payloads directory> <twitter|citm_catalog|canada|github_events> <read|write|hand|skip> <count>
//
// run.sh runs it under callgrind with a count of 10 and of 0: the difference, divided by 10, is what one
// warm operation costs, with the process's start, the file's read and the plans' building left out.

let arguments = CommandLine.arguments
guard arguments.count == 5, let count = Int(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: Profile <payloads> <payload> <read|write|hand|skip> <count>\n".utf8))
    exit(2)
}
let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]).appendingPathComponent(arguments[2] + ".json"))
let mode = arguments[3]

/// Keeps a value from being optimised away.
@inline(never)
func keep<Value>(_ value: Value) -> Int {
    withExtendedLifetime(value) { 1 }
}

func run<Model: Mappable>(_: Model.Type, _ mapper: JSONMapper, handWritten: (Model) -> Data) throws -> Int {
    let model = try mapper.map(Model.self, from: data)
    var total = 0
    for _ in 0..<count {
        switch mode {
        case "read": total &+= keep(try mapper.map(Model.self, from: data))
        case "write": total &+= try mapper.data(from: model).count
        case "skip": total &+= try mapper.map(NoFields.self, from: data).count
        default: total &+= handWritten(model).count
        }
    }
    return total
}

/// A model that takes none of a payload's members: its read validates and skips the whole document.
struct NoFields: Mappable {
    var count = 0
}

let snake = JSONMapper(keyTranslator: .snakeCase)
let total: Int
switch arguments[2] {
case "twitter": total = try run(TwitterClass.Feed.self, snake) { $0.handWrittenJSON() }
case "citm_catalog": total = try run(CitmClass.Catalog.self, JSONMapper()) { $0.handWrittenJSON() }
case "canada": total = try run(CanadaClass.FeatureCollection.self, JSONMapper()) { $0.handWrittenJSON() }
default: total = try run([GitHubClass.Event].self, snake) { $0.handWrittenJSON() }
}
print(total)
