// The four benchmark payloads' first call in a fresh process, one measurement per process: the file is
// read into memory first, then mapped once (the first call, which builds every plan or decoder path)
// and once more (the second call). Prints both times in microseconds, then the count of what was mapped.
// `prepared` first hands `JSONMapper.prepare(_:)` every model type of the payload, as an app does at
// launch, and prints the time that took last. The model files beside it are copies of the warm
// benchmark's, made by generate.py.
//
//   cold-payloads twitter|citm_catalog|canada|github_events reflectmap|prepared|decoder PAYLOAD_FOLDER
import Foundation
import ReflectMap

func microseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
}

/// Maps `data` twice with `map`, timing each call, and returns a value of each result to check.
func twice<Result>(_ map: () throws -> Result) rethrows -> ([Double], [Result]) {
    var times: [Double] = []
    var results: [Result] = []
    for _ in 0..<2 {
        let start = DispatchTime.now().uptimeNanoseconds
        results.append(try map())
        times.append(microseconds(since: start))
    }
    return (times, results)
}

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    fatalError(
        "usage: cold-payloads twitter|citm_catalog|canada|github_events reflectmap|prepared|decoder PAYLOAD_FOLDER")
}
let (name, useMapper) = (arguments[1], arguments[2] != "decoder")
guard let data = try? Data(contentsOf: URL(fileURLWithPath: arguments[3]).appendingPathComponent("\(name).json")) else {
    fatalError("missing payload \(name)")
}
let snake = JSONMapper(keyTranslator: .snakeCase)
let plain = JSONMapper()
let decoder = JSONDecoder()
var prepareTime: Double?
if arguments[2] == "prepared" {
    let models: [String: (JSONMapper, [any Mappable.Type])] = [
        "twitter": (
            snake,
            [
                TwitterFeed.self, SearchMetadata.self, TwitterStatus.self, TwitterUser.self, TwitterEntities.self,
                Hashtag.self, URLEntity.self, Mention.self,
            ]
        ),
        "citm_catalog": (
            plain,
            [
                CitmCatalog.self, CitmEvent.self, CitmPerformance.self, CitmPrice.self, CitmSeatCategory.self,
                CitmArea.self,
            ]
        ),
        "canada": (plain, [FeatureCollection.self, Feature.self, Geometry.self]),
        "github_events": (snake, [GitHubEvent.self, GitHubActor.self, GitHubRepo.self]),
    ]
    guard let entry = models[name] else { fatalError("unknown payload \(name)") }
    let (mapper, types) = entry
    let start = DispatchTime.now().uptimeNanoseconds
    try mapper.prepare(types)
    prepareTime = microseconds(since: start)
}
let times: [Double]
let count: Int
switch name {
case "twitter":
    let (t, r) =
        try useMapper
        ? twice { try snake.map(TwitterFeed.self, from: data) }
        : twice { try decoder.decode(TwitterFeed.self, from: data) }
    (times, count) = (t, r[1].statuses.count)
case "citm_catalog":
    let (t, r) =
        try useMapper
        ? twice { try plain.map(CitmCatalog.self, from: data) }
        : twice { try decoder.decode(CitmCatalog.self, from: data) }
    (times, count) = (t, r[1].performances.count)
case "canada":
    let (t, r) =
        try useMapper
        ? twice { try plain.map(FeatureCollection.self, from: data) }
        : twice { try decoder.decode(FeatureCollection.self, from: data) }
    (times, count) = (t, r[1].features.count)
case "github_events":
    let (t, r) =
        try useMapper
        ? twice { try snake.map([GitHubEvent].self, from: data) }
        : twice { try decoder.decode([GitHubEvent].self, from: data) }
    (times, count) = (t, r[1].count)
default:
    fatalError("unknown payload \(name)")
}
precondition(count > 0, "\(name): nothing was mapped")
print(
    (times.map { String(format: "%.1f", $0) } + ["\(count)"] + (prepareTime.map { [String(format: "%.1f", $0)] } ?? []))
        .joined(separator: " "))
