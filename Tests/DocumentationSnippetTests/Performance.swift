// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

/// The Performance article.
struct Timeline: Mappable {
    var items: [Post] = []
    var nextCursor: String?
}

struct Post: Mappable {
    var id: Int64 = 0
    var text = ""
    var author = Profile()
}

struct Profile: Mappable {
    var screenName = ""
    var followersCount = 0
}

struct Alert: Mappable {
    var kind = ""
    var createdAt: Date?
}

/// The article's models, as it declares them; the tests use the fuller ones above.
enum PerformanceArticleModels {
    struct Profile: Mappable { var screenName = "" }
    struct Timeline: Mappable { var items: [Profile] = [] }
    struct Alert: Mappable { var kind = "" }
    enum Twitter {   // as `reflectmap-gen --namespace Twitter` writes it, beside its models
        nonisolated static let allModels: [any Mappable.Type] = [Profile.self, Alert.self]
    }
}

/// What `reflectmap-gen --namespace Twitter` writes beside the models, for the article's launch code.
enum Twitter {
    nonisolated static let allModels: [any Mappable.Type] = [Profile.self, Alert.self]
}

@Suite("Performance article")
struct PerformanceSnippets {
    @Test("Plans prepared off the main thread serve a later map")
    func prepareAtLaunch() async throws {
        let mapper = JSONMapper(keyTranslator: .snakeCase)
        Task.detached(priority: .utility) {
            try? mapper.prepare([Timeline.self, Profile.self, [Alert].self])
            try? mapper.prepare(Twitter.allModels)   // every model reflectmap-gen wrote into `enum Twitter`
        }
        // Preparing again while the detached task may still run is safe, and so is mapping.
        try mapper.prepare([Timeline.self])
        let timeline = try mapper.map(Timeline.self, from: json("""
        {"items": [{"id": 1, "text": "hi", "author": {"screen_name": "ada", "followers_count": 3}}], "next_cursor": "c2"}
        """))
        #expect(timeline.items.first?.author.screenName == "ada" && timeline.nextCursor == "c2")
        let alerts = try mapper.map([Alert].self, from: json(#"[{"kind": "mention", "created_at": "2024-05-01T12:30:00Z"}]"#))
        #expect(alerts.first?.createdAt != nil)
    }
}
