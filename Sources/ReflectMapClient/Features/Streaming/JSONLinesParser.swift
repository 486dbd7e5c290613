import Foundation

/// Turns lines of JSON Lines (NDJSON) into messages, skipping blank lines.
struct JSONLinesParser: Sendable {
    private var lines = LineSplitter()

    mutating func append(_ chunk: Data) -> [Data] {
        lines.append(chunk).filter(Self.hasContent)
    }

    mutating func finish() -> [Data] {
        lines.finish().map { Self.hasContent($0) ? [$0] : [] } ?? []
    }

    private static func hasContent(_ line: Data) -> Bool {
        line.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }
    }
}
