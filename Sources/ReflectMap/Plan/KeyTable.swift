/// A plan's JSON keys, pre-encoded as UTF-8, so that the byte route matches a key in the input
/// without allocating: it compares bytes, and decodes only keys that contain escapes. A tree's keys
/// are already strings and are looked up by hash.
///
/// Keys that are paths into nested objects (`@JSONKey(path: "location.lat")`) are gathered by their
/// first step into a ``Group``: one entry of this table that leads to a table of its own for the
/// nested object, whose entries name the same fields. Reading follows the input's nesting, so a path
/// costs no intermediate tree.
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
        /// The index of the field in the plan's fillable fields, or for a group `-1 - group`.
        let field: Int
        /// 0 for the primary key, then 1, 2, … for the alternates in order.
        let priority: Int

        /// The group this entry leads into, when its key is the first step of paths.
        var group: Int? { field < 0 ? -1 - field : nil }
    }

    /// The nested object that the first step of one or more path keys names.
    struct Group {
        /// The keys of the nested object: the paths' further steps.
        let table: KeyTable
        /// The keys that go through the group: each one's field and priority.
        let keys: [(field: Int, priority: Int)]
        /// A field whose own key is the group's key: it takes the whole nested object as well.
        let plain: Entry?
        /// The group's number among all the groups under the plan's table, counted from 0.
        let ordinal: Int
    }

    /// One key of one field, as the table is built from it.
    struct Member {
        let steps: ArraySlice<String>
        let field: Int
        let priority: Int
    }

    // All `let`: a class's `var` properties would cost a dynamic exclusivity check on every read.

    /// Field by field in declaration order, each field's keys in priority order; a group where its
    /// first path was.
    let entries: [Entry]
    /// Each entry's key in this object.
    let keys: [String]
    let groups: [Group]
    /// Each entry's key as UTF-8.
    private let entryBytes: [[UInt8]]
    /// The same keys as little-endian words, eight bytes each (the last padded with zeros); empty for
    /// a key of up to eight bytes, which its entry's head holds whole.
    private let entryWords: [[UInt64]]
    /// Entry indices by key length in bytes.
    private let byLength: [[Int]]
    /// Entry index by key, for trees; the first entry of a key wins, as on the byte route.
    private let byKey: [String: Int]
    let hasAlternates: Bool
    /// Whether no two entries have the same key (the usual case, which needs no lookup to tell).
    private let hasNoRepeatedKey: Bool
    /// Bit `i` is set when entry `i` (of the first 64) can be recognised in the input before the key
    /// is scanned: it is the first entry with its key (the one a match gives), and its key holds no
    /// quote, backslash or control byte, so input bytes equal to it and then a quote are a complete
    /// string with no escape.
    private let recognisable: UInt64

    /// A table for fields with these keys, each field's primary key first.
    convenience init(keys fields: [[PropertyKey]]) {
        var members: [Member] = []
        for (field, fieldKeys) in fields.enumerated() {
            for (priority, key) in fieldKeys.enumerated() {
                members.append(Member(steps: key.components[...], field: field, priority: priority))
            }
        }
        var ordinal = 0
        self.init(members: members, ordinals: &ordinal)
    }

    /// A table for these keys; its groups, and theirs, are numbered from `ordinals` on.
    init(members: [Member], ordinals: inout Int) {
        var entries: [Entry] = []
        var keys: [String] = []
        var groups: [Group] = []
        // Per group: its key, its members one step in, and its fields.
        var gathered: [(key: String, members: [Member])] = []
        // A plain key is looked up by key only when a path group may share it; most tables have none.
        let hasPaths = members.contains { $0.steps.count > 1 }
        var plainByKey: [String: Entry] = [:]
        for member in members {
            guard let key = member.steps.first else { continue }
            if member.steps.count == 1 {
                let entry = Self.entry(for: key, field: member.field, priority: member.priority)
                if hasPaths, plainByKey[key] == nil { plainByKey[key] = entry }
                entries.append(entry)
                keys.append(key)
                continue
            }
            let inner = Member(steps: member.steps.dropFirst(), field: member.field, priority: member.priority)
            if let index = gathered.firstIndex(where: { $0.key == key }) {
                gathered[index].members.append(inner)
            } else {
                entries.append(Self.entry(for: key, field: -1 - gathered.count, priority: 0))
                keys.append(key)
                gathered.append((key, [inner]))
            }
        }
        for group in gathered {
            let ordinal = ordinals
            ordinals += 1
            let table = KeyTable(members: group.members, ordinals: &ordinals)
            let groupKeys = group.members.map { (field: $0.field, priority: $0.priority) }
            groups.append(Group(table: table, keys: groupKeys, plain: plainByKey[group.key], ordinal: ordinal))
        }
        let entryList: [Entry]
        let keyList: [String]
        if gathered.isEmpty {
            (entryList, keyList) = (entries, keys)
        } else {
            // A plain key that is also a group's key is read through the group (``Group/plain``).
            let groupKeys = Set(gathered.map(\.key))
            let kept = entries.indices.filter { entries[$0].field < 0 || !groupKeys.contains(keys[$0]) }
            (entryList, keyList) = (kept.map { entries[$0] }, kept.map { keys[$0] })
        }
        let entryBytes = keyList.map { Array($0.utf8) }
        var byLength: [[Int]] = Array(repeating: [], count: (entryBytes.map(\.count).max() ?? 0) + 1)
        var byKey: [String: Int] = [:]
        byKey.reserveCapacity(keyList.count)
        for (index, bytes) in entryBytes.enumerated() {
            byLength[bytes.count].append(index)
            if byKey[keyList[index]] == nil { byKey[keyList[index]] = index }
        }
        self.entries = entryList
        self.keys = keyList
        self.groups = groups
        self.entryBytes = entryBytes
        self.entryWords = entryBytes.map { bytes in
            guard bytes.count > 8 else { return [] }
            return stride(from: 0, to: bytes.count, by: 8).map { first in
                Self.word(bytes[first..<min(first + 8, bytes.count)])
            }
        }
        self.byLength = byLength
        self.byKey = byKey
        self.hasAlternates = members.contains { $0.priority > 0 }
        self.hasNoRepeatedKey = byKey.count == keyList.count
        self.recognisable = entryBytes.prefix(64).enumerated().reduce(0) { bits, entry in
            let (index, bytes) = entry
            let plain = !bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
            return plain && byKey[keyList[index]] == index ? bits | 1 << UInt64(index) : bits
        }
    }

    private static func entry(for key: String, field: Int, priority: Int) -> Entry {
        let utf8 = Array(key.utf8)
        return Entry(length: utf8.count, head: word(utf8.prefix(8)), field: field, priority: priority)
    }

    /// Up to eight bytes as a little-endian word, zero past their end: how input keys are loaded.
    private static func word(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.enumerated().reduce(UInt64(0)) { word, byte in word | UInt64(byte.element) << (8 * byte.offset) }
    }

    /// Whether entry `index` is the first with its key, the one a match gives.
    @inline(__always)
    func isFirst(_ index: Int) -> Bool {
        hasNoRepeatedKey || byKey[keys[index]] == index
    }

    /// The entry for a tree's key.
    @inline(__always)
    func match(_ key: String) -> Entry? {
        byKey[key].map { entries[$0] }
    }

    /// The entry whose key equals `bytes[start..<end]`: the first with that key. `hint` is the entry
    /// expected next: fields usually arrive in the order they were declared, so it is tried first
    /// and then advanced. `hintTried` skips that try, when ``expectedKeyEnd(_:_:hint:)`` has been
    /// asked about the key as it is spelled.
    @inline(__always)
    func match(_ bytes: InputBytes, _ start: Int, _ end: Int, hint: inout Int, hintTried: Bool = false) -> Entry? {
        let length = end - start
        // The input's first eight bytes, cut to the key's length. Input keys end in a quote, so
        // eight bytes are there unless the document ends within eight bytes of this key.
        let head: UInt64?
        if let word = bytes.word(at: start) {
            head = Self.prefix(word, length)
        } else {
            head = nil
        }
        if !hintTried, hint < entries.count, entries[hint].length == length, isFirst(hint),
            equal(hint, head, bytes, start)
        {
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

    /// Where the closing quote is when the input key that starts at `start` is entry `hint`'s, the
    /// entry expected next, and `nil` otherwise. Keys usually arrive in declaration order, so most
    /// keys are matched here, before they are scanned; any other key is scanned and then
    /// ``match(_:_:_:hint:hintTried:)``ed.
    @inline(__always)
    func expectedKeyEnd(_ bytes: InputBytes, _ start: Int, hint: Int) -> Int? {
        guard hint < 64, recognisable & (1 << UInt64(hint)) != 0 else { return nil }
        let length = entries[hint].length
        let end = start + length
        // The closing quote must be in the input, so every byte of the key is too.
        guard end < bytes.count, bytes[end] == .quote, let word = bytes.word(at: start) else { return nil }
        return equal(hint, Self.prefix(word, length), bytes, start) ? end : nil
    }

    /// The first `length` bytes of a loaded word (all eight from eight on), zero past them: an input
    /// key's bytes as an entry's head or word holds them.
    @inline(__always)
    private static func prefix(_ word: UInt64, _ length: Int) -> UInt64 {
        length >= 8 ? word : word & ((1 << (8 * UInt64(length))) &- 1)
    }

    /// Whether entry `index`, whose length is the input key's, equals the input key.
    @inline(__always)
    private func equal(_ index: Int, _ head: UInt64?, _ bytes: InputBytes, _ start: Int) -> Bool {
        var offset = 0
        if let head {
            guard head == entries[index].head else { return false }
            // The head holds the whole of a key of up to eight bytes.
            if entries[index].length <= 8 { return true }
            offset = 8
        }
        return equalAfter(offset, index, bytes, start)
    }

    /// Whether entry `index` equals the input key from `offset` on: the rest of a key longer than
    /// eight bytes, a word at a time. Out of line, so that the common match stays small enough to inline.
    @inline(never)
    private func equalAfter(_ offset: Int, _ index: Int, _ bytes: InputBytes, _ start: Int) -> Bool {
        let key = entryWords[index]
        let length = entries[index].length
        var offset = offset
        while offset < length {
            let rest = length - offset
            guard let word = bytes.word(at: start + offset) else { break }
            let expected = key[offset / 8]
            if Self.prefix(word, rest) != expected { return false }
            offset += 8
        }
        if offset >= length { return true }
        // Within eight bytes of the input's end: a byte at a time.
        let spelled = entryBytes[index]
        while offset < length {
            if spelled[offset] != bytes[start + offset] { return false }
            offset += 1
        }
        return true
    }
}
