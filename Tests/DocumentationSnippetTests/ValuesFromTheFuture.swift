// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

/// The "Values from the Future" article.
enum Plan: String, Sendable {
    case free, pro
}

struct Account: Mappable {
    var id = 0
    var plan: Open<Plan> = .known(.free)
    var pastPlans: [Open<Plan>] = []
}

class Block: JSONPolymorphic, @unchecked Sendable {
    class var typeKey: String { "type" }
    class var subtypes: [String: any Mappable.Type] { ["text": TextBlock.self] }
    class var unknownSubtype: (any JSONUnknownSubtype.Type)? { UnknownBlock.self }
    var id = ""
    required init() {}
}

nonisolated final class TextBlock: Block, @unchecked Sendable {
    var text = ""
}

final class UnknownBlock: Block, JSONUnknownSubtype, @unchecked Sendable {
    @JSONIgnored var unknownJSON: JSONValue = .null
    nonisolated required init() {}
}

@Suite("Values from the Future article")
struct ValuesFromTheFutureSnippets {
    @Test("An open enum keeps the plan it does not know")
    func openEnum() throws {
        let account = try JSONMapper().map(Account.self, from: Data(#"{"id": 1, "plan": "enterprise", "pastPlans": ["free"]}"#.utf8))
        switch account.plan {
        case .known(.free): print("free")
        case .known(.pro): print("pro")
        case .unknown(let raw): print("a plan this version does not know:", raw)   // "enterprise"
        }
        let isPro = account.plan == .pro
        #expect(account.plan == .unknown("enterprise") && !isPro && account.pastPlans == [.known(.free)])
    }

    @Test("An unknown block is kept whole and written back as it came")
    func unknownSubtype() throws {
        let blocks = try JSONMapper().map([Block].self, from: Data(#"[{"type": "text", "id": "a", "text": "Hi"}, {"type": "poll", "id": "b", "options": [1, 2]}]"#.utf8))
        let poll = blocks[1] as? UnknownBlock                 // its id is "b"
        let options = poll?.unknownJSON["options"]            // [1, 2], kept
        let sameJSON = try JSONMapper().data(from: blocks)    // the poll is written back as it came
        #expect(poll?.id == "b" && options == .array([.number(.integer(1)), .number(.integer(2))]))
        #expect(try JSONValue(parsing: sameJSON)[1] == JSONValue(parsing: Data(#"{"type": "poll", "id": "b", "options": [1, 2]}"#.utf8)))
    }
}
