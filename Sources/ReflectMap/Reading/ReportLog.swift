/// What one read notices, as it reads: each entry with its JSON path as components, taken from the
/// reader's path stack where it was noticed. When the read ends, ``report`` puts the entries in path
/// order and spells the paths, once: the order then depends neither on the input's key order nor on a
/// dictionary's hash order.
struct ReportLog {
    enum List {
        case unmappedKeys, unfilledProperties, coercions, skipped, unknownValues
    }

    struct Record {
        let list: List
        let path: [PathComponent]
        let message: String
        let value: JSONValue?
    }

    private(set) var records: [Record] = []
    /// Paths whose records so far a later value replaced, each with the log's length at that moment:
    /// a record under the path and older than that is dropped when the report is made. (Dropping it
    /// then, not at once, keeps a document that repeats keys many times linear.)
    private var superseded: [[PathComponent]: Int] = [:]

    mutating func add(_ list: List, at path: [PathComponent], message: String = "", value: JSONValue? = nil) {
        records.append(Record(list: list, path: path, message: message, value: value))
    }

    /// Adds a skipped value's entry for an error: its path and its description.
    mutating func skip(_ error: MappingError) {
        add(.skipped, at: error.components, message: error.description, value: error.value)
    }

    /// Adds what another read noticed after what this one has, as a string's embedded document's
    /// reader notices it for the reader of the string.
    mutating func append(_ other: ReportLog) {
        for (path, end) in other.superseded { superseded[path] = records.count + end }
        records.append(contentsOf: other.records)
    }

    /// Drops what the log holds so far at `path` or under it: what a value that a later member
    /// replaces had noticed.
    mutating func supersede(_ path: [PathComponent]) {
        superseded[path] = records.count
    }

    /// Whether the record at `index` was superseded: a replacement at its path, or above it, came later.
    private func isSuperseded(_ index: Int) -> Bool {
        let path = records[index].path
        for length in 0...path.count {
            if let end = superseded[Array(path[..<length])], index < end { return true }
        }
        return false
    }

    /// The public report: each list in path order (`items[2]` before `items[10]`), ties by message.
    var report: MappingReport {
        var report = MappingReport()
        guard !records.isEmpty else { return report }
        let live = superseded.isEmpty ? records : records.indices.filter { !isSuperseded($0) }.map { records[$0] }
        let sorted = live.sorted { lhs, rhs in
            lhs.path != rhs.path ? MappingPath.precedes(lhs.path, rhs.path) : lhs.message < rhs.message
        }
        var unmapped: Set<[PathComponent]> = []
        for record in sorted {
            // A key an object repeats is one unmapped key, as in a tree.
            if record.list == .unmappedKeys, !unmapped.insert(record.path).inserted { continue }
            let path = MappingPath.render(record.path)
            let entry = MappingReport.Entry(path: path, message: record.message, value: record.value)
            switch record.list {
            case .unmappedKeys: report.unmappedKeys.append(path)
            case .unfilledProperties: report.unfilledProperties.append(path)
            case .coercions: report.coercions.append(entry)
            case .skipped: report.skipped.append(entry)
            case .unknownValues: report.unknownValues.append(entry)
            }
        }
        return report
    }
}

extension MappingPath {
    /// Path order: step by step, a key before an index at the same place (as `.` sorts before `[`),
    /// keys as text but with runs of digits compared as numbers, indices as numbers; a path before
    /// the paths below it.
    static func precedes(_ lhs: [PathComponent], _ rhs: [PathComponent]) -> Bool {
        for (left, right) in zip(lhs, rhs) where left != right {
            switch (left, right) {
            case (.key(let l), .key(let r)): return precedes(l, r)
            case (.index(let l), .index(let r)): return l < r
            case (.key, .index): return true
            case (.index, .key): return false
            }
        }
        return lhs.count < rhs.count
    }
}
