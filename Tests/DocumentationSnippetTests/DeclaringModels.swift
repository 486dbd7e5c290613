// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

/// The Declaring Models article.
enum DeclaringModels {
    class Pet: Mappable {
        var name = ""
        var age = 0
        required init() {}
    }

    nonisolated final class Dog: Pet {
        var breed = ""
        var goodBoy = true
    }

    enum Status: String {
        case active, suspended
    }

    struct Page<Item: Mappable>: Mappable {
        var items: [Item] = []
        var nextCursor: String?
    }

    struct Account: Mappable {
        var id = UUID()
        var status = Status.active
        var balance: Decimal = 0
        var limits: [String: Int] = [:]
        var tags: Set<String> = []
        var metadata: JSONValue = .null
        var pets: Page<Dog>?
    }

    final class Node: Mappable {
        let kind = "node"
        var children: [Node] = []
        weak var parent: Node?
        lazy var depth = children.count
        var title = "" {
            didSet { print("not called by the mapper") }
        }
        var normalisedTitle = ""
        required init() {}

        func didFinishMapping() throws {
            normalisedTitle = title.lowercased()
        }
    }

    final class Screen: Mappable {
        var title = ""
        @JSONIgnored var onTap: () -> Void = {}
        required init() {}
    }
}

@Suite("Declaring Models article")
struct DeclaringModelsSnippets {
    @Test("A subclass maps its superclass's properties too")
    func inheritance() throws {
        let dog = try JSONMapper().map(DeclaringModels.Dog.self, from: json(#"{"name": "Rex", "age": 3, "breed": "collie"}"#))
        #expect(dog.name == "Rex" && dog.age == 3 && dog.breed == "collie" && dog.goodBoy)
    }

    @Test("Enums, generics, decimals, dictionaries, sets and raw JSON map")
    func propertyKinds() throws {
        let account = try JSONMapper(keyTranslator: .snakeCase).map(DeclaringModels.Account.self, from: json("""
        {"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "status": "suspended", "balance": 10.25, "limits": {"day": 5},
         "tags": ["a", "a"], "metadata": {"x": [1]}, "pets": {"items": [{"name": "Rex"}], "next_cursor": "b"}}
        """))
        #expect(account.status == .suspended && account.balance == Decimal(string: "10.25"))
        #expect(account.limits == ["day": 5] && account.tags == ["a"] && account.metadata["x"] == .array([.number(.integer(1))]))
        #expect(account.pets?.items.first?.name == "Rex" && account.pets?.nextCursor == "b")
    }

    @Test("let, weak and lazy properties are not filled, and didFinishMapping runs")
    func specialProperties() throws {
        let node = try JSONMapper().map(DeclaringModels.Node.self, from: json("""
        {"kind": "leaf", "title": "Root", "children": [{"title": "A"}], "parent": {}, "depth": 9}
        """))
        #expect(node.kind == "node" && node.parent == nil && node.depth == 1)
        #expect(node.normalisedTitle == "root" && node.children.first?.normalisedTitle == "a")
    }

    @Test("An ignored closure property leaves the model mappable")
    func ignoredClosure() throws {
        #expect(try JSONMapper().map(DeclaringModels.Screen.self, from: json(#"{"title": "Home"}"#)).title == "Home")
    }
}
