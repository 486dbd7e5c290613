import Foundation
import ReflectMapHandyJSON
import Testing

final class Lifecycle: HandyJSON {
    var started = false
    var name = ""
    var summary = ""
    var child: LifecycleChild?
    required init() {}

    func willStartMapping() {
        started = true
    }

    func didFinishMapping() {
        summary = "\(name) with \(child?.label ?? "none")"
    }
}

struct LifecycleChild: HandyJSON {
    var raw = ""
    var label = ""

    mutating func didFinishMapping() {
        label = raw.uppercased()
    }
}

extension HandyJSONCompat {
    @Suite("The mapping hooks")
    struct Hooks {
        @Test("willStartMapping runs before the mapper fills the model")
        func willStart() throws {
            #expect(Lifecycle.deserialize(from: #"{"name": "a"}"#)?.started == true)
            #expect(Lifecycle().started == false)
        }

        @Test(
            "A struct's didFinishMapping changes are kept, children finish before parents, from text and from a dictionary"
        )
        func didFinish() throws {
            let fromText = try #require(Lifecycle.deserialize(from: #"{"name": "a", "child": {"raw": "b"}}"#))
            #expect(fromText.child?.label == "B")
            #expect(fromText.summary == "a with B")
            let fromDictionary = try #require(Lifecycle.deserialize(from: ["name": "c", "child": ["raw": "d"]]))
            #expect(fromDictionary.summary == "c with D")
            #expect(Owner.deserialize(from: #"{"name": "ada"}"#)?.upperName == "ADA")
        }

        @Test("A struct's hook is kept when the document repeats a key")
        func didFinishWithRepeatedKey() throws {
            let model = try #require(Lifecycle.deserialize(from: #"{"name": "x", "name": "y", "child": {"raw": "z"}}"#))
            #expect(model.summary == "y with Z")
        }

        @Test("Both hooks run when a model is updated")
        func hooksOnUpdate() throws {
            var model = Lifecycle()
            model.name = "n"
            JSONDeserializer<Lifecycle>.update(object: &model, from: #"{"child": {"raw": "q"}}"#)
            #expect(model.started)
            #expect(model.summary == "n with Q")
        }
    }
}
