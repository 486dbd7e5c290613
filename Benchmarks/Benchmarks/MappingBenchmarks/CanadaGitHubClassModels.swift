import ReflectMap

// canada.json's and github_events.json's models as final classes: the shapes and keys of
// CanadaModels.swift and GitHubModels.swift, mapped by ReflectMap alone. `structForm` copies an
// instance into the struct form, which is how the harness checks that both forms read the same values.

enum CanadaClass {
    final class FeatureCollection: Mappable {
        var type = ""
        var features: [Feature] = []

        init() {}
    }

    final class Feature: Mappable {
        var type = ""
        var properties: [String: String] = [:]
        var geometry = Geometry()

        init() {}
    }

    final class Geometry: Mappable {
        var type = ""
        var coordinates: [[[Double]]] = []

        init() {}
    }
}

extension CanadaClass.FeatureCollection {
    var structForm: FeatureCollection {
        FeatureCollection(
            type: type,
            features: features.map {
                Feature(
                    type: $0.type, properties: $0.properties,
                    geometry: Geometry(type: $0.geometry.type, coordinates: $0.geometry.coordinates))
            })
    }
}

enum GitHubClass {
    final class Event: Mappable {
        var id = ""
        var type = ""
        var createdAt = ""
        var actor = Actor()
        var repo = Repo()
        @JSONKey("public") var isPublic = false
        var org: Actor?

        init() {}
    }

    final class Actor: Mappable {
        var id = 0
        var login = ""
        var gravatarID = ""
        var avatarURL = ""
        var url = ""

        init() {}
    }

    final class Repo: Mappable {
        var id = 0
        var name = ""
        var url = ""

        init() {}
    }
}

extension GitHubClass.Event {
    var structForm: GitHubEvent {
        var form = GitHubEvent()
        form.id = id
        form.type = type
        form.createdAt = createdAt
        form.actor = actor.structForm
        form.repo = GitHubRepo(id: repo.id, name: repo.name, url: repo.url)
        form.isPublic = isPublic
        form.org = org?.structForm
        return form
    }
}

extension GitHubClass.Actor {
    var structForm: GitHubActor {
        GitHubActor(id: id, login: login, gravatarID: gravatarID, avatarURL: avatarURL, url: url)
    }
}
