import Foundation

// Where each element of a streamed document begins and ends, in bytes that arrive a chunk at a time.
//
// The buffer holds the input from the first byte still needed (`buffer[0]` is input offset `base`) to
// the last byte read. `cursor` is the next byte not yet accounted for. Bytes before the element being
// scanned (or before `cursor` between elements) are dropped when more input is appended, so memory is
// the read buffer plus the largest element, whatever the input's size.
//
// The splitter checks the document's structure around the elements (the key path's containers, the
// array's commas and brackets, what follows the array) and finds each element's extent with a light
// scan: strings (escapes included) and the nesting of brackets, which must match. That scan is what
// resuming needs, since an element may end in a later chunk; everything else comes from `JSONScanner`,
// run over the bytes in place: whitespace, keys, and the full check of each value a key path walks past,
// which is skipped as `JSONScanner.skipValue` skips it, with no tree made. The mapper parses every
// element in full, so malformed JSON there is reported by the parse, with its offset moved to the whole
// input's. So malformed JSON anywhere is an error.
//
// Layouts:
// - `.array` / `.array(at:)`: the elements of the top-level array, or of the array at a key path, by
//   the rules of `JSONKeyPath`. Of an object's members with a repeated key the last counts, as
//   everywhere; a stream cannot hold the whole object to find it, so it follows the first member with
//   the key, and when the rest of the document, checked after the array ends, repeats a key the path
//   followed, the stream ends with `keyPathNotFound`, naming the repeat: the elements it gave were not
//   the document's;
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

    /// The containers the key path entered, outermost first: `true` for an object, `false` for an
    /// array.
    private var opened: [Bool] = []

    private enum Phase: Equatable {
        /// Before the first byte (a byte order mark may come).
        case start
        /// Expects the container in which to look for `path[step]`.
        case container(step: Int)
        /// Inside the object of `path[step]`, before a member (`first`) or after one.
        case members(step: Int, first: Bool)
        /// Skipping the value of a member whose key is not `path[step]`.
        case skipping(step: Int)
        /// Inside the array of `path[step]`, `index` elements in, before an element (`expectsValue`)
        /// or after one.
        case arrayStep(step: Int, index: Int, expectsValue: Bool)
        /// Expects the streamed array's `[`.
        case arrayStart
        /// Inside the array: `expectsValue` after `[` (where `]` may come too) or after a comma.
        case elements(expectsValue: Bool, isFirst: Bool)
        /// After the array: closing the `open` containers the key path entered, innermost first,
        /// skipping their other members and elements.
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
                if buffer.count - cursor >= 3, buffer[cursor] == 0xEF, buffer[cursor + 1] == 0xBB,
                    buffer[cursor + 2] == 0xBF
                {
                    cursor += 3
                }
                phase = isLines ? .documents : (path.isEmpty ? .arrayStart : .container(step: 0))
            case .container(let step):
                guard let byte = try peek(expecting: "an object or array") else { return .needsInput }
                if byte == .openBrace {
                    cursor += 1
                    phase = .members(step: step, first: true)
                } else if byte == .openBracket, JSONKeyPath.index(path[step]) != nil {
                    cursor += 1
                    phase = .arrayStep(step: step, index: 0, expectsValue: true)
                } else if byte == .openBracket {
                    throw notFound("\(place) is an array, and \"\(path[step])\" is not an index")
                } else {
                    throw notFound("\(place) is \(Self.kind(of: byte)), not an object or an array")
                }
            case .members(let step, let first):
                guard let byte = try peek(expecting: "a key or }") else { return .needsInput }
                if byte == .closeBrace { throw notFound("\(place) has no key \"\(path[step])\"") }
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
                    opened.append(true)
                    phase = step + 1 == path.count ? .arrayStart : .container(step: step + 1)
                } else {
                    phase = .skipping(step: step)
                }
            case .skipping(let step):
                guard try skipValue() else { return .needsInput }
                phase = .members(step: step, first: false)
            case .arrayStep(let step, let index, let expectsValue):
                guard let byte = try peek(expecting: expectsValue ? "a value" : ", or ]") else { return .needsInput }
                if byte == .closeBracket && (!expectsValue || index == 0) {
                    let target = JSONKeyPath.index(path[step]) ?? 0
                    throw notFound(
                        "\(place) has \(index) element\(index == 1 ? "" : "s"); [\(target)] is beyond it")
                }
                if !expectsValue {
                    guard byte == .comma else { throw malformed("Expected , or ] after an array element") }
                    cursor += 1
                    phase = .arrayStep(step: step, index: index, expectsValue: true)
                } else if index == JSONKeyPath.index(path[step]) {
                    opened.append(false)
                    phase = step + 1 == path.count ? .arrayStart : .container(step: step + 1)
                } else {
                    guard try skipValue() else { return .needsInput }
                    phase = .arrayStep(step: step, index: index + 1, expectsValue: false)
                }
            case .arrayStart:
                guard let byte = try peek(expecting: "an array") else { return .needsInput }
                guard byte == .openBracket else {
                    if !path.isEmpty { throw notFound("\(place) is \(Self.kind(of: byte)), not an array") }
                    throw MappingError(.typeMismatch(expected: "an array", found: Self.kind(of: byte)))
                }
                cursor += 1
                phase = .elements(expectsValue: true, isFirst: true)
            case .elements(let expectsValue, let isFirst):
                guard let byte = try peek(expecting: expectsValue ? "a value" : ", or ]") else { return .needsInput }
                if byte == .closeBracket && (!expectsValue || isFirst) {
                    cursor += 1
                    phase = .closing(open: opened.count, skipping: false)
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
                let isObject = opened[open - 1]
                guard let byte = try peek(expecting: isObject ? ", or }" : ", or ]") else { return .needsInput }
                if byte == (isObject ? .closeBrace : .closeBracket) {
                    cursor += 1
                    phase = .closing(open: open - 1, skipping: false)
                    continue
                }
                guard byte == .comma else {
                    throw malformed(
                        isObject ? "Expected , or } after an object member" : "Expected , or ] after an array element")
                }
                let start = cursor
                cursor += 1
                if isObject {
                    guard let key = try readKey() else {
                        cursor = start
                        return .needsInput
                    }
                    // The object repeats the key the path followed: its last member is the one that
                    // counts, and the elements streamed came from an earlier one.
                    if key == path[open - 1] {
                        let object = Array(enteredPath.prefix(open - 1))
                        throw notFound(
                            "\(Self.place(object)) has the key \"\(key)\" again after the streamed array, and the "
                                + "last member with a key is the one that counts; a stream follows the first",
                            at: object)
                    }
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

    // MARK: The key path

    /// The steps the key path has taken, one per container entered: a key in an object, an index in an
    /// array, as an element's path spells them (`data[0].items`).
    var enteredPath: [PathComponent] {
        zip(opened, path).map { isObject, step in isObject ? .key(step) : .index(JSONKeyPath.index(step) ?? 0) }
    }

    /// Where the key path stands, as its errors name it.
    private var place: String { Self.place(enteredPath) }

    private static func place(_ path: [PathComponent]) -> String {
        path.isEmpty ? "the top-level value" : "\"\(MappingPath.render(path))\""
    }

    /// The error for a key path that leads nowhere, with what stood where it failed.
    private func notFound(_ detail: String, at path: [PathComponent]? = nil) -> MappingError {
        var error = MappingError(.keyPathNotFound(keyPathText), at: path ?? enteredPath)
        error.detail = detail
        return error
    }

    // MARK: Structure

    private mutating func skipWhitespace() {
        cursor = InputBytes.reading(buffer) { bytes in
            var scanner = JSONScanner(bytes: bytes, isDocument: false)
            scanner.index = cursor
            scanner.skipWhitespace()
            return scanner.index
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
    /// when the buffer ends first. Finding the closing quote is all the resuming needs; the key is
    /// then read by `JSONScanner`.
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
        let key = try inPlace(start..<position + 1) { scanner in try scanner.string(scanner.scanString()) }
        cursor = position + 1
        guard let colon = try peek(expecting: ":") else { return nil }
        guard colon == .colon else { throw malformed("Expected : after an object key") }
        cursor += 1
        return key
    }

    /// Runs `body` with a scanner over `buffer[range]`, moving the offset of any error it throws to the
    /// whole input's.
    private func inPlace<Result>(_ range: Range<Int>, _ body: (inout JSONScanner) throws -> Result) throws -> Result {
        do {
            return try InputBytes.reading(buffer, in: range) { bytes in
                var scanner = JSONScanner(bytes: bytes, isDocument: false)
                return try body(&scanner)
            }
        } catch var error as MappingError {
            error.byteOffset = error.byteOffset.map { $0 + base + range.lowerBound }
            throw error
        }
    }

    /// Skips a value a key path walks past, checking it in full, as `JSONScanner` skips a value, so
    /// that malformed JSON there is found.
    private mutating func skipValue() throws -> Bool {
        guard let range = try scanValue() else { return false }
        let budget = maxDepth - opened.count
        try inPlace(range) { scanner in
            try scanner.skipValue(depthBudget: budget, limit: maxDepth)
            // The extent ends at the value's last byte, or for a number or literal at the first byte
            // that cannot be part of one: anything left is a malformed value.
            if scanner.index < scanner.bytes.count { throw scanner.error("Unexpected data after a value") }
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
            throw malformed(
                state.inString ? "Unterminated string" : "Unexpected end of input inside a value", at: state.start)
        }
        return nil
    }

    @inline(__always)
    private static func hasQuoteOrBackslash(_ word: UInt64) -> Bool {
        ByteWord.equal(word, UInt8(ascii: "\"")) | ByteWord.equal(word, UInt8(ascii: "\\")) != 0
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
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a Boolean"
        case UInt8(ascii: "n"): return "null"
        default: return "a number"
        }
    }
}
