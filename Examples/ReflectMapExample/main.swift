import Foundation
import ReflectMap

// A typical API response, /api/foo/bar, and its model classes, with snake_case keys.

final class FooBarResponse: Mappable {
    var success = false
    var intValue = 0
    var stringValue: String?
    var floatValue: Float?
    var bazQux: BazQux?
    required init() {}
}

final class BazQux: Mappable {
    var arrayValue: [Int] = []
    required init() {}
}

let fooBarJSON = Data(
    """
    {
        "success": true,
        "int_value": 1,
        "string_value": "Hello!",
        "float_value": null,
        "baz_qux": { "array_value": [1, 2, 3] }
    }
    """.utf8)

// A real payload: GitHub's public events feed, a top-level array with a free-form `payload`.

enum EventKind: String {
    case push = "PushEvent", create = "CreateEvent", watch = "WatchEvent", fork = "ForkEvent"
    case issues = "IssuesEvent", issueComment = "IssueCommentEvent", gollum = "GollumEvent"
}

struct Actor: Mappable {
    var id = 0
    var login = ""
    var avatarURL: URL?
}

struct Repo: Mappable {
    var id = 0
    var name = ""
}

struct Event: Mappable {
    var id = ""
    var type: EventKind?
    var createdAt = Date(timeIntervalSince1970: 0)
    var actor = Actor()
    var repo = Repo()
    @JSONKey("public") var isPublic = false
    var payload: [String: Any] = [:]
}

let mapper = JSONMapper(keyTranslator: .snakeCase)

do {
    let fooBar = try mapper.map(FooBarResponse.self, from: fooBarJSON)
    let floatText = fooBar.floatValue.map { "\($0)" } ?? "nil"
    let numbers: [Int] = fooBar.bazQux?.arrayValue ?? []
    print(
        "FooBarResponse: success=\(fooBar.success) intValue=\(fooBar.intValue)"
            + " stringValue=\(fooBar.stringValue ?? "nil") floatValue=\(floatText) bazQux.arrayValue=\(numbers)")
    print("  back to JSON:", String(decoding: try mapper.data(from: fooBar), as: UTF8.self))

    let path =
        CommandLine.arguments.dropFirst().first
        ?? Bundle.module.path(forResource: "github_events", ofType: "json", inDirectory: "Resources")
        ?? "github_events.json"
    let events = try mapper.mapArray(Event.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    print("\nMapped \(events.count) GitHub events from \(URL(fileURLWithPath: path).lastPathComponent):")
    for event in events.prefix(5) {
        let kind = event.type?.rawValue ?? "unknown"
        print(
            "  \(event.id) \(kind) by \(event.actor.login) on \(event.repo.name), payload keys: \(event.payload.keys.sorted())"
        )
    }
    if let first = events.first {
        var compact = first
        compact.payload = [:]
        print(
            "  first event back to JSON (payload left out):",
            String(decoding: try mapper.data(from: compact), as: UTF8.self))
    }
} catch {
    print("Mapping failed: \(error)")
    exit(1)
}
