import Foundation
import ReflectMap

// github_events.json (a top-level array) in three forms over the same structs, plus a Codable variant
// decoded with .convertFromSnakeCase. The free-form `payload` is left out in every form, because
// Codable cannot decode it without a JSON value type of its own.

struct GitHubEvent: Mappable, Equatable {
    var id = ""
    var type = ""
    var createdAt = ""
    var actor = GitHubActor()
    var repo = GitHubRepo()
    @JSONKey("public") var isPublic = false
    var org: GitHubActor?
}

struct GitHubActor: Mappable, Equatable, Codable {
    var id = 0
    var login = ""
    var gravatarID = ""
    var avatarURL = ""
    var url = ""

    enum CodingKeys: String, CodingKey {
        case id, login, gravatarID = "gravatar_id", avatarURL = "avatar_url", url
    }
}

struct GitHubRepo: Mappable, Equatable, Codable {
    var id = 0
    var name = ""
    var url = ""

    enum CodingKeys: String, CodingKey {
        case id, name, url
    }
}

extension GitHubEvent: Codable {
    enum CodingKeys: String, CodingKey {
        case id, type, createdAt = "created_at", actor, repo, isPublic = "public", org
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        type = try c.decode(String.self, forKey: .type)
        createdAt = try c.decode(String.self, forKey: .createdAt)
        actor = try c.decode(GitHubActor.self, forKey: .actor)
        repo = try c.decode(GitHubRepo.self, forKey: .repo)
        isPublic = try c.decode(Bool.self, forKey: .isPublic)
        org = try c.decodeIfPresent(GitHubActor.self, forKey: .org)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(type, forKey: .type)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(actor, forKey: .actor)
        try c.encode(repo, forKey: .repo)
        try c.encode(isPublic, forKey: .isPublic)
        try c.encodeIfPresent(org, forKey: .org)
    }
}

extension GitHubEvent {
    init(dictionary d: [String: Any]) {
        id = d["id"] as? String ?? ""
        type = d["type"] as? String ?? ""
        createdAt = d["created_at"] as? String ?? ""
        actor = (d["actor"] as? [String: Any]).map(GitHubActor.init(dictionary:)) ?? GitHubActor()
        repo =
            (d["repo"] as? [String: Any]).map {
                GitHubRepo(
                    id: $0["id"] as? Int ?? 0, name: $0["name"] as? String ?? "", url: $0["url"] as? String ?? "")
            } ?? GitHubRepo()
        isPublic = d["public"] as? Bool ?? false
        org = (d["org"] as? [String: Any]).map(GitHubActor.init(dictionary:))
    }
}

extension GitHubActor {
    init(dictionary d: [String: Any]) {
        id = d["id"] as? Int ?? 0
        login = d["login"] as? String ?? ""
        gravatarID = d["gravatar_id"] as? String ?? ""
        avatarURL = d["avatar_url"] as? String ?? ""
        url = d["url"] as? String ?? ""
    }
}

enum SnakeGitHub {
    struct Event: Codable {
        var id: String
        var type: String
        var createdAt: String
        var actor: Actor
        var repo: GitHubRepo
        var `public`: Bool
        var org: Actor?
    }

    struct Actor: Codable {
        var id: Int
        var login: String
        var gravatarId: String
        var avatarUrl: String
        var url: String
    }
}
