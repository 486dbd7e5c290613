// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

// The Streaming Large Documents article.

struct Order: Mappable {
    var id: Int64 = 0
    var amount = 0.0
    var items: [String] = []
}

func totalOfExport(at url: URL) async throws -> Double {
    var total = 0.0
    let mapper = JSONMapper(keyTranslator: .snakeCase)
    for try await order in mapper.elements(Order.self, contentsOf: url, layout: .array(at: "data.items")) {
        total += order.amount
    }
    return total
}

func countPaidOrders(in url: URL) throws -> Int {
    var reader = try JSONMapper().elementReader(Order.self, contentsOf: url, layout: .jsonLines)
    var count = 0
    while let order = try reader.next() {
        if order.amount > 0 { count += 1 }
    }
    return count
}

func auditExport(at url: URL) async throws -> [String] {
    var problems: [String] = []
    for try await element in JSONMapper().elementsWithReports(Order.self, contentsOf: url) {
        problems += element.report.skipped.map(\.description)
    }
    return problems
}

@Suite("Streaming Large Documents article")
struct StreamingLargeDocumentsSnippets {
    func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("article-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("The article's three functions stream an export, JSON Lines and a report")
    func snippets() async throws {
        let export = try file(#"{"data": {"items": [{"id": 1, "amount": 2.5}, {"id": 2, "amount": 4}]}, "total": 2}"#)
        let lines = try file("{\"id\": 1, \"amount\": 0}\n{\"id\": 2, \"amount\": 3}\n")
        let audited = try file(#"[{"id": 1, "amount": "x"}, {"id": 2}]"#)
        defer { for url in [export, lines, audited] { try? FileManager.default.removeItem(at: url) } }
        #expect(try await totalOfExport(at: export) == 6.5)
        #expect(try countPaidOrders(in: lines) == 1)
        #expect(try await auditExport(at: audited).count == 1)
    }
}
