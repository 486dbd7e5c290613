import Foundation

// Where each element of a streamed document begins and ends, in bytes that arrive a chunk at a time.
//
// The buffer holds the input from the first byte still needed (`buffer[0]` is input offset `base`) to
// the last byte read. `cursor` is the next byte not yet accounted for. Bytes before the element being
// scanned (or before `cursor` between elements) are dropped when more input is appended, so memory is
// the read buffer plus the largest element, whatever the input's size.
//
// The splitter checks the document's structure around the elements (the key path's objects, the
// array's commas and brackets, what follows the array) and finds each element's extent with a light
// scan: strings (escapes included) and the nesting of brackets, which must match. It does not check
// what is inside an element: the mapper parses every element in full, so malformed JSON there is
// reported by the parse, with its offset moved to the whole input's. Values outside the array that a
// key path walks past are parsed in full too, so malformed JSON anywhere is an error.
//
// Layouts:
// - `.array` / `.array(at:)`: the elements of the top-level array, or of the array at a key path of
//   object keys (the first member with the key is followed; the rest of the document is checked after
//   the array ends);
// - `.jsonLines`: JSON values one after another, separated by whitespace or nothing (JSON Lines,
//   NDJSON, concatenated documents). Empty input has no elements.

/// What ``ElementSplitter/next()`` found.
package enum SplitStep: Equatable {
    /// An element: its bytes are `buffer[range]`; it starts at input offset `offset`.
    case element(range: Range<Int>, offset: Int)
    /// The buffer ends before the next element does: append more input, or call `finish()`.
    case needsInput
    /// The document has ended, and was well formed around its elements.
    case end
}

