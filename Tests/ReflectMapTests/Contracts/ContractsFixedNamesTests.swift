import Foundation
import ReflectMap
import Testing

// Every public name of the API-contract features, used with its exact signature, so that a rename or
// a changed signature fails to compile.

enum FixedNameStatus: String, Sendable { case on }

class FixedNameNode: JSONPolymorphic {
    class var typeKey: String { "t" }
    class var subtypes: [String: any Mappable.Type] { [:] }
    class var unknownSubtype: (any JSONUnknownSubtype.Type)? { FixedNameUnknownNode.self }
    required init() {}
}

final class FixedNameUnknownNode: FixedNameNode, JSONUnknownSubtype {
    @JSONIgnored var unknownJSON: JSONValue = .null
}

struct FixedNameContract: Mappable {
    var status: Open<FixedNameStatus> = .known(.on)
    var note: JSONNullable<String> = .absent
}

@Suite("API contract fixed names")
struct ContractsFixedNamesTests {
    @Test("Open values, three-state properties, unknown subtypes, merge patches and report handlers compile with their signatures")
    func everyName() throws {
        let open: [Open<FixedNameStatus>] = [.known(.on), .unknown("x"), Open(rawValue: "on"), Open(.on)]
        let _: (FixedNameStatus?, Bool, String) = (open[0].known, open[0].isKnown, open[0].rawValue)
        let states: [JSONNullable<Int>] = [.absent, .null, .value(1), JSONNullable(Optional(2))]
        let _: (Int?, Bool) = (states[2].value, states[0].isPresent)
        let _: (any JSONUnknownSubtype.Type)? = FixedNameNode.unknownSubtype

        var mapper = JSONMapper()
        mapper.reportHandler = { (drift: MappingDrift) in
            let _: (MappingReport, any Mappable.Type, String?) = (drift.report, drift.modelType, drift.keyPath)
        }
        let old = FixedNameContract()
        var new = old
        new.note = .value("n")
        let patch: Data = try mapper.mergePatch(from: old, to: new)
        try mapper.apply(mergePatch: patch, to: &new)
        let made: JSONValue = JSONValue.mergePatch(from: .object([:]), to: .object(["a": .null]))
        let applied: JSONValue = JSONValue.object([:]).applying(mergePatch: made)
        let unknown: [MappingReport.Entry] = MappingReport().unknownValues
        #expect(applied == .object([:]) && unknown.isEmpty && new.note == .value("n"))
    }
}
