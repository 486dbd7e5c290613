// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

/// The "Partial Updates and Merge Patches" article.
struct ProfilePatch: Mappable {
    var displayName: JSONNullable<String> = .absent
    var website: JSONNullable<URL> = .absent
    var age: JSONNullable<Int> = .absent
}

struct Settings: Mappable, Equatable {
    var theme = "light"
    var fontSize = 14
    var signature: String?
    var labels: [String] = []
}

@Suite("Partial Updates and Merge Patches article")
struct PartialUpdatesAndMergePatchesSnippets {
    @Test("A three-state patch sends null for a cleared field and leaves an absent one out")
    func threeStates() throws {
        var patch = ProfilePatch()
        patch.website = .null                   // clear it on the server
        patch.displayName = .value("Ada L.")    // change it
        let body = try JSONMapper().data(from: patch)   // {"displayName":"Ada L.","website":null}; age is left out
        #expect(String(decoding: body, as: UTF8.self) == #"{"displayName":"Ada L.","website":null}"#)
    }

    @Test("A merge patch from two models holds what changed, and applying it gives the edited model")
    func mergePatch() throws {
        let mapper = JSONMapper()
        let saved = Settings(theme: "light", fontSize: 14, signature: "Ada", labels: ["work"])
        var edited = saved
        edited.theme = "dark"
        edited.signature = nil
        let patchBody = try mapper.mergePatch(from: saved, to: edited)   // {"signature":null,"theme":"dark"}
        #expect(String(decoding: patchBody, as: UTF8.self) == #"{"signature":null,"theme":"dark"}"#)

        var current = saved
        try mapper.apply(mergePatch: patchBody, to: &current)   // current == edited
        #expect(current == edited)
    }
}
