import SwiftShims

// The only file in ReflectMap with unsafe code: discovering stored fields and reading and writing them
// in place.
//
// Invariants, which every caller relies on:
// 1. Fields come from the Swift runtime's own reflection entry points, the ones the standard library's
//    `Mirror` and `_forEachField` use. They give each stored field's name, byte offset, exact type,
//    and whether it is a strong `var`. No metadata layout is parsed here.
// 2. `store` and `load` touch a field only as the exact type the runtime reported for it, at the
//    offset the runtime reported. `store` assigns, which releases the old value and retains the new
//    one; that is correct because the model was fully initialised by `init()` before any store.
// 3. Fields that are not strong (`weak`, `unowned`) are never touched: their storage is not a plain
//    value of the reported type. `TypePlan` skips them.
// 4. `let` fields are only ever loaded, never stored: the optimiser may assume they never change.
// 5. A base pointer never outlives the closure it is given to. For a class it points at the object,
//    which `withExtendedLifetime` keeps alive; for a struct it points at the caller's own variable,
//    to which the closure has exclusive access for its duration.

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func runtimeFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func runtimeFieldMetadata(
    _ type: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<_FieldReflectionMetadata>
) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func runtimeFieldOffset(_ type: Any.Type, index: Int) -> Int

enum FieldStorage {
    /// One stored field of a struct or class, superclass fields first.
    struct StoredField {
        var name: String
        var offset: Int
        var type: Any.Type
        /// `var` rather than `let`.
        var isVar: Bool
        /// Neither `weak` nor `unowned`.
        var isStrong: Bool
    }

    /// The stored fields of a struct or class type, including inherited ones.
    static func storedFields(of type: Any.Type) -> [StoredField] {
        let count = runtimeFieldCount(type)
        var fields: [StoredField] = []
        fields.reserveCapacity(count)
        for index in 0..<count {
            var metadata = _FieldReflectionMetadata()
            let fieldType = runtimeFieldMetadata(type, index: index, fieldMetadata: &metadata)
            defer { metadata.freeFunc?(metadata.name) }
            let name = metadata.name.map { String(cString: $0) } ?? ""
            fields.append(StoredField(
                name: name,
                offset: runtimeFieldOffset(type, index: index),
                type: fieldType,
                isVar: metadata.isVar,
                isStrong: metadata.isStrong
            ))
        }
        return fields
    }

    /// Calls `body` with the address of the model's storage, for filling it.
    static func withMutableBase<Model>(
        of model: inout Model, isClass: Bool, _ body: (UnsafeMutableRawPointer) throws -> Void
    ) rethrows {
        if isClass {
            let object = model as AnyObject
            try withExtendedLifetime(object) {
                try body(Unmanaged.passUnretained(object).toOpaque())
            }
        } else {
            try withUnsafeMutableBytes(of: &model) { buffer in
                // A struct with no stored properties has no storage, and nothing to fill.
                guard let base = buffer.baseAddress else { return }
                try body(base)
            }
        }
    }

    /// Calls `body` with the address of the model's storage, for reading it. Returns `nil` for a
    /// struct with no stored properties.
    static func withBase<Model, Result>(
        of model: Model, isClass: Bool, _ body: (UnsafeRawPointer) throws -> Result
    ) rethrows -> Result? {
        if isClass {
            let object = model as AnyObject
            return try withExtendedLifetime(object) {
                try body(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()))
            }
        }
        return try withUnsafeBytes(of: model) { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return try body(base)
        }
    }

    /// Assigns a field of type `Value` (invariant 2).
    @inline(__always)
    static func store<Value>(_ value: Value, in base: UnsafeMutableRawPointer, at offset: Int) {
        (base + offset).assumingMemoryBound(to: Value.self).pointee = value
    }

    /// Copies out a field of type `Value` (invariant 2).
    @inline(__always)
    static func load<Value>(_ type: Value.Type, from base: UnsafeRawPointer, at offset: Int) -> Value {
        (base + offset).assumingMemoryBound(to: Value.self).pointee
    }
}
