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

    /// Where the log stands, for ``removeRecords(under:since:)``.
    var mark: Int { records.count }

    mutating func add(_ list: List, at path: [PathComponent], message: String = "", value: JSONValue? = nil) {
        records.append(Record(list: list, path: path, message: message, value: value))
    }

    /// Adds a skipped value's entry for an error: its path and its description.
    mutating func skip(_ error: MappingError) {
        add(.skipped, at: error.components, message: error.description, value: error.value)
    }

    /// Removes the records added since `mark` whose path is `prefix` or lies under it: what a value
    /// that a later member replaced had noticed.
    mutating func removeRecords(under prefix: [PathComponent], since mark: Int) {
        guard mark < records.count else { return }
        var kept = Array(records[..<mark])
        kept.append(contentsOf: records[mark...].filter { !$0.path.starts(with: prefix) })
        records = kept
    }

    /// The public report: each list in path order (`items[2]` before `items[10]`), ties by message.
    var report: MappingReport {
        var report = MappingReport()
        guard !records.isEmpty else { return report }
        let sorted = records.sorted { lhs, rhs in
            lhs.path != rhs.path ? MappingPath.precedes(lhs.path, rhs.path) : lhs.message < rhs.message
        }
        for record in sorted {
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
