import Foundation
import ReflectMap

// One process that maps a benchmark payload into its class models, writes them back, or writes them
// with the hand-written writer, `count` times after one read that builds the plans:
//
//   Profile <payloads directory> <twitter|citm_catalog|canada|github_events> <read|write|hand|skip> <count>
//
// run.sh runs it under callgrind with a count of 10 and of 0: the difference, divided by 10, is what one
// warm operation costs, with the process's start, the file's read and the plans' building left out.
//
//   Profile <payloads directory> <payload> ratio <rounds>
//
// times both sides of each ratio in this one process, round by round (ratios.sh runs it): a batch of
// simdjson On-Demand's reads, from the library that SIMDJSON_ONDEMAND_LIBRARY names, against a batch
// of the mapper's reads, and the mapper's writes against the hand-written writer's. The two batches of
// a round run back to back, in alternating order, so a burst of load on the machine weighs on both.

let arguments = CommandLine.arguments
guard arguments.count == 5, let count = Int(arguments[4]) else {
    FileHandle.standardError.write(
        Data("usage: Profile <payloads> <payload> <read|write|hand|skip|ratio> <count or rounds>\n".utf8))
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

typealias SimdjsonReads = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> Double

/// simdjson's `ondemand_read_micros` (simdjson/ondemand.cpp, built as a library): the mean µs per read
/// of a batch of reads of the payload.
func simdjsonReads() -> (Int) -> Double {
    guard let path = ProcessInfo.processInfo.environment["SIMDJSON_ONDEMAND_LIBRARY"],
        let library = dlopen(path, RTLD_NOW), let symbol = dlsym(library, "ondemand_read_micros")
    else {
        FileHandle.standardError.write(Data("ratio: SIMDJSON_ONDEMAND_LIBRARY names no simdjson library\n".utf8))
        exit(2)
    }
    let reads = unsafeBitCast(symbol, to: SimdjsonReads.self)
    return { count in reads(arguments[1], arguments[2], Int32(count)) }
}

/// The mean µs per call of `count` calls of `body`.
func micros(_ count: Int, _ body: () throws -> Int) rethrows -> Double {
    var total = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<count { total &+= try body() }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
    precondition(total != 0)
    return elapsed / Double(count)
}

/// A batch size that takes about 20 ms at `perCall` µs a call.
func batch(_ perCall: Double) -> Int { max(1, Int(20_000 / perCall)) }

/// The median and the quartiles.
func spread(_ values: [Double]) -> String {
    let sorted = values.sorted()
    func at(_ fraction: Double) -> Double { sorted[Int((Double(sorted.count - 1) * fraction).rounded())] }
    return String(format: "%.3f %.3f %.3f", at(0.5), at(0.25), at(0.75))
}

func ratios<Model: Mappable>(_: Model.Type, _ mapper: JSONMapper, handWritten: (Model) -> Data) throws {
    let simdjson = simdjsonReads()
    let model = try mapper.map(Model.self, from: data)
    guard simdjson(1) > 0 else {
        FileHandle.standardError.write(Data("ratio: simdjson cannot read \(arguments[2])\n".utf8))
        exit(2)
    }
    let read = { keep(try mapper.map(Model.self, from: data)) }
    let write = { try mapper.data(from: model).count }
    let hand = { handWritten(model).count }
    // Batches sized from a few warm calls of each side.
    let readBatch = batch(max(simdjson(3), try micros(3, read)))
    let writeBatch = batch(max(try micros(3, write), micros(3, hand)))
    var reads: [Double] = []
    var writes: [Double] = []
    var mapperMicros: [Double] = []
    var simdjsonMicros: [Double] = []
    var writeMicros: [Double] = []
    var handMicros: [Double] = []
    for round in 0..<count {
        let mine: Double
        let theirs: Double
        let written: Double
        let handWrittenMicros: Double
        if round % 2 == 0 {
            theirs = simdjson(readBatch)
            mine = try micros(readBatch, read)
            written = try micros(writeBatch, write)
            handWrittenMicros = micros(writeBatch, hand)
        } else {
            mine = try micros(readBatch, read)
            theirs = simdjson(readBatch)
            handWrittenMicros = micros(writeBatch, hand)
            written = try micros(writeBatch, write)
        }
        reads.append(mine / theirs)
        writes.append(written / handWrittenMicros)
        mapperMicros.append(mine)
        simdjsonMicros.append(theirs)
        writeMicros.append(written)
        handMicros.append(handWrittenMicros)
    }
    // ratio <payload> read <median q1 q3> write <median q1 q3> µs <mapper simdjson write hand> (medians)
    print(
        "ratio \(arguments[2]) read \(spread(reads)) write \(spread(writes)) µs",
        [mapperMicros, simdjsonMicros, writeMicros, handMicros].map { spread($0).split(separator: " ")[0] }
            .joined(separator: " "))
}

func perform<Model: Mappable>(_: Model.Type, _ mapper: JSONMapper, handWritten: (Model) -> Data) throws -> Int {
    if mode == "ratio" {
        try ratios(Model.self, mapper, handWritten: handWritten)
        return count
    }
    return try run(Model.self, mapper, handWritten: handWritten)
}

let snake = JSONMapper(keyTranslator: .snakeCase)
let total: Int
switch arguments[2] {
case "twitter": total = try perform(TwitterClass.Feed.self, snake) { $0.handWrittenJSON() }
case "citm_catalog": total = try perform(CitmClass.Catalog.self, JSONMapper()) { $0.handWrittenJSON() }
case "canada": total = try perform(CanadaClass.FeatureCollection.self, JSONMapper()) { $0.handWrittenJSON() }
default: total = try perform([GitHubClass.Event].self, snake) { $0.handWrittenJSON() }
}
if mode != "ratio" { print(total) }
