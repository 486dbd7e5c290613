import Foundation
import ReflectMap
import Testing

/// Collects what a report handler receives.
final class DriftLog: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var drifts: [MappingDrift] = []

    func record(_ drift: MappingDrift) {
        lock.lock()
        drifts.append(drift)
        lock.unlock()
    }

    var all: [MappingDrift] {
        lock.lock()
        defer { lock.unlock() }
        return drifts
    }
}

struct DriftUser: Mappable, Equatable {
    var id = 0
    var name = ""
}

@Suite("Drift reports reach a handler from every entry point")
struct DriftReportTests {
    func mapper(_ log: DriftLog) -> JSONMapper {
        var mapper = JSONMapper()
        mapper.reportHandler = { log.record($0) }
        return mapper
    }

    let drifted = json(#"{"id": "7", "name": "Ada", "added": true}"#)
    let clean = json(#"{"id": 7, "name": "Ada"}"#)

    @Test("Every mapping entry point hands a dirty report to the handler, with the type and the key path")
    func everyEntryPoint() throws {
        let log = DriftLog()
        let mapper = mapper(log)
        let object = try JSONSerialization.jsonObject(with: drifted)
        _ = try mapper.map(DriftUser.self, from: drifted)
        _ = try mapper.map(DriftUser.self, from: object as? [String: Any] ?? [:])
        _ = try mapper.map(DriftUser.self, fromJSONObject: object)
        _ = try mapper.map(DriftUser.self, from: json(#"{"data": {"id": 1, "extra": 2}}"#), at: "data")
        _ = try mapper.mapArray(DriftUser.self, from: json(#"[{"id": 1, "x": 0}]"#))
        _ = try mapper.mapWithReport(DriftUser.self, from: drifted)
        var user = DriftUser()
        try mapper.update(&user, from: drifted)
        let drifts = log.all
        #expect(drifts.count == 7)
        #expect(drifts.allSatisfy { !$0.report.isClean })
        #expect(ObjectIdentifier(drifts[0].modelType) == ObjectIdentifier(DriftUser.self) && drifts[0].keyPath == nil)
        #expect(drifts[0].report.unmappedKeys == ["added"] && drifts[0].report.coercions.map(\.path) == ["id"])
        #expect(drifts[3].keyPath == "data" && drifts[3].report.unmappedKeys == ["data.extra"])
        #expect(ObjectIdentifier(drifts[4].modelType) == ObjectIdentifier([DriftUser].self))
    }

    @Test("A clean mapping never reaches the handler, and a plain map still returns no report")
    func cleanIsSilent() throws {
        let log = DriftLog()
        let mapper = mapper(log)
        _ = try mapper.map(DriftUser.self, from: clean)
        let (_, report) = try mapper.mapWithReport(DriftUser.self, from: clean)
        #expect(report.isClean)
        #expect(log.all.isEmpty)
    }

    @Test("Streamed elements reach the handler one by one, with their place in the document")
    func streams() async throws {
        let log = DriftLog()
        let mapper = mapper(log)
        let data = json(
            #"{"items": [{"id": 1, "name": "a"}, {"id": 2, "name": "b", "new": 1}, {"id": "3", "name": "c"}]}"#)
        var ids: [Int] = []
        let chunks = AsyncStream<Data> { continuation in
            continuation.yield(data)
            continuation.finish()
        }
        for try await user in mapper.elements(DriftUser.self, fromChunks: chunks, layout: .array(at: "items")) {
            ids.append(user.id)
        }
        #expect(ids == [1, 2, 3])
        let drifts = log.all
        #expect(drifts.count == 2)
        #expect(drifts.map(\.keyPath) == ["items", "items"])
        #expect(drifts[0].report.unmappedKeys == ["items[1].new"])
        #expect(drifts[1].report.coercions.map(\.path) == ["items[2].id"])
    }
}
