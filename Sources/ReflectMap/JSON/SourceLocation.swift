extension InputBytes {
    /// The line and column of `offset` (which is at most ``count``), and the text around it on its
    /// line: what an error about malformed JSON shows. It reads the bytes before the offset once, so
    /// it is for errors only.
    func sourceLocation(of offset: Int) -> MappingError.SourceLocation {
        let newline = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            if self[index] == newline {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var lineEnd = offset
        while lineEnd < count, self[lineEnd] != newline, self[lineEnd] != carriageReturn { lineEnd += 1 }
        let before = text(lineStart..<offset).filter { $0 != "\r" }
        let after = text(offset..<lineEnd)
        let width = 24
        let head = before.count > width ? "…" + before.suffix(width) : before
        let tail = after.count > width ? after.prefix(width) + "…" : after[...]
        return MappingError.SourceLocation(line: line, column: before.count + 1, excerpt: String(head) + tail)
    }
}
