import Testing

// The map rule and the richer types, applied to the eight payloads of the shared benchmark data:
// what each generates, counted in its checked-in models (which the generator must still write byte
// for byte). A change to either rule shows up here as a changed line, to be reviewed.

@Suite("What each payload generates")
struct PayloadSummaryTests {
    /// What one generated file declares.
    struct Summary: Equatable, CustomStringConvertible {
        var classes = 0
        var enums = 0
        var properties = 0
        /// The dictionary properties, `name: [String: Value]`.
        var dictionaries: [String] = []
        /// Properties, elements or values typed `Date`, `URL` and `UUID`.
        var dates = 0, urls = 0, uuids = 0

        init(
            classes: Int, enums: Int = 0, properties: Int, dictionaries: [String] = [], dates: Int = 0, urls: Int = 0,
            uuids: Int = 0
        ) {
            (self.classes, self.enums, self.properties, self.dictionaries) = (classes, enums, properties, dictionaries)
            (self.dates, self.urls, self.uuids) = (dates, urls, uuids)
        }

        init(source: String) {
            for line in source.split(separator: "\n").map({ $0.drop { $0 == " " } }) {
                if line.hasPrefix("final class ") || line.hasPrefix("struct ") { classes += 1 }
                if line.hasPrefix("enum "), line.hasSuffix(": String {") { enums += 1 }
                guard let start = line.firstRange(of: "var ")?.upperBound else { continue }
                let declaration = line[start..<(line.firstRange(of: "  //")?.lowerBound ?? line.endIndex)]
                properties += 1
                let type = String(
                    declaration[..<(declaration.firstRange(of: " = ")?.lowerBound ?? declaration.endIndex)])
                if type.contains("[String: ") { dictionaries.append(type) }
                for (name, count) in [("Date", \Summary.dates), ("URL", \.urls), ("UUID", \.uuids)]
                where type.hasSuffix(": \(name)?") || type.contains("[\(name)") || type.contains(": \(name)]") {
                    self[keyPath: count] += 1
                }
            }
        }

        var description: String {
            "\(classes) classes, \(enums) enums, \(properties) properties, maps \(dictionaries), "
                + "\(dates) Date, \(urls) URL, \(uuids) UUID"
        }
    }

    static let expected: [String: Summary] = [
        "TwitterModels.swift": Summary(classes: 14, properties: 116, urls: 14),
        "CITMModels.swift": Summary(
            classes: 7, properties: 36,
            dictionaries: [
                "areaNames: [String: String]", "audienceSubCategoryNames: [String: String]",
                "blockNames: [String: JSONValue]?", "events: [String: Event]", "seatCategoryNames: [String: String]",
                "subTopicNames: [String: String]", "subjectNames: [String: JSONValue]?", "topicNames: [String: String]",
                "topicSubTopics: [String: [Int]]",
            ]),
        "GitHubModels.swift": Summary(classes: 13, properties: 157, dates: 9, urls: 37),
        "GitHubStructModels.swift": Summary(classes: 13, properties: 157, dates: 9, urls: 37),
        "CanadaModels.swift": Summary(classes: 4, properties: 8),
        "ApacheBuildsModels.swift": Summary(
            classes: 4, enums: 1, properties: 22,
            dictionaries: [
                "assignedLabels: [[String: JSONValue]]", "overallLoad: [String: JSONValue]?",
                "unlabeledLoad: [String: JSONValue]?",
            ], urls: 3),
        "GoogleMapsModels.swift": Summary(classes: 5, properties: 12),
        "MeshModels.swift": Summary(classes: 2, properties: 11, dictionaries: ["morphTargets: [String: JSONValue]?"]),
        "UpdateCenterModels.swift": Summary(
            classes: 6, properties: 40, dictionaries: ["plugins: [String: Plugin]"], urls: 4),
    ]

    @Test(
        "Each payload gives the classes, dictionaries and richer types the rules call for",
        arguments: GeneratedFixture.all)
    func summary(fixture: GeneratedFixture) throws {
        let found = Summary(source: try fixture.checkedInSource())
        #expect(found == Self.expected[fixture.modelFile], "found \(found)")
    }

    @Test("Every payload of the benchmark data has generated models")
    func everyPayload() {
        let payloads = Set(GeneratedFixture.all.map(\.payload))
        #expect(
            payloads == [
                "apache_builds.json", "canada.json", "citm_catalog.json", "github_events.json",
                "google_maps_api_response.json", "mesh.json", "twitter.json", "update-center.json",
            ])
    }
}
