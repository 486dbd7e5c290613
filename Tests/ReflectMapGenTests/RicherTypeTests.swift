import ReflectMapGen
import Testing

// Date, URL and UUID only where the mapper writes every sample value back unchanged (RicherTypes).

/// The property line generated for one key holding each of the values in turn.
private func property(_ key: String, values: [String]) throws -> String {
    let items = values.map { #"{"\#(key)": "\#($0)"}"# }.joined(separator: ", ")
    return propertyLines(try generate(#"{"items": [\#(items)]}"#)).last ?? ""
}

@Suite("Richer types")
struct RicherTypeTests {
    @Test(
        "ISO 8601 dates that .iso8601 writes back byte for byte become Date, and the file imports Foundation",
        arguments: ["2013-01-01T12:00:00Z", "2013-01-01T12:00:00.500Z"])
    func dates(value: String) throws {
        #expect(try property("created_at", values: [value, "2024-05-01T00:00:00Z"]) == "var createdAt: Date?")
        #expect(try generate(#"{"at": "\#(value)"}"#).contains("import Foundation\nimport ReflectMap"))
    }

    @Test(
        "Dates the mapper would write back differently stay String",
        arguments: [
            "2011-03-03T16:49:24.00Z", "2013-01-01T12:00:00+01:00", "2013-01-01", "2013-01-01 12:00:00",
            "2013-13-01T12:00:00Z",
        ])
    func lossyDates(value: String) throws {
        #expect(try property("created_at", values: ["2013-01-01T12:00:00Z", value]) == #"var createdAt = """#)
    }

    @Test("Absolute URLs that come back unchanged become URL, in arrays and dictionaries too")
    func urls() throws {
        #expect(
            try property("html_url", values: ["https://github.com/a?b=1#c", "http://example.org:8080/x"])
                == "var htmlURL: URL?")
        let lines = propertyLines(
            try generate(#"{"links": ["https://a.example"], "mirrors": {"1": "ftp://b.example/"}}"#))
        #expect(lines == ["var links: [URL] = []", "var mirrors: [String: URL] = [:]"])
    }

    @Test(
        "Strings that are not absolute URLs with a host stay String",
        arguments: [
            "github.com", "jenkins:ant:1.0", "/relative/path", "mailto:a@example.org", "https://exa mple.org",
            "file:///tmp/x", "",
        ])
    func notURLs(value: String) throws {
        #expect(try property("url", values: ["https://example.org", value]) == #"var url = """#)
    }

    @Test("UUIDs become UUID only in capitals, the form the mapper writes")
    func uuids() throws {
        #expect(try property("id", values: ["0F8FAD5B-D9CB-469F-A165-70867728950E"]) == "var id: UUID?")
        #expect(try property("id", values: ["0f8fad5b-d9cb-469f-a165-70867728950e"]) == #"var id = """#)
    }

    @Test("Without a richer type, no Foundation import")
    func noFoundation() throws {
        #expect(!(try generate(#"{"name": "a"}"#).contains("import Foundation")))
    }
}
