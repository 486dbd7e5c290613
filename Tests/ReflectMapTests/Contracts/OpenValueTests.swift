import Foundation
import ReflectMap
import Testing

enum PlanTier: String, Sendable {
    case free, pro
}

enum TicketPriority: Int, Sendable {
    case low = 1, high = 2
}

struct Subscription: Mappable, Equatable {
    var tier: Open<PlanTier> = .known(.free)
    var priority: Open<TicketPriority>?
    var history: [Open<PlanTier>] = []
    var byRegion: [String: Open<PlanTier>] = [:]
}

@Suite("Open enums keep values from the future")
struct OpenValueTests {
    let newer = json(
        #"{"tier": "enterprise", "priority": 9, "history": ["free", "team", "pro"], "byRegion": {"eu": "pro", "us": "gold"}}"#
    )

    @Test("An unknown raw value is kept on both routes and in both modes, and known ones map to their cases")
    func keptEverywhere() throws {
        for mode in [MappingMode.lenient, .strict] {
            let mapper = JSONMapper(mode: mode)
            let fromBytes = try mapper.map(Subscription.self, from: newer)
            let fromTree = try mapper.map(
                Subscription.self, fromJSONObject: try JSONSerialization.jsonObject(with: newer))
            #expect(fromBytes == fromTree)
            #expect(fromBytes.tier == .unknown("enterprise"))
            #expect(fromBytes.tier.known == nil && !fromBytes.tier.isKnown)
            #expect(fromBytes.priority == .unknown(9))
            #expect(fromBytes.history == [.known(.free), .unknown("team"), .known(.pro)])
            #expect(fromBytes.byRegion["eu"] == .known(.pro) && fromBytes.byRegion["us"]?.rawValue == "gold")
            #expect(fromBytes.history[2] == .pro)
        }
    }

    @Test("Writing gives back exactly the JSON that was read")
    func roundTrip() throws {
        let mapper = JSONMapper()
        let model = try mapper.map(Subscription.self, from: newer)
        let written = try JSONValue(parsing: mapper.data(from: model))
        #expect(written == (try JSONValue(parsing: newer)))
    }

    @Test("Each unknown value is in the report's unknown values, with its path, on both routes")
    func reported() throws {
        let mapper = JSONMapper()
        let (_, bytesReport) = try mapper.mapWithReport(Subscription.self, from: newer)
        let (_, treeReport) = try mapper.mapWithReport(
            Subscription.self, fromJSONObject: try JSONSerialization.jsonObject(with: newer))
        #expect(bytesReport == treeReport)
        #expect(bytesReport.unknownValues.map(\.path) == ["byRegion.us", "history[1]", "priority", "tier"])
        #expect(bytesReport.unknownValues.first?.message.contains("an unknown raw value of PlanTier") == true)
        #expect(bytesReport.skipped.isEmpty && !bytesReport.isClean)
        let (_, clean) = try mapper.mapWithReport(
            Subscription.self, from: json(#"{"tier": "pro", "priority": 1, "history": [], "byRegion": {}}"#))
        #expect(clean.isClean)
    }

    @Test("A value that is no raw value at all is unusable, as for a plain enum")
    func notARawValue() throws {
        let (model, report) = try JSONMapper().mapWithReport(
            Subscription.self, from: json(#"{"tier": {"x": 1}, "history": [], "byRegion": {}}"#))
        #expect(model.tier == .free)
        #expect(report.skipped.map(\.path) == ["tier"])
        #expect(throws: MappingError.self) {
            try JSONMapper(mode: .strict).map(
                Subscription.self, from: json(#"{"tier": [1], "history": [], "byRegion": {}}"#))
        }
    }

    @Test("Open values are made from cases and raw values, and compare by raw value")
    func values() {
        #expect(Open<PlanTier>(rawValue: "pro") == .known(.pro))
        #expect(Open<PlanTier>(rawValue: "x") == .unknown("x"))
        #expect(Open(PlanTier.free).rawValue == "free")
        #expect(Open<PlanTier>.unknown("x").description == "unknown(x)")
        #expect(Set([Open<PlanTier>.known(.pro), .unknown("pro")]).count == 1)
    }
}
