/// A plan's JSON keys, pre-encoded as UTF-8, so that the byte route matches a key in the input
/// without allocating: it compares bytes, and decodes only keys that contain escapes.
///
/// A class, so that reading an object passes one reference rather than copying the tables.
/// Immutable once made.
final class KeyTable: @unchecked Sendable {
    /// Plain integers only, so that handing one out costs no reference counting.
    struct Entry {
        /// The key's length in bytes, and its first eight bytes as a little-endian word (zero past
        /// the key's end): most keys that differ differ there, so one comparison rejects them.
        let length: Int
        let head: UInt64
        /// The index of the field in the plan's fillable fields.
        let field: Int
        /// 0 for the primary key, then 1, 2, … for the alternates in order.
        let priority: Int
    }

    // All `let`: a class's `var` properties would cost a dynamic exclusivity check on every read.

    /// Field by field in declaration order, each field's keys in priority order.
    let entries: [Entry]
    /// Each entry's key in the model's own object: the whole key, or a path's first step.
    let keys: [String]
    /// Each entry's key as UTF-8.
    private let entryBytes: [[UInt8]]
    /// Each entry's further steps into nested objects, for a path; kept apart from the entries,
    /// which the byte route copies on every match.
    let rests: [[String]]
    /// Each entry's key as errors spell it (`location.lat` for a path).
    let names: [String]
    /// Entry indices by key length in bytes.
    private let byLength: [[Int]]
    private let allKeys: Set<String>
    let hasAlternates: Bool
    /// Whether some key is a path into nested objects. Such a table is read only from a tree, where
    /// a path is a chain of lookups; the byte route reads the object into one first.
    let hasPaths: Bool

    /// A table for fields with these keys, each field's primary key first.
    init(keys fields: [[FieldKey]]) {
        var entries: [Entry] = []
        var keys: [String] = []
        var entryBytes: [[UInt8]] = []
        var rests: [[String]] = []
        var names: [String] = []
        var allKeys: Set<String> = []
        var hasAlternates = false
        var hasPaths = false
        for (field, fieldKeys) in fields.enumerated() {
            for (priority, fieldKey) in fieldKeys.enumerated() {
                let key = fieldKey.components[0]
                let utf8 = Array(key.utf8)
                let head = utf8.prefix(8).enumerated().reduce(UInt64(0)) { word, byte in
                    word | UInt64(byte.element) << (8 * byte.offset)
                }
                entries.append(Entry(length: utf8.count, head: head, field: field, priority: priority))
                keys.append(key)
                rests.append(Array(fieldKey.components.dropFirst()))
                names.append(fieldKey.name)
                entryBytes.append(utf8)
                allKeys.insert(key)
                hasAlternates = hasAlternates || priority > 0
                hasPaths = hasPaths || fieldKey.isPath
            }
        }
        var byLength: [[Int]] = Array(repeating: [], count: (entryBytes.map(\.count).max() ?? 0) + 1)
        for (index, bytes) in entryBytes.enumerated() {
            byLength[bytes.count].append(index)
        }
        self.entries = entries
        self.keys = keys
        self.entryBytes = entryBytes
        self.rests = rests
        self.names = names
        self.byLength = byLength
        self.allKeys = allKeys
        self.hasAlternates = hasAlternates
        self.hasPaths = hasPaths
    }

    /// Whether a field reads this key.
    func contains(_ key: String) -> Bool {
        allKeys.contains(key)
    }

    /// The entry whose key equals `bytes[start..<end]`. `hint` is the entry expected next: fields
    /// usually arrive in the order they were declared, so it is tried first and then advanced.
    @inline(__always)
    func match(_ bytes: [UInt8], _ start: Int, _ end: Int, hint: inout Int) -> Entry? {
        let length = end - start
        // The input's first eight bytes, cut to the key's length. Input keys end in a quote, so
        // eight bytes are there unless the document ends within eight bytes of this key.
        let head: UInt64?
        if let word = bytes.word(at: start) {
            head = length >= 8 ? word : word & ((1 << (8 * UInt64(length))) &- 1)
        } else {
            head = nil
        }
        if hint < entries.count, entries[hint].length == length, equal(hint, head, bytes, start) {
            hint += 1
            return entries[hint - 1]
        }
        guard length < byLength.count else { return nil }
        for candidate in byLength[length] where equal(candidate, head, bytes, start) {
            hint = candidate + 1
            return entries[candidate]
        }
        return nil
    }

    /// Whether entry `index`, whose length is the input key's, equals the input key.
    @inline(__always)
    private func equal(_ index: Int, _ head: UInt64?, _ bytes: [UInt8], _ start: Int) -> Bool {
        var offset = 0
        if let head {
            guard head == entries[index].head else { return false }
            // The head holds the whole of a key of up to eight bytes.
            if entries[index].length <= 8 { return true }
            offset = 8
        }
        let key = entryBytes[index]
        while offset < key.count {
            if key[offset] != bytes[start + offset] { return false }
            offset += 1
        }
        return true
    }
}

/// Which of a plan's fields one JSON object has filled so far, and through which key.
///
/// Most models have at most 64 fields and no alternate keys; they get by with one machine word.
/// Others keep each field's best key priority in an array.
struct FilledFields {
    private var bits: UInt64 = 0
    private var priorities: [Int]
    private(set) var count = 0

    init(fieldCount: Int, hasAlternates: Bool) {
        priorities = fieldCount > 64 || hasAlternates ? Array(repeating: .max, count: fieldCount) : []
    }

    /// Whether a value under a key of this priority may fill the field: no key of higher priority
    /// (a lower number) has filled it already.
    @inline(__always)
    func accepts(_ field: Int, priority: Int) -> Bool {
        priorities.isEmpty || priority <= priorities[field]
    }

    @inline(__always)
    mutating func mark(_ field: Int, priority: Int) {
        if !contains(field) { count += 1 }
        if priorities.isEmpty {
            bits |= 1 << field
        } else {
            priorities[field] = priority
        }
    }

    @inline(__always)
    func contains(_ field: Int) -> Bool {
        priorities.isEmpty ? bits & (1 << field) != 0 : priorities[field] != .max
    }
}
