import Foundation
import ReflectMap
import ReflectMapGen
import Testing

// The models in Generated/ were written by reflectmap-gen (Scripts/regenerate-fixtures.sh) and are
// compiled into this target: these tests prove they are the generator's current output and that
// they map the real payloads both ways.

@Suite("Generated models")
struct GeneratedModelTests {
    @Test(
        "The checked-in models are what the generator writes for the payload, byte for byte",
        arguments: GeneratedFixture.all)
    func checkedInModelsAreCurrent(fixture: GeneratedFixture) throws {
        let sample = Sample(name: fixture.payload, bytes: Array(try fixture.payloadData()))
        let generated = try ModelGenerator(options: fixture.options).generate(from: [sample])
        #expect(
            generated == (try fixture.checkedInSource()),
            "Run Scripts/regenerate-fixtures.sh and review the change to \(fixture.modelFile)")
    }

    @Test(
        "The generated models map the payload without a skip or coercion and write back the same JSON",
        arguments: GeneratedFixture.all)
    func roundTrip(fixture: GeneratedFixture) throws {
        let payload = try fixture.payloadData()
        let (written, report) = try fixture.roundTrip(JSONMapper(keyTranslator: fixture.keyTranslator), payload)
        // Optionals that some objects lack are unfilled there; anything else would be a mismatch.
        #expect(report.skipped.isEmpty && report.coercions.isEmpty && report.unmappedKeys.isEmpty, "\(report)")
        let difference = JSONComparison.firstDifference(
            try JSONTree.parse(Array(payload)), try JSONTree.parse(Array(written)))
        #expect(difference == nil)
    }

    @Test("The namespace lists every model it declares, and preparing that list maps the payload as before")
    func namespaceListsItsModels() throws {
        let fixture = try #require(GeneratedFixture.all.first { $0.modelFile == "TwitterModels.swift" })
        let source = try fixture.checkedInSource()
        let declared = source.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard words.count >= 3, words[0] == "final", words[1] == "class" else { return nil }
            return String(words[2].dropLast())  // "Status:" → "Status"
        }
        #expect(declared.count > 5)
        #expect(Set(Twitter.allModels.map { "\($0)".components(separatedBy: ".").last ?? "" }) == Set(declared))
        let mapper = JSONMapper(keyTranslator: .snakeCase)
        try mapper.prepare(Twitter.allModels)
        #expect(try mapper.map(Twitter.SearchResponse.self, from: fixture.payloadData()).statuses.count > 0)
    }

    @Test("The mapper names the configuration the header asks for", arguments: GeneratedFixture.all)
    func headerNamesTheTranslator(fixture: GeneratedFixture) throws {
        let header = try fixture.checkedInSource().prefix(400)
        #expect(header.contains("JSONMapper(keyTranslator: .\(fixture.keyTranslator.name))"))
    }
}

@Suite("JSON comparison")
struct JSONComparisonTests {
    private func difference(_ expected: String, _ actual: String) throws -> String? {
        JSONComparison.firstDifference(try JSONTree.parse(Array(expected.utf8)), try JSONTree.parse(Array(actual.utf8)))
    }

    @Test("Key order, number spelling and null-versus-missing do not count")
    func equivalences() throws {
        #expect(try difference(#"{"a": 1, "b": [1.50, 2], "c": null}"#, #"{"b": [1.5, 2.0], "a": 1}"#) == nil)
    }

    @Test(
        "A changed value, a missing key and a different count are found, with their path",
        arguments: [
            (#"{"a": {"b": "x"}}"#, #"{"a": {"b": "y"}}"#, "$.a.b"),
            (#"{"a": 1, "b": 2}"#, #"{"a": 1}"#, "$.b"),
            (#"{"a": [1, 2]}"#, #"{"a": [1]}"#, "$.a"),
            (#"{"a": [505874924095815681]}"#, #"{"a": [505874924095815680]}"#, "$.a[0]"),
            (#"{"a": true}"#, #"{"a": 1}"#, "$.a"),
        ])
    func differences(expected: String, actual: String, path: String) throws {
        let found = try difference(expected, actual)
        #expect(found?.hasPrefix(path + ":") == true)
    }
}
