import Foundation
import ReflectMap
import Testing

// How a generated enum (`--enums`) behaves when a response holds a raw value the samples never
// showed: apache_builds' job colours, generated as `ApacheBuilds.Color`.

@Suite("Generated enums")
struct GeneratedEnumTests {
    private static func job(color: String) -> Data {
        Data(#"{"name": "ant", "url": "https://builds.apache.org/job/ant/", "color": "\#(color)"}"#.utf8)
    }

    @Test("A known raw value maps to its case and is written back unchanged")
    func knownValue() throws {
        let mapper = JSONMapper(mode: .strict)
        let job = try mapper.map(ApacheBuilds.Job.self, from: Self.job(color: "red_anime"))
        #expect(job.color == .redAnime)
        #expect(try mapper.dictionary(from: job)["color"] as? String == "red_anime")
    }

    @Test("In lenient mode an unknown raw value leaves the property nil, maps the rest, and is reported as skipped")
    func lenientUnknownValue() throws {
        let (job, report) = try JSONMapper().mapWithReport(ApacheBuilds.Job.self, from: Self.job(color: "purple"))
        #expect(job.color == nil)
        #expect(job.name == "ant")
        #expect(job.url == URL(string: "https://builds.apache.org/job/ant/"))
        #expect(report.skipped.map(\.path) == ["color"])
        #expect(report.skipped.first?.message.contains("purple") == true)
    }

    @Test("In strict mode an unknown raw value throws, naming the property")
    func strictUnknownValue() {
        #expect {
            try JSONMapper(mode: .strict).map(ApacheBuilds.Job.self, from: Self.job(color: "purple"))
        } throws: { error in
            guard let error = error as? MappingError, case .invalidValue = error.kind else { return false }
            return error.path == "color"
        }
    }
}
