/// What a stream's elements reported so far, in memory bounded by the distinct paths they reported at,
/// not by how many elements there were.
///
/// Elements of one shape report the same things at the same paths, but for their own index: `[7].price`,
/// `[8].price` (`data.items[7].price` under a key path). So an entry is kept the first time its kind and
/// path, with the element's own place left out, is seen; an entry that repeats one is counted on the kept entry (``MappingReport/Entry/occurrences``),
/// and a repeated unmapped key or unfilled property is counted in ``repeats``.
struct StreamReport {
    /// The first entry of each kind at each path.
    private(set) var report = MappingReport()
    /// How many entries repeated one already kept, and were counted instead.
    private(set) var repeats = 0
    /// Where each kept entry is: its list, and its place there, by its kind and generic path.
    private var kept: [Key: Int] = [:]

    private struct Key: Hashable {
        let list: UInt8
        let path: String
    }

    /// Adds one element's report, whose paths begin with the element's own, `elementPath`.
    mutating func append(_ element: MappingReport, elementPath own: String) {
        func generic(_ path: String) -> String {
            path.hasPrefix(own) ? "[*]" + path.dropFirst(own.count) : path
        }
        for path in element.unmappedKeys { keep(path, list: 0, generic: generic(path), in: \.unmappedKeys) }
        for path in element.unfilledProperties { keep(path, list: 1, generic: generic(path), in: \.unfilledProperties) }
        for entry in element.coercions { keep(entry, list: 2, generic: generic(entry.path), in: \.coercions) }
        for entry in element.skipped { keep(entry, list: 3, generic: generic(entry.path), in: \.skipped) }
        for entry in element.unknownValues { keep(entry, list: 4, generic: generic(entry.path), in: \.unknownValues) }
    }

    private mutating func keep(
        _ path: String, list: UInt8, generic: String, in paths: WritableKeyPath<MappingReport, [String]>
    ) {
        let key = Key(list: list, path: generic)
        if kept[key] != nil {
            repeats += 1
            return
        }
        kept[key] = report[keyPath: paths].count
        report[keyPath: paths].append(path)
    }

    private mutating func keep(
        _ entry: MappingReport.Entry, list: UInt8, generic: String,
        in entries: WritableKeyPath<MappingReport, [MappingReport.Entry]>
    ) {
        let key = Key(list: list, path: generic)
        if let place = kept[key] {
            report[keyPath: entries][place].occurrences += entry.occurrences
            repeats += 1
            return
        }
        kept[key] = report[keyPath: entries].count
        report[keyPath: entries].append(entry)
    }
}
