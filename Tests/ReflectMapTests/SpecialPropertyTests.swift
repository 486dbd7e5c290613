import Foundation
import ReflectMap
import Testing

final class Member: Mappable {
    var name = ""
    @JSONIgnored var isAdmin = false
    @JSONIgnored var onTap: (() -> Void)?
    let kind = "member"
    weak var manager: Member?
    unowned var anchor: Anchor = sharedAnchor
    lazy var greeting = "Hello, \(name)"
    var observed = 0 {
        didSet { didSetCalls += 1 }
    }
    @JSONIgnored var didSetCalls = 0

    required init() {}
}

final class Anchor {}
nonisolated(unsafe) let sharedAnchor = Anchor()

@Suite("Ignored and special properties")
struct SpecialPropertyTests {
    let mapper = JSONMapper()

    @Test("@JSONIgnored is never assigned from JSON, even when the key is present")
    func ignoredNeverAssigned() throws {
        let (member, report) = try mapper.mapWithReport(
            Member.self, from: json(#"{"name": "Eve", "isAdmin": true, "_isAdmin": true}"#))
        #expect(member.name == "Eve")
        #expect(!member.isAdmin)
        #expect(report.unmappedKeys.sorted() == ["_isAdmin", "isAdmin"])
    }

    @Test("@JSONIgnored is never written")
    func ignoredNeverWritten() throws {
        let member = Member()
        member.isAdmin = true
        let written = try mapper.dictionary(from: member)
        #expect(written["isAdmin"] == nil && written["onTap"] == nil && written["didSetCalls"] == nil)
    }

    @Test("let properties are written but never filled")
    func letProperties() throws {
        let member = try mapper.map(Member.self, from: json(#"{"kind": "admin"}"#))
        #expect(member.kind == "member")
        #expect(try mapper.dictionary(from: member)["kind"] as? String == "member")
    }

    @Test("weak, unowned and lazy properties are neither read nor written")
    func weakUnownedLazy() throws {
        let member = try mapper.map(
            Member.self, from: json(#"{"name": "Ann", "manager": {"name": "Boss"}, "anchor": {}, "greeting": "x"}"#))
        #expect(member.manager == nil)
        #expect(member.greeting == "Hello, Ann")
        let written = try mapper.dictionary(from: member)
        #expect(written["manager"] == nil && written["anchor"] == nil && written["greeting"] == nil)
    }

    @Test("didSet observers do not run for mapped values")
    func didSetDoesNotRun() throws {
        let member = try mapper.map(Member.self, from: json(#"{"observed": 5}"#))
        #expect(member.observed == 5)
        #expect(member.didSetCalls == 0)
    }
}
