import Foundation

extension JSONWriter {
    /// Writes a ``JSONValue`` exactly, integers beyond 64 bits included. The tree sink gets its
    /// `JSONSerialization` spelling.
    mutating func writeJSONValue(_ value: JSONValue) throws {
        if isTree {
            emit(value.jsonObject)
            return
        }
        switch value {
        case .null: writeNull()
        case .bool(let flag): writeBool(flag)
        case .number(.double(let number)): try writeDouble(number)
        case .number(let number): output.append(utf8: number.description)
        case .string(let string): appendString(string)
        case .array(let elements):
            try beginArray()
            for (index, element) in elements.enumerated() {
                beginElement(index)
                try writeJSONValue(element)
            }
            endArray(isEmpty: elements.isEmpty)
        case .object(let members):
            try beginObject()
            let keys = members.keys.sorted()  // always sorted: see `JSONMapper.OutputFormatting`
            for (index, key) in keys.enumerated() {
                writeKey(key, isFirst: index == 0)
                try writeJSONValue(members[key] ?? .null)
            }
            endObject(isEmpty: members.isEmpty)
        }
    }

    /// Writes raw JSON held as `Any` (an `Any`, `[String: Any]` or `[Any]` property, or what a custom
    /// date strategy returns): `JSONSerialization`'s kinds and plain Swift values. The tree sink
    /// takes it as it is.
    mutating func writeFoundationObject(_ value: Any) throws {
        if isTree {
            emit(value)
            return
        }
        let type = type(of: value)
        if type == String.self, let string = value as? String {
            appendString(string)
        } else if type == Double.self, let number = value as? Double {
            try writeDouble(number)
        } else if type == Int.self, let number = value as? Int {
            writeInteger(number)
        } else if type == Bool.self, let flag = value as? Bool {
            writeBool(flag)
        } else if type == JSONValue.self, let json = value as? JSONValue {
            try writeJSONValue(json)
        } else if let object = value as? [String: Any] {
            try beginObject()
            let keys = object.keys.sorted()  // always sorted: see `JSONMapper.OutputFormatting`
            for (index, key) in keys.enumerated() {
                writeKey(key, isFirst: index == 0)
                try writeFoundationObject(object[key] ?? NSNull())
            }
            endObject(isEmpty: object.isEmpty)
        } else if let array = value as? [Any] {
            try beginArray()
            for (index, element) in array.enumerated() {
                beginElement(index)
                try writeFoundationObject(element)
            }
            endArray(isEmpty: array.isEmpty)
        } else {
            try writeScalar(JSONScalar(value), original: value)
        }
    }

    private mutating func writeScalar(_ scalar: JSONScalar, original: Any) throws {
        switch scalar {
        case .null: writeNull()
        case .bool(let flag): writeBool(flag)
        case .integer(let number): writeInteger(number)
        case .unsigned(let number): writeInteger(number)
        case .double(let number):
            if let float = original as? Float, type(of: original) == Float.self {
                try writeFloat(float)
            } else {
                try writeDouble(number)
            }
        case .decimal(let number): try writeDecimal(number)
        case .string(let string): appendString(string)
        case .array, .object, .other:
            throw error(.notRepresentable(value: "a value of type \(Swift.type(of: original))"))
        }
    }

    /// Appends a string, quoted and escaped as RFC 8259 requires: `"`, `\` and control characters,
    /// and `/` unless the formatting says otherwise. Non-ASCII characters are written as they are.
    mutating func appendString(_ string: String) {
        output.append(.quote)
        // Most strings need no escaping: copy them whole, then check the copy, sixteen bytes at a time.
        let start = output.count
        output.append(utf8: string)
        if let first = firstByteToEscape(from: start) { escapeTail(from: first) }
        output.append(.quote)
    }

    /// The offset of the first byte from `start` on that must be escaped, if any.
    private func firstByteToEscape(from start: Int) -> Int? {
        let slash = escapesSlashes ? UInt8(ascii: "/") : UInt8(ascii: "\"")
        var position = start
        while let block = output.block(at: position) {
            let run = ByteBlock.unescapedRun(block, slash: slash)
            if run < 16 { return position + run }
            position += 16
        }
        while let word = output.word(at: position),
            ByteWord.stringStops(word) | ByteWord.equal(word, slash) == 0
        {
            position += 8
        }
        while position < output.count {
            let byte = output[position]
            if byte < 0x20 || byte == .quote || byte == .backslash || byte == slash { return position }
            position += 1
        }
        return nil
    }

    /// Escapes the bytes from `first` to the end: they move to the writer's scratch buffer (kept
    /// between strings, so it allocates only while it grows), and come back with clean runs copied
    /// whole and each byte that must be escaped replaced by its escape.
    private mutating func escapeTail(from first: Int) {
        let slash = escapesSlashes ? UInt8(ascii: "/") : UInt8(ascii: "\"")
        scratch.removeAll(keepingCapacity: true)
        output.moveTail(from: first, to: &scratch)
        var runStart = 0
        var position = 0
        while position < scratch.count {
            let byte = scratch[position]
            if Self.escapedLength(of: byte, slash: slash) > 1 {
                appendScratch(runStart..<position)
                appendEscape(of: byte)
                runStart = position + 1
            }
            position += 1
        }
        appendScratch(runStart..<scratch.count)
    }

    private mutating func appendScratch(_ range: Range<Int>) {
        output.append(scratch, in: range)
    }

    private mutating func appendEscape(of byte: UInt8) {
        output.append(.backslash)
        switch byte {
        case .quote, .backslash, UInt8(ascii: "/"): output.append(byte)
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        default:
            // \u00XX, lowercase hex, for the other control characters.
            output.append(UInt8(ascii: "u"))
            output.append(.zero)
            output.append(.zero)
            output.append(Self.hexDigit(byte >> 4))
            output.append(Self.hexDigit(byte & 0xF))
        }
    }

    /// How many bytes a byte takes once escaped: 1 when it needs no escape.
    @inline(__always)
    private static func escapedLength(of byte: UInt8, slash: UInt8) -> Int {
        switch byte {
        case .quote, .backslash, slash, 0x0A, 0x0D, 0x09, 0x08, 0x0C: return 2
        case ..<0x20: return 6
        default: return 1
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? .zero + value : UInt8(ascii: "a") + value - 10
    }
}
