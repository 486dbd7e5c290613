// Reading on past a value the model cannot take (strict mode's model and dictionary objects, and
// ``LossyArray``), and reading one value a second time (a member that a property and a group of
// path keys both take).

extension JSONReader {
    /// Reads one value with `body`, where a mapping error about the value does not end the object
    /// or array around it (strict mode's objects, ``LossyArray``): the value is skipped (and so still
    /// validated: malformed JSON throws) and the error, with its path, returned for the container to
    /// settle once all its members are read. `nil` when `body` succeeded.
    @inline(never)
    mutating func readOnPast(_ body: (inout JSONReader) throws -> Void) throws -> MappingError? {
        let start = scanner.index
        let depth = path.count
        do {
            try body(&self)
            return nil
        } catch let error as MappingError where error.isRecoverable {
            var located = locate(error)
            located.valueIsRead = false
            // An object that settled its error is read to its end already (and, as the path shows,
            // nothing around it is open); anything else is skipped from its start, and so validated.
            if !error.valueIsRead || path.count != depth {
                // The path as it was at the value: a failure leaves its own steps on it.
                path.truncate(to: depth)
                if !isTree {
                    scanner.index = start
                    try skipValue()
                }
            }
            return located
        }
    }

    /// Reads one value with `body`; if it throws a mapping error about the value (not malformed
    /// JSON), the value is skipped, reported, and `false` returned, in strict mode too. The report
    /// keeps nothing of the failed value but that entry.
    mutating func readRecovering(_ body: (inout JSONReader) throws -> Void) throws -> Bool {
        guard let failure = try readOnPast(body) else { return true }
        dropReportUnderMember()
        report?.skip(failure)
        return false
    }

    /// Where the value under the cursor starts, to read it a second time with ``rewind(to:)``: a
    /// member that both a property and a group of path keys take.
    func valueMark() -> (index: Int, pending: Any) {
        (scanner.index, pending)
    }

    /// Puts the cursor back on a value marked by ``valueMark()``.
    mutating func rewind(to mark: (index: Int, pending: Any)) {
        if isTree { pending = mark.pending } else { scanner.index = mark.index }
    }
}
