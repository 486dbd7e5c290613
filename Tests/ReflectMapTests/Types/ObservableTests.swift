import Foundation
import Observation
import ReflectMap
import Synchronization
import Testing

@Observable
final class ObservedProfile: Mappable {
    var displayName = ""
    var followers = 0
    var website: URL?
    @ObservationIgnored var localDraft = ""
    required init() {}
}

@Suite("@Observable classes")
struct ObservableTests {
    @Test("An @Observable class maps with clean keys, and its registrar is skipped")
    func mapsWithCleanKeys() throws {
        let data = json(#"{"displayName": "Ada", "followers": 12, "website": "https://example.com", "localDraft": ""}"#)
        let (profile, report) = try JSONMapper(mode: .strict).mapWithReport(ObservedProfile.self, from: data)
        #expect(profile.displayName == "Ada")
        #expect(profile.followers == 12)
        #expect(profile.website?.absoluteString == "https://example.com")
        #expect(report.unmappedKeys.isEmpty)
        #expect(
            String(decoding: try JSONMapper().data(from: profile), as: UTF8.self)
                == #"{"displayName":"Ada","followers":12,"localDraft":"","website":"https://example.com"}"#)
        let routes = bothRoutes(ObservedProfile.self, data, JSONMapper())
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("Observation works on the object after mapping: an observer sees a later change")
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
    func observationWorksAfterMapping() throws {
        let profile = try JSONMapper().map(ObservedProfile.self, from: json(#"{"displayName": "Ada"}"#))
        let changes = Mutex(0)
        let seen = withObservationTracking {
            profile.displayName
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        #expect(seen == "Ada")
        profile.displayName = "Grace"
        #expect(changes.withLock { $0 } == 1)
    }

    @Test("update refuses an @Observable class rather than change it behind its observers")
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
    func updateIsRefused() throws {
        let profile = ObservedProfile()
        let changes = Mutex(0)
        _ = withObservationTracking {
            profile.followers
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        var updated = profile
        #expect(throws: MappingError.self) { try JSONMapper().update(&updated, from: json(#"{"followers": 99}"#)) }
        #expect(updated === profile && profile.followers == 0)
        #expect(changes.withLock { $0 } == 0)
    }

    @Test("Updating a struct model held in an @Observable property notifies its observers")
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Mutex
    func updateThroughTheSetterNotifies() throws {
        let holder = ObservedHolder()
        let changes = Mutex(0)
        _ = withObservationTracking {
            holder.settings
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        try JSONMapper().update(&holder.settings, from: json(#"{"theme": "dark"}"#))
        #expect(holder.settings.theme == "dark" && holder.settings.fontSize == 12)
        #expect(changes.withLock { $0 } == 1)
    }
}

struct ObservedSettings: Mappable {
    var theme = "light"
    var fontSize = 12
}

@Observable final class ObservedHolder {
    var settings = ObservedSettings()
}
