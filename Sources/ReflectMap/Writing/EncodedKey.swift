/// A key as the byte sink writes it, encoded once per plan: quoted, escaped, UTF-8.
struct EncodedKey: Sendable {
    let string: String
    /// `,"key":`, quoted and escaped, for a compact object's later members.
    let member: [UInt8]
    /// `"key":`, for its first member. (Whole arrays rather than slices of `member`: a slice costs
    /// a retain and a release per key written.)
    let firstMember: [UInt8]
    /// Whether the key holds `/`, which ``JSONMapper/OutputFormatting/withoutEscapingSlashes`` leaves alone.
    let hasSlash: Bool

    init(_ key: String) {
        string = key
        // One pass over the key, and one array for each form: a key is encoded for every property of
        // every model type when its plan is built.
        var isPlain = true
        var hasSlash = false
        for byte in key.utf8 {
            if byte < 0x20 || byte >= 0x7F || byte == .quote || byte == .backslash { isPlain = false }
            if byte == UInt8(ascii: "/") { hasSlash = true }
        }
        var member: [UInt8] = []
        member.reserveCapacity(key.utf8.count + 4)
        member.append(.comma)
        if isPlain {
            // Printable ASCII with no quote or backslash, as nearly every key is: written as it is.
            // (`/` is among them; the writer decides about it through `hasSlash`.)
            member.append(.quote)
            member.append(contentsOf: key.utf8)
            member.append(.quote)
            member.append(.colon)
        } else {
            var writer = JSONWriter(settings: WriteSettings(), toTree: false, capacity: key.utf8.count + 8)
            writer.writeString(key)
            writer.output.append(.colon)
            member.append(contentsOf: writer.output.bytes)
        }
        self.member = member
        firstMember = Array(member[1...])
        self.hasSlash = hasSlash
    }
}
