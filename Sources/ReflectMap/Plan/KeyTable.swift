/// A plan's JSON keys, pre-encoded as UTF-8 words, so that the byte route matches a key in the input
/// without allocating: it compares bytes, and decodes only keys that contain escapes. A tree is read
/// by looking each of the table's keys up in the tree's dictionary.
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
    // Built in a few flat arrays, with no dictionary and no array per key: a table is made for every
    // model type when its plan is built, so making it is part of every type's first use.

    /// Field by field in declaration order, each field's keys in priority order; a group where its
    /// first path was.
    let entries: [Entry]
    /// Each entry's key in this object.
    let keys: [String]
    let groups: [Group]
    /// Every entry's key as little-endian words, eight bytes each, the last padded with zeros: entry
    /// `i`'s key is ``wordCount(_:)`` words from `wordStarts[i]` on. Its first word is its head.
    private let words: [UInt64]
    private let wordStarts: [Int]
    /// Entry indices by key length in bytes, in entry order. (An array per length: the lookup of a key
    /// that is not the one expected next iterates one, which costs less than indexing into a flat one.)
    private let byLength: [[Int]]
    let hasAlternates: Bool
    /// For each entry, whether an earlier entry has the same key; empty when no two entries have the
    /// same key (the usual case, which needs no lookup to tell).
    private let isRepeated: [Bool]
    /// Bit `i` is set when entry `i` (of the first 64) can be recognised in the input before the key
    /// is scanned: it is the first entry with its key (the one a match gives), and its key holds no
    /// quote, backslash or control byte, so input bytes equal to it and then a quote are a complete
    /// string with no escape.
    private let recognisable: UInt64
    /// The entries whose keys are array indices (decimal digits, as ``JSONKeyPath`` reads a step),
    /// by index, each the first with its key: when the value this table reads is an array, element
    /// `index` is read as the member `entry` names. Empty in most tables.
    let indexed: [(index: Int, entry: Int)]

    /// The table of a plan with no fields yet.
    static let empty = KeyTable(keys: [])

    /// A table for fields with these keys, each field's primary key first.
    convenience init(keys fields: [[PropertyKey]]) {
        var members: [Member] = []
        members.reserveCapacity(fields.count)
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
        // Each entry's key, field and priority; the key's bytes are laid out below.
        var slots: [(key: String, field: Int, priority: Int)] = []
        slots.reserveCapacity(members.count)
        var groups: [Group] = []
        // Per group: its key, its members one step in, and its fields.
        var gathered: [(key: String, members: [Member])] = []
        // A plain key is looked up by key only when a path group may share it; most tables have none.
        let hasPaths = members.contains { $0.steps.count > 1 }
        var plainByKey: [String: (field: Int, priority: Int)] = [:]
        for member in members {
            guard let key = member.steps.first else { continue }
            if member.steps.count == 1 {
                if hasPaths, plainByKey[key] == nil { plainByKey[key] = (member.field, member.priority) }
                slots.append((key, member.field, member.priority))
                continue
            }
            let inner = Member(steps: member.steps.dropFirst(), field: member.field, priority: member.priority)
            if let index = gathered.firstIndex(where: { $0.key == key }) {
                gathered[index].members.append(inner)
            } else {
                slots.append((key, -1 - gathered.count, 0))
                gathered.append((key, [inner]))
            }
        }
        if !gathered.isEmpty {
            // A plain key that is also a group's key is read through the group (``Group/plain``).
            let groupKeys = Set(gathered.map(\.key))
            slots.removeAll { $0.field >= 0 && groupKeys.contains($0.key) }
        }

        // The keys' bytes, as words, and the entries' indices by length.
        var entries: [Entry] = []
        var keys: [String] = []
        var words: [UInt64] = []
        var wordStarts: [Int] = []
        var byLength: [[Int]] = []
        entries.reserveCapacity(slots.count)
        keys.reserveCapacity(slots.count)
        words.reserveCapacity(slots.count * 2)
        wordStarts.reserveCapacity(slots.count)
        // Bit `i`: entry `i` (of the first 64) holds a quote, a backslash or a control byte.
        var quotable: UInt64 = 0
        for (index, slot) in slots.enumerated() {
            let first = words.count
            var word: UInt64 = 0
            var shift: UInt64 = 0
            var length = 0
            for byte in slot.key.utf8 {
                if index < 64, byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    quotable |= 1 << UInt64(index)
                }
                word |= UInt64(byte) << shift
                length += 1
                shift += 8
                if shift == 64 {
                    words.append(word)
                    word = 0
                    shift = 0
                }
            }
            if shift > 0 || length == 0 { words.append(word) }
            entries.append(Entry(length: length, head: words[first], field: slot.field, priority: slot.priority))
            keys.append(slot.key)
            wordStarts.append(first)
            if length >= byLength.count { byLength += Array(repeating: [], count: length + 1 - byLength.count) }
            byLength[length].append(index)
        }

        // An entry repeats a key when an earlier entry of the same length has the same words. (Plain
        // index loops: generic sequence wrappers would cost the runtime a conformance check each.)
        var isRepeated: [Bool] = []
        for (length, indices) in byLength.enumerated() where indices.count > 1 {
            let count = Self.wordCount(length)
            for later in 1..<indices.count {
                let index = indices[later]
                for earlier in 0..<later
                where Self.sameWords(words, wordStarts[indices[earlier]], wordStarts[index], count: count) {
                    if isRepeated.isEmpty { isRepeated = Array(repeating: false, count: entries.count) }
                    isRepeated[index] = true
                    break
                }
            }
        }

        for (index, group) in gathered.enumerated() {
            let ordinal = ordinals
            ordinals += 1
            let table = KeyTable(members: group.members, ordinals: &ordinals)
            let groupKeys = group.members.map { (field: $0.field, priority: $0.priority) }
            // The plain field is read as its own key's entry would be: the group's key, its field.
            let plain = plainByKey[group.key].flatMap { plain in
                entries.first { $0.field == -1 - index }.map {
                    Entry(length: $0.length, head: $0.head, field: plain.field, priority: plain.priority)
                }
            }
            groups.append(Group(table: table, keys: groupKeys, plain: plain, ordinal: ordinal))
        }
        var repeated: UInt64 = 0
        for index in isRepeated.indices.prefix(64) where isRepeated[index] { repeated |= 1 << UInt64(index) }
        var indexed: [(index: Int, entry: Int)] = []
        for (entry, key) in keys.enumerated() where isRepeated.isEmpty || !isRepeated[entry] {
            if let index = JSONKeyPath.index(key) { indexed.append((index, entry)) }
        }
        let all: UInt64 = entries.count >= 64 ? .max : (1 << UInt64(entries.count)) &- 1
        self.entries = entries
        self.keys = keys
        self.groups = groups
        self.words = words
        self.wordStarts = wordStarts
        self.byLength = byLength
        self.hasAlternates = members.contains { $0.priority > 0 }
        self.isRepeated = isRepeated
        self.recognisable = all & ~quotable & ~repeated
        self.indexed = indexed
    }

    /// How many words hold a key of `length` bytes: one at least, so that an empty key has a head.
    private static func wordCount(_ length: Int) -> Int {
        max(1, (length + 7) / 8)
    }

    /// Whether the `count` words from `first` equal those from `second`.
    private static func sameWords(_ words: [UInt64], _ first: Int, _ second: Int, count: Int) -> Bool {
        var offset = 0
        while offset < count {
            if words[first + offset] != words[second + offset] { return false }
            offset += 1
        }
        return true
    }

    /// The entry that reads element `index` of an array, when a key of the table is that index.
    func entry(forElement index: Int) -> Entry? {
        for pair in indexed where pair.index == index { return entries[pair.entry] }
        return nil
    }

    /// Whether entry `index` is the first with its key, the one a match gives.
    @inline(__always)
    func isFirst(_ index: Int) -> Bool {
        isRepeated.isEmpty || !isRepeated[index]
    }

    /// The entry for a tree's key, the first with that key. (Asked only for a member that reading the
    /// table's keys did not take, to report it.)
    func match(_ key: String) -> Entry? {
        let bytes = Array(key.utf8)
        var hint = entries.count
        return InputBytes.reading(bytes) { match($0, 0, bytes.count, hint: &hint) }
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
        let first = wordStarts[index]
        let length = entries[index].length
        var offset = offset
        while offset < length {
            let rest = length - offset
            guard let word = bytes.word(at: start + offset) else { break }
            if Self.prefix(word, rest) != words[first + offset / 8] { return false }
            offset += 8
        }
        if offset >= length { return true }
        // Within eight bytes of the input's end: a byte at a time.
        while offset < length {
            let spelled = UInt8(truncatingIfNeeded: words[first + offset / 8] >> (8 * UInt64(offset % 8)))
            if spelled != bytes[start + offset] { return false }
            offset += 1
        }
        return true
    }
}
