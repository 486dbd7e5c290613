import Foundation
import ReflectMap
import ReflectMapGen

/// One payload, the generated models checked in for it (Generated/), and how they were generated.
/// The options must match Scripts/regenerate-fixtures.sh, which writes the files.
struct GeneratedFixture: Sendable, CustomStringConvertible {
    var payload: String
    /// The folder below Tests/ that holds the payload.
    var payloadFolder = "ReflectMapTests/Fixtures"
    var modelFile: String
    var options: GeneratorOptions
    var keyTranslator: KeyTranslator
    /// Maps the payload with the generated models, reporting what did not match exactly, and writes
    /// them back to JSON.
    var roundTrip: @Sendable (JSONMapper, Data) throws -> (json: Data, report: MappingReport)

    var description: String { modelFile }

    static let all = [
        GeneratedFixture(
            payload: "twitter.json", modelFile: "TwitterModels.swift",
            options: GeneratorOptions(rootName: "SearchResponse", namespace: "Twitter"), keyTranslator: .snakeCase,
            roundTrip: { mapper, data in
                try written(mapper, mapper.mapWithReport(Twitter.SearchResponse.self, from: data))
            }
        ),
        GeneratedFixture(
            payload: "citm_catalog.json", modelFile: "CITMModels.swift",
            options: GeneratorOptions(rootName: "Catalog", namespace: "CITM"), keyTranslator: .identity,
            roundTrip: { mapper, data in try written(mapper, mapper.mapWithReport(CITM.Catalog.self, from: data)) }
        ),
        GeneratedFixture(
            payload: "github_events.json", modelFile: "GitHubModels.swift",
            options: GeneratorOptions(rootName: "Event", namespace: "GitHub"), keyTranslator: .snakeCase,
            roundTrip: { mapper, data in try written(mapper, mapper.mapWithReport([GitHub.Event].self, from: data)) }
        ),
        GeneratedFixture(
            payload: "github_events.json", modelFile: "GitHubStructModels.swift",
            options: GeneratorOptions(rootName: "Event", emitsStructs: true, namespace: "GitHubStructs"),
            keyTranslator: .snakeCase,
            roundTrip: { mapper, data in
                try written(mapper, mapper.mapWithReport([GitHubStructs.Event].self, from: data))
            }
        ),
        GeneratedFixture(
            payload: "canada.json", modelFile: "CanadaModels.swift",
            options: GeneratorOptions(rootName: "FeatureCollection", namespace: "Canada"), keyTranslator: .identity,
            roundTrip: { mapper, data in
                try written(mapper, mapper.mapWithReport(Canada.FeatureCollection.self, from: data))
            }
        ),
        GeneratedFixture(
            payload: "apache_builds.json", payloadFolder: "GeneratedModelTests/Payloads",
            modelFile: "ApacheBuildsModels.swift",
            options: GeneratorOptions(rootName: "Server", namespace: "ApacheBuilds", infersEnums: true),
            keyTranslator: .identity,
            roundTrip: { mapper, data in try written(mapper, mapper.mapWithReport(ApacheBuilds.Server.self, from: data))
            }
        ),
        GeneratedFixture(
            payload: "google_maps_api_response.json", payloadFolder: "GeneratedModelTests/Payloads",
            modelFile: "GoogleMapsModels.swift",
            options: GeneratorOptions(rootName: "DistanceMatrix", namespace: "GoogleMaps"), keyTranslator: .snakeCase,
            roundTrip: { mapper, data in
                try written(mapper, mapper.mapWithReport(GoogleMaps.DistanceMatrix.self, from: data))
            }
        ),
        GeneratedFixture(
            payload: "mesh.json", payloadFolder: "GeneratedModelTests/Payloads", modelFile: "MeshModels.swift",
            options: GeneratorOptions(rootName: "Mesh", namespace: "Mesh3D"), keyTranslator: .identity,
            roundTrip: { mapper, data in try written(mapper, mapper.mapWithReport(Mesh3D.Mesh.self, from: data)) }
        ),
        GeneratedFixture(
            payload: "update-center.json", payloadFolder: "GeneratedModelTests/Payloads",
            modelFile: "UpdateCenterModels.swift",
            options: GeneratorOptions(rootName: "UpdateCenter", namespace: "Jenkins"), keyTranslator: .identity,
            roundTrip: { mapper, data in
                try written(mapper, mapper.mapWithReport(Jenkins.UpdateCenter.self, from: data))
            }
        ),
    ]

    /// The mapped models written back, with the report of their mapping.
    private static func written(
        _ mapper: JSONMapper, _ mapped: (value: some Mappable, report: MappingReport)
    ) throws
        -> (json: Data, report: MappingReport)
    {
        (try mapper.data(from: mapped.value), mapped.report)
    }

    /// The payload: from ReflectMapTests' fixtures where they have it, else from Payloads/ (see the
    /// READMEs there for licences).
    func payloadData() throws -> Data {
        try Data(contentsOf: Self.testsFolder.appendingPathComponent("\(payloadFolder)/\(payload)"))
    }

    /// The checked-in generated source.
    func checkedInSource() throws -> String {
        let url = Self.testsFolder.appendingPathComponent("GeneratedModelTests/Generated/\(modelFile)")
        return String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    private static var testsFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    }
}
