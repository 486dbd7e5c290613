/// A model's field of a built-in scalar type, `Int`, `Int64`, `Double`, `Bool` or `String`, or an
/// optional of one, whose adapter is that type's built-in one: the fill loop reads it, and the write
/// loop writes it, by calling the adapter's read or write directly, where any other field takes four
/// calls (its field, its adapter, and the adapter's two closures), each through a pointer. It does
/// exactly what those calls do: the same read, and the value stored into the same slot only when the
/// read gives one (for an optional, `null` stores `nil` first); the same key and the same write (for
/// an absent optional, a member only when the writer writes `nil` as `null`).
///
/// Most of a payload's members are such fields, so the calls it saves are a large share of the fill
/// and write loops' own work.
///
/// Any other field has none (`nil`), and is read and written through its field and its adapter.
enum ScalarField {
    case int(FieldSlot<Int>)
    case int64(FieldSlot<Int64>)
    case double(FieldSlot<Double>)
    case bool(FieldSlot<Bool>)
    case string(FieldSlot<String>)
    case optionalInt(FieldSlot<Int?>)
    case optionalInt64(FieldSlot<Int64?>)
    case optionalDouble(FieldSlot<Double?>)
    case optionalBool(FieldSlot<Bool?>)
    case optionalString(FieldSlot<String?>)

    /// The direct read of a field of type `Value` at `slot` whose adapter is `Value`'s built-in one:
    /// `nil` unless `Value` is one of the types read directly.
    init?<Value>(at slot: FieldSlot<Value>) {
        if let slot = slot as? FieldSlot<Int> {
            self = .int(slot)
        } else if let slot = slot as? FieldSlot<Int64> {
            self = .int64(slot)
        } else if let slot = slot as? FieldSlot<Double> {
            self = .double(slot)
        } else if let slot = slot as? FieldSlot<Bool> {
            self = .bool(slot)
        } else if let slot = slot as? FieldSlot<String> {
            self = .string(slot)
        } else {
            return nil
        }
    }

    /// The direct read of a field of type `Value?` at `slot` whose adapter is an optional one around
    /// `Value`'s built-in one.
    init?<Value>(optionalAt slot: FieldSlot<Value?>) {
        if let slot = slot as? FieldSlot<Int?> {
            self = .optionalInt(slot)
        } else if let slot = slot as? FieldSlot<Int64?> {
            self = .optionalInt64(slot)
        } else if let slot = slot as? FieldSlot<Double?> {
            self = .optionalDouble(slot)
        } else if let slot = slot as? FieldSlot<Bool?> {
            self = .optionalBool(slot)
        } else if let slot = slot as? FieldSlot<String?> {
            self = .optionalString(slot)
        } else {
            return nil
        }
    }

    /// Reads the value under the cursor into the field, as its adapter's `read(_:into:at:)` would.
    func read(_ reader: inout JSONReader, into storage: ModelStorage) throws {
        switch self {
        case .int(let slot): if let value = try Int.readBuiltin(&reader) { storage.store(value, at: slot) }
        case .int64(let slot): if let value = try Int64.readBuiltin(&reader) { storage.store(value, at: slot) }
        case .double(let slot): if let value = try Double.readBuiltin(&reader) { storage.store(value, at: slot) }
        case .bool(let slot): if let value = try Bool.readBuiltin(&reader) { storage.store(value, at: slot) }
        case .string(let slot): if let value = try String.readBuiltin(&reader) { storage.store(value, at: slot) }
        case .optionalInt(let slot): try Self.readOptional(&reader, into: storage, at: slot, Int.readBuiltin)
        case .optionalInt64(let slot): try Self.readOptional(&reader, into: storage, at: slot, Int64.readBuiltin)
        case .optionalDouble(let slot): try Self.readOptional(&reader, into: storage, at: slot, Double.readBuiltin)
        case .optionalBool(let slot): try Self.readOptional(&reader, into: storage, at: slot, Bool.readBuiltin)
        case .optionalString(let slot): try Self.readOptional(&reader, into: storage, at: slot, String.readBuiltin)
        }
    }

    /// Writes the field as a member under `key`, as its adapter's `writeMember` would: `false`, with
    /// nothing written, for an absent optional unless the writer writes `nil` as `null`.
    func write(from storage: ModelStorage, key: EncodedKey, isFirst: Bool, to writer: inout JSONWriter) throws -> Bool {
        switch self {
        case .int(let slot): Self.write(slot, storage, key, isFirst, &writer, Int.writeBuiltin)
        case .int64(let slot): Self.write(slot, storage, key, isFirst, &writer, Int64.writeBuiltin)
        case .double(let slot): try Self.write(slot, storage, key, isFirst, &writer, Double.writeBuiltin)
        case .bool(let slot): Self.write(slot, storage, key, isFirst, &writer, Bool.writeBuiltin)
        case .string(let slot): Self.write(slot, storage, key, isFirst, &writer, String.writeBuiltin)
        case .optionalInt(let slot): return Self.write(slot, storage, key, isFirst, &writer, Int.writeBuiltin)
        case .optionalInt64(let slot): return Self.write(slot, storage, key, isFirst, &writer, Int64.writeBuiltin)
        case .optionalDouble(let slot): return try Self.write(slot, storage, key, isFirst, &writer, Double.writeBuiltin)
        case .optionalBool(let slot): return Self.write(slot, storage, key, isFirst, &writer, Bool.writeBuiltin)
        case .optionalString(let slot): return Self.write(slot, storage, key, isFirst, &writer, String.writeBuiltin)
        }
        return true
    }

    /// A member's key, then its value, read where it lies.
    @inline(__always)
    private static func write<Value>(
        _ slot: FieldSlot<Value>, _ storage: ModelStorage, _ key: EncodedKey, _ isFirst: Bool,
        _ writer: inout JSONWriter, _ write: (Value, inout JSONWriter) throws -> Void
    ) rethrows {
        writer.writeKey(key, isFirst: isFirst)
        if _isPOD(Value.self) {
            try write(storage.load(slot), &writer)
        } else {
            // A string is written where it lies: a copy would be retained and released around it.
            try storage.withValue(at: slot) { try write($0, &writer) }
        }
    }

    /// An optional member, as ``TypeAdapter/writeOptionalMember(from:at:key:isFirst:to:)`` writes it.
    @inline(__always)
    private static func write<Value>(
        _ slot: FieldSlot<Value?>, _ storage: ModelStorage, _ key: EncodedKey, _ isFirst: Bool,
        _ writer: inout JSONWriter, _ write: (Value, inout JSONWriter) throws -> Void
    ) rethrows -> Bool {
        guard let value = storage.load(slot) else { return writer.writeAbsentMember(key, isFirst: isFirst) }
        writer.writeKey(key, isFirst: isFirst)
        try write(value, &writer)
        return true
    }

    /// An optional field's read, as ``TypeAdapter/readOptional(_:into:at:)`` does it.
    @inline(__always)
    private static func readOptional<Value>(
        _ reader: inout JSONReader, into storage: ModelStorage, at slot: FieldSlot<Value?>,
        _ read: (inout JSONReader) throws -> Value?
    ) throws {
        if try reader.readNull() { return storage.store(nil, at: slot) }
        if let value = try read(&reader) { storage.store(value, at: slot) }
    }
}
