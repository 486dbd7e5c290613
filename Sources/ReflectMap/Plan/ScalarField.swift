/// A model's field of a built-in scalar type, `Int`, `Int64`, `Double`, `Bool` or `String`, or an
/// optional of one, whose adapter is that type's built-in one: the fill loop reads it by calling the
/// adapter's read directly, where any other field takes four calls (its field, its adapter, and the
/// adapter's two closures), each through a pointer. It does exactly what those calls do: the same
/// read, and the value stored into the same slot only when the read gives one; for an optional,
/// `null` stores `nil` first.
///
/// Most of a payload's members are such fields, so the calls it saves are a large share of the fill
/// loop's own work.
enum ScalarField {
    /// Any other field: read through its field and its adapter.
    case none
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
    /// ``none`` unless `Value` is one of the types read directly.
    init<Value>(at slot: FieldSlot<Value>) {
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
            self = .none
        }
    }

    /// The direct read of a field of type `Value?` at `slot` whose adapter is an optional one around
    /// `Value`'s built-in one.
    init<Value>(optionalAt slot: FieldSlot<Value?>) {
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
            self = .none
        }
    }

    /// Reads the value under the cursor into the field, as its adapter's `read(_:into:at:)` would.
    /// Not called for ``none``.
    func read(_ reader: inout JSONReader, into storage: ModelStorage) throws {
        switch self {
        case .none: try reader.skipValue()
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
