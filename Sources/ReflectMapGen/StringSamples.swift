/// What the strings found at one place look like, kept only as long as it can still matter.
///
/// For each richer type (`Date`, `URL`, `UUID`) the distinct values are kept while every string so
/// far has that type's form; the first string that does not drops them. For enums the distinct
/// values are kept, in order of first appearance, until there are more than an enum may have.
/// ``RicherTypes`` and ``EnumRule`` then decide from what is left.
struct StringSamples {
    /// Strings seen here.
    private(set) var count = 0
    /// The distinct strings, while each has the form of an ISO 8601 date (`2013-01-01…`).
    private(set) var dates: Set<String>? = []
    /// The distinct strings, while each has the form of an absolute URL (`https://host…`).
    private(set) var urls: Set<String>? = []
    /// The distinct strings, while each has the form of a UUID (8-4-4-4-12 hex digits).
    private(set) var uuids: Set<String>? = []
    /// The distinct strings in order of first appearance, while there are at most
    /// ``EnumRule/maximumCases``.
    private(set) var distinct: [String]? = []

    /// Records one string.
    mutating func add(_ text: String) {
        count += 1
        Self.keep(text, in: &dates, if: TextForms.looksLikeISO8601Date)
        Self.keep(text, in: &urls, if: TextForms.looksLikeAbsoluteURL)
        Self.keep(text, in: &uuids, if: TextForms.isUUID)
        if var values = distinct {
            distinct = nil
            if !values.contains(text) { values.append(text) }
            if values.count <= EnumRule.maximumCases { distinct = values }
        }
    }

    /// Adds what another place saw to this one.
    mutating func absorb(_ other: StringSamples) {
        count += other.count
        dates = Self.union(dates, other.dates)
        urls = Self.union(urls, other.urls)
        uuids = Self.union(uuids, other.uuids)
        if let mine = distinct, let theirs = other.distinct {
            let merged = mine + theirs.filter { !mine.contains($0) }
            distinct = merged.count <= EnumRule.maximumCases ? merged : nil
        } else {
            distinct = nil
        }
    }

    private static func keep(_ text: String, in values: inout Set<String>?, if hasForm: (String) -> Bool) {
        guard values != nil else { return }
        if hasForm(text) { values?.insert(text) } else { values = nil }
    }

    private static func union(_ first: Set<String>?, _ second: Set<String>?) -> Set<String>? {
        guard let first, let second else { return nil }
        return first.union(second)
    }
}

/// Cheap tests of a string's form, made before the mapper is asked whether a value really reads and
/// writes back as a richer type.
enum TextForms {
    /// Whether the text is a UUID in its 8-4-4-4-12 form, in either case.
    static func isUUID(_ text: String) -> Bool {
        let groups = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(isHexDigit) }
    }

    /// Whether the text is a non-empty run of ASCII digits.
    static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isDigit)
    }

    /// Whether the text starts like an ISO 8601 date: `YYYY-MM-DD`, then anything.
    static func looksLikeISO8601Date(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(10))
        guard bytes.count == 10 else { return false }
        return bytes.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : isDigit(byte)
        }
    }

    /// Whether the text starts like an absolute URL with a host: a scheme (a letter, then letters,
    /// digits, `+`, `-` or `.`), `://`, and a character that is not `/`.
    static func looksLikeAbsoluteURL(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let separator = firstRange(of: Array("://".utf8), in: bytes), let first = bytes.first,
            isLetter(first), separator.upperBound < bytes.endIndex, bytes[separator.upperBound] != UInt8(ascii: "/")
        else { return false }
        return bytes[..<separator.lowerBound].allSatisfy { byte in
            isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    /// Where `needle` first occurs in `bytes` (`Collection.firstRange(of:)` needs macOS 13 and iOS 16).
    private static func firstRange(of needle: [UInt8], in bytes: String.UTF8View) -> Range<String.UTF8View.Index>? {
        var start = bytes.startIndex
        while start != bytes.endIndex {
            var position = start
            var matched = 0
            while matched < needle.count, position != bytes.endIndex, bytes[position] == needle[matched] {
                position = bytes.index(after: position)
                matched += 1
            }
            if matched == needle.count { return start..<position }
            start = bytes.index(after: start)
        }
        return nil
    }
}
