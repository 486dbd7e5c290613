/// Skipping a value no property takes: validated as strictly as a value that is read, and walked in
/// one loop.
///
/// Most of a real document's containers are skipped (a tweet's `entities`, a user's settings), so the
/// skip is the scanner's hottest walk. It has two routes over the same grammar:
/// - ``skipValue(depthBudget:limit:)`` walks a container in one loop, with a stack of container kinds
///   in the bits of one word, and the scanner's own string, number and literal steps for its tokens.
///   It takes only what is valid, and gives up, rather than explain, at anything else.
/// - ``skipValueStepwise(depthBudget:limit:)`` walks it token by token with the scanner's container
///   steps (``nextKey(first:)``, ``nextElement(first:)``), one call per level, and throws the error that
///   names what is wrong and where.
///
/// When the loop gives up, the cursor goes back to the value's start and the stepwise walk reads it
/// again: so an error, and the depth at which nesting is too deep, are those of the stepwise walk, and
/// only a value that fails pays for two walks.
extension JSONScanner {
    /// Validates and skips one value of any kind. Containers may nest `depthBudget` deep inside it;
    /// one more level throws `nestingTooDeep` naming `limit` (the reader's), so no input can exhaust
    /// the stack.
    package mutating func skipValue(depthBudget: Int, limit: Int) throws {
        let start = index
        let byte = try peek()
        if byte == .openBrace || byte == .openBracket {
            // An error thrown inside the loop is the stepwise walk's to throw again, with its offset.
            if (try? skipContainerInOneLoop(depthBudget: depthBudget)) == true { return }
            index = start
        }
        try skipValueStepwise(depthBudget: depthBudget, limit: limit)
    }

    /// Validates and skips one value of any kind, one call per container, throwing the error that
    /// names the first thing wrong; ``skipValue(depthBudget:limit:)`` says when it runs.
    package mutating func skipValueStepwise(depthBudget: Int, limit: Int) throws {
        switch try peek() {
        case .quote:
            try skipString()
        case .openBrace:
            guard depthBudget > 0 else { throw tooDeep(limit: limit) }
            enterContainer()
            var first = true
            while try nextKey(first: first) != nil {
                first = false
                try skipValueStepwise(depthBudget: depthBudget - 1, limit: limit)
            }
        case .openBracket:
            guard depthBudget > 0 else { throw tooDeep(limit: limit) }
            enterContainer()
            var first = true
            while try nextElement(first: first) {
                first = false
                try skipValueStepwise(depthBudget: depthBudget - 1, limit: limit)
            }
        case UInt8(ascii: "t"): try literal(.true)
        case UInt8(ascii: "f"): try literal(.false)
        case UInt8(ascii: "n"): try literal(.null)
        default: _ = try number()
        }
    }

    /// Skips the object or array under the cursor in one loop. Returns `true` with the cursor past it;
    /// returns `false`, or throws, with the cursor anywhere, at the first thing that is not valid JSON or
    /// nests deeper than `depthBudget` or 64 levels.
    ///
    /// The grammar is the stepwise walk's: a container opens, is empty, or holds values (in an object,
    /// each after a string key and a colon) separated by commas, and closes with the bracket that
    /// matches it; whitespace may come between any two tokens. Strings, numbers and literals are read
    /// by the same steps as everywhere else.
    private mutating func skipContainerInOneLoop(depthBudget: Int) throws -> Bool {
        // Bit `d` of `objects` is set when the container `d` levels in is an object; `depth` counts the
        // containers open. Past 64 levels the word has no bit left: the stepwise walk takes over.
        let depthLimit = min(depthBudget, 64)
        var objects: UInt64 = 0
        var depth = 0
        while true {
            // The cursor is on a value's first byte.
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            switch byte {
            case .openBrace, .openBracket:
                // The same bound as the stepwise walk's: a container at `depth` levels in needs a budget
                // above `depth`.
                guard depth < depthLimit else { return false }
                let isObject = byte == .openBrace
                index += 1
                skipWhitespace()
                guard index < bytes.count else { return false }
                if bytes[index] == (isObject ? .closeBrace : .closeBracket) {
                    index += 1
                } else {
                    let bit: UInt64 = 1 << UInt64(depth)
                    objects = isObject ? objects | bit : objects & ~bit
                    depth += 1
                    if isObject { guard try skipKey() else { return false } }
                    continue
                }
            case .quote:
                try skipString()
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                try literal(byte == UInt8(ascii: "t") ? .true : byte == UInt8(ascii: "f") ? .false : .null)
            default:
                if plainInteger() == nil { _ = try number() }
            }
            // After a value: the containers it closes, then the comma before the next value.
            while true {
                guard depth > 0 else { return true }
                skipWhitespace()
                guard index < bytes.count else { return false }
                let next = bytes[index]
                let inObject = objects & (1 << UInt64(depth - 1)) != 0
                if next == .comma {
                    index += 1
                    skipWhitespace()
                    if inObject { guard try skipKey() else { return false } }
                    break
                }
                guard next == (inObject ? .closeBrace : .closeBracket) else { return false }
                index += 1
                depth -= 1
            }
        }
    }

    /// Skips the key under the cursor, its colon and the whitespace after it: `false` when the cursor
    /// is not on a key followed by a colon.
    @inline(__always)
    private mutating func skipKey() throws -> Bool {
        guard index < bytes.count, bytes[index] == .quote else { return false }
        try skipString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == .colon else { return false }
        index += 1
        skipWhitespace()
        return true
    }
}