package struct ElementSplitter: Sendable {
    package private(set) var buffer: [UInt8] = []
    /// The input offset of `buffer[0]`.
    private var base = 0
    private var cursor = 0
    private var isFinished = false
    private var phase: Phase
    private let path: [String]
    private let keyPathText: String
    private let maxDepth: Int
    /// The element (or skipped value) being scanned, when a scan is in progress.
    private var scan: ValueScan?

    private enum Phase: Equatable {
        /// Before the first byte (a byte order mark may come).
        case start
        /// Expects the object to search for `path[step]`.
        case object(step: Int)
        /// Inside the object of `path[step]`, before a member (`first`) or after one.
        case members(step: Int, first: Bool)
        /// Skipping the value of a member whose key is not `path[step]`.
        case skipping(step: Int)
        /// Expects the streamed array's `[`.
        case arrayStart
        /// Inside the array: `expectsValue` after `[` (where `]` may come too) or after a comma.
        case elements(expectsValue: Bool, isFirst: Bool)
        /// After the array: closing the `open` enclosing objects, skipping their other members.
        case closing(open: Int, skipping: Bool)
        /// Between JSON Lines documents.
        case documents
        case done
    }

    /// A resumable scan of one value's extent.
    private struct ValueScan {
        var start: Int
        var position: Int
        var stack: [UInt8] = []
        var inString = false
        var isScalar = false
    }

    /// - Parameters:
    ///   - layout: How the elements are laid out.
    ///   - maxDepth: The mapper's nesting limit, which elements are held to here too.
    package init(layout: JSONStreamLayout, maxDepth: Int) {
        self.maxDepth = maxDepth
        switch layout.kind {
        case .array(let keyPath):
            keyPathText = keyPath
            path = JSONKeyPath(keyPath).steps
            phase = .start
        case .lines:
            keyPathText = ""
            path = []
            phase = .start
        }
        isLines = layout.kind == .lines
    }

    private let isLines: Bool

    /// The input offset of the next byte the splitter has not accounted for.
    package var offset: Int { base + cursor }

    /// Appends input, first dropping the bytes no longer needed.
    package mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        let keep = scan?.start ?? cursor
        if keep > 0, keep >= buffer.count / 2 {
            buffer.removeSubrange(0..<keep)
            base += keep
            cursor -= keep
            if scan != nil {
                scan?.start -= keep
                scan?.position -= keep
            }
        }
        buffer.append(contentsOf: bytes)
    }

    /// Marks the end of the input.
    package mutating func finish() {
        isFinished = true
    }

    /// Finds the next element, checking the document's structure on the way.
    /// - Throws: ``MappingError``: `malformedJSON` with the input offset, `nestingTooDeep`,
    ///   `keyPathNotFound`, or `typeMismatch` when the streamed value is not an array.
    package mutating func next() throws -> SplitStep {
        while true {
            switch phase {
            case .start:
                if buffer.count - cursor < 3 && !isFinished { return .needsInput }
                if buffer.count - cursor >= 3, buffer[cursor] == 0xEF, buffer[cursor + 1] == 0xBB, buffer[cursor + 2] == 0xBF {
                    cursor += 3
                }
                phase = isLines ? .documents : (path.isEmpty ? .arrayStart : .object(step: 0))
            case .object(let step):
                guard let byte = try peek(expecting: "an object") else { return .needsInput }
                guard byte == .openBrace else { throw MappingError(.keyPathNotFound(keyPathText)) }
                cursor += 1
                phase = .members(step: step, first: true)
            case .members(let step, let first):
                guard let byte = try peek(expecting: "a key or }") else { return .needsInput }
                if byte == .closeBrace { throw MappingError(.keyPathNotFound(keyPathText)) }
                let start = cursor
                if !first {
                    guard byte == .comma else { throw malformed("Expected , or } after an object member") }
                    cursor += 1
                }
                guard let key = try readKey() else {
                    cursor = start
                    return .needsInput
                }
                if key == path[step] {
                    phase = step + 1 == path.count ? .arrayStart : .object(step: step + 1)
                } else {
                    phase = .skipping(step: step)
                }
            case .skipping(let step):
                guard try skipValue() else { return .needsInput }
                phase = .members(step: step, first: false)
            case .arrayStart:
                guard let byte = try peek(expecting: "an array") else { return .needsInput }
                guard byte == .openBracket else {
                    if !path.isEmpty { throw MappingError(.keyPathNotFound(keyPathText)) }
                    throw MappingError(.typeMismatch(expected: "an array", found: Self.kind(of: byte)))
                }
                cursor += 1
                phase = .elements(expectsValue: true, isFirst: true)
            case .elements(let expectsValue, let isFirst):
                guard let byte = try peek(expecting: expectsValue ? "a value" : ", or ]") else { return .needsInput }
                if byte == .closeBracket && (!expectsValue || isFirst) {
                    cursor += 1
                    phase = .closing(open: path.count, skipping: false)
                    continue
                }
                if !expectsValue {
                    guard byte == .comma else { throw malformed("Expected , or ] after an array element") }
                    cursor += 1
                    phase = .elements(expectsValue: true, isFirst: false)
                    continue
                }
                guard let range = try scanValue() else { return .needsInput }
                phase = .elements(expectsValue: false, isFirst: false)
                return .element(range: range, offset: base + range.lowerBound)
            case .closing(let open, let skipping):
                if skipping {
                    guard try skipValue() else { return .needsInput }
                    phase = .closing(open: open, skipping: false)
                    continue
                }
                if open == 0 {
                    skipWhitespace()
                    if cursor < buffer.count { throw malformed("Unexpected data after the JSON value") }
                    if !isFinished { return .needsInput }
                    phase = .done
                    continue
                }
                guard let byte = try peek(expecting: ", or }") else { return .needsInput }
                if byte == .closeBrace {
                    cursor += 1
                    phase = .closing(open: open - 1, skipping: false)
                    continue
                }
                guard byte == .comma else { throw malformed("Expected , or } after an object member") }
                let start = cursor
                cursor += 1
                guard try readKey() != nil else {
                    cursor = start
                    return .needsInput
                }
                phase = .closing(open: open, skipping: true)
            case .documents:
                skipWhitespace()
                if cursor == buffer.count {
                    if !isFinished { return .needsInput }
                    phase = .done
                    continue
                }
                guard let range = try scanValue() else { return .needsInput }
                return .element(range: range, offset: base + range.lowerBound)
            case .done:
                return .end
            }
        }
    }

    // MARK: Structure

    private mutating func skipWhitespace() {
        while cursor < buffer.count {
            let byte = buffer[cursor]
            guard byte == .space || byte == .newline || byte == .carriageReturn || byte == .tab else { return }
            cursor += 1
        }
    }

    /// The next byte after whitespace, or `nil` when more input is needed.
    private mutating func peek(expecting expected: String) throws -> UInt8? {
        skipWhitespace()
        if cursor < buffer.count { return buffer[cursor] }
        if isFinished { throw malformed("Unexpected end of input; expected \(expected)") }
        return nil
    }

    /// Reads `"key" :` and decodes the key, or returns `nil` (consuming nothing the caller keeps)
    /// when the buffer ends first.
    private mutating func readKey() throws -> String? {
        guard let byte = try peek(expecting: "a key") else { return nil }
        guard byte == .quote else { throw malformed("Expected a string key") }
        let start = cursor
        var position = cursor + 1
        while position < buffer.count, buffer[position] != .quote {
            position += buffer[position] == .backslash ? 2 : 1
        }
        guard position < buffer.count else {
            if isFinished { throw malformed("Unterminated string", at: start) }
            return nil
        }
        let key = try decodeString(start..<position + 1)
        cursor = position + 1
        guard let colon = try peek(expecting: ":") else { return nil }
        guard colon == .colon else { throw malformed("Expected : after an object key") }
        cursor += 1
        return key
    }

    private func decodeString(_ range: Range<Int>) throws -> String {
        do {
            return try InputBytes.reading(buffer, in: range) { bytes in
                var scanner = JSONScanner(bytes: bytes)
                return try scanner.string(scanner.scanString())
            }
        } catch var error as MappingError {
            error.byteOffset = error.byteOffset.map { $0 + base + range.lowerBound }
            throw error
        }
    }

    /// Skips a value a key path walks past, parsing it in full so that malformed JSON there is found.
    private mutating func skipValue() throws -> Bool {
        guard let range = try scanValue() else { return false }
        do {
            _ = try JSONValue(parsing: Data(buffer[range]), maxDepth: maxDepth)
        } catch var error as MappingError {
            error.byteOffset = error.byteOffset.map { $0 + base + range.lowerBound }
            throw error
        }
        return true
    }

    // MARK: Extent of a value

    /// Finds the end of the value at the cursor and moves past it; `nil` when the buffer ends first.
    private mutating func scanValue() throws -> Range<Int>? {
        if scan == nil {
            guard let byte = try peek(expecting: "a value") else { return nil }
            switch byte {
            case .comma, .closeBracket, .closeBrace, .colon: throw malformed("Expected a value")
            default: break
            }
            var fresh = ValueScan(start: cursor, position: cursor)
            fresh.isScalar = byte != .openBrace && byte != .openBracket && byte != .quote
            scan = fresh
        }
        guard var state = scan else { return nil }
        let end = try state.isScalar ? scanScalar(&state) : scanNested(&state)
        scan = end == nil ? state : nil
        guard let end else { return nil }
        cursor = end
        return state.start..<end
    }

    /// A number or literal ends at the first byte that cannot be part of it.
    private func scanScalar(_ state: inout ValueScan) throws -> Int? {
        while state.position < buffer.count {
            switch buffer[state.position] {
            case .space, .newline, .carriageReturn, .tab, .comma, .closeBracket, .closeBrace,
                 .openBrace, .openBracket, .quote, .colon:
                return state.position
            default:
                state.position += 1
            }
        }
        return isFinished ? state.position : nil
    }

    /// A string, object or array ends where its brackets balance; strings are skipped eight bytes at a
    /// time while they hold no quote or backslash.
    private func scanNested(_ state: inout ValueScan) throws -> Int? {
        try InputBytes.reading(buffer) { bytes in try scanNested(&state, in: bytes) }
    }

    private func scanNested(_ state: inout ValueScan, in buffer: InputBytes) throws -> Int? {
        let count = buffer.count
        var position = state.position
        defer { state.position = position }
        while position < count {
            if state.inString {
                while let word = buffer.word(at: position), !Self.hasQuoteOrBackslash(word) { position += 8 }
                while position < count, buffer[position] != .quote, buffer[position] != .backslash { position += 1 }
                guard position < count else { break }
                if buffer[position] == .backslash {
                    guard position + 1 < count else { break }
                    position += 2
                    continue
                }
                position += 1
                state.inString = false
                if state.stack.isEmpty { return position }
                continue
            }
            let byte = buffer[position]
            switch byte {
            case .quote:
                state.inString = true
            case .openBrace, .openBracket:
                guard state.stack.count < maxDepth else {
                    var error = MappingError(.nestingTooDeep(limit: maxDepth))
                    error.byteOffset = base + position
                    throw error
                }
                state.stack.append(byte == .openBrace ? .closeBrace : .closeBracket)
            case .closeBrace, .closeBracket:
                guard state.stack.last == byte else {
                    throw malformed("Unexpected \(byte == .closeBrace ? "}" : "]")", at: position)
                }
                state.stack.removeLast()
                if state.stack.isEmpty { return position + 1 }
            default:
                break
            }
            position += 1
        }
        if isFinished {
            throw malformed(state.inString ? "Unterminated string" : "Unexpected end of input inside a value", at: state.start)
        }
        return nil
    }

    @inline(__always)
    private static func hasQuoteOrBackslash(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        return ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & (ones &* 0x80) != 0
    }

    private func malformed(_ message: String, at index: Int? = nil) -> MappingError {
        var error = MappingError(.malformedJSON(message))
        error.byteOffset = base + (index ?? cursor)
        return error
    }

    private static func kind(of byte: UInt8) -> String {
        switch byte {
        case .openBrace: return "an object"
        case .quote: return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        default: return "a number"
        }
    }
}
