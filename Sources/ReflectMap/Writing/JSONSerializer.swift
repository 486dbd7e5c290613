import Foundation

/// JSON value → UTF-8 bytes, for ``JSONMapper/data(from:)``.
///
/// `JSONSerialization`'s writer on Linux boxes every number and is more than ten times slower than
/// `JSONEncoder` on number-heavy payloads, so the mapper writes its own output. Keys are sorted so the
/// output is stable; strings are escaped as RFC 8259 requires (`"`, `\`, and control characters), and
/// `/` and non-ASCII characters are written as they are.
struct JSONSerializer {
    private(set) var bytes: [UInt8] = []

    init(capacityHint: Int = 1024) {
        bytes.reserveCapacity(capacityHint)
    }

    /// Writes a value of the kinds the adapters produce, plus whatever raw JSON (`Any`) properties hold.
    mutating func write(_ value: Any) throws {
        let type = type(of: value)
        if type == String.self, let string = value as? String {
            writeString(string)
        } else if type == Double.self, let number = value as? Double {
            try writeDouble(number)
        } else if type == Int.self, let number = value as? Int {
            append(String(number))
        } else if type == Bool.self, let flag = value as? Bool {
            append(flag ? "true" : "false")
        } else if type == JSONValue.self, let json = value as? JSONValue {
            try write(json)
        } else if let object = value as? [String: Any] {
            try writeObject(object)
        } else if let array = value as? [Any] {
            try writeArray(array)
        } else {
            try writeScalar(JSONScalar(value), original: value)
        }
    }

    /// Writes a ``JSONValue`` exactly, integers beyond 64 bits included.
    mutating func write(_ value: JSONValue) throws {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(.double(let number)): try writeDouble(number)
        case .number(let number): append(number.description)
        case .string(let string): writeString(string)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                try write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(key)
                bytes.append(UInt8(ascii: ":"))
                try write(members[key] ?? .null)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func writeObject(_ object: [String: Any]) throws {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for key in object.keys.sorted() {
            guard let member = object[key] else { continue }
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            writeString(key)
            bytes.append(UInt8(ascii: ":"))
            do {
                try write(member)
            } catch let error as MappingError {
                throw error.prefixed(by: .key(key))
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func writeArray(_ array: [Any]) throws {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in array.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            do {
                try write(element)
            } catch let error as MappingError {
                throw error.prefixed(by: .index(index))
            }
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func writeScalar(_ scalar: JSONScalar, original: Any) throws {
        switch scalar {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .integer(let number): append(String(number))
        case .unsigned(let number): append(String(number))
        case .double(let number):
            if let float = original as? Float, type(of: original) == Float.self {
                guard float.isFinite else { throw MappingError(.notRepresentable(value: "\(float)")) }
                append(String(float))
            } else {
                try writeDouble(number)
            }
        case .decimal(let number):
            guard !number.isNaN else { throw MappingError(.notRepresentable(value: "NaN")) }
            append(number.description)
        case .string(let string): writeString(string)
        case .array, .object, .other:
            throw MappingError(.notRepresentable(value: "a value of type \(Swift.type(of: original))"))
        }
    }

    private mutating func writeDouble(_ number: Double) throws {
        guard number.isFinite else { throw MappingError(.notRepresentable(value: "\(number)")) }
        append(String(number))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        let utf8 = string.utf8
        // Most strings need no escaping: copy them whole.
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: utf8)
        } else {
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                case 0x08: append("\\b")
                case 0x0C: append("\\f")
                case ..<0x20:
                    let hex = String(byte, radix: 16)
                    append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
