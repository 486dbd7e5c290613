import Foundation
import SwiftShims

// Reading and writing a model's stored fields in place, one of the few files with unsafe code.
//
// The fields come from the Swift runtime's own reflection entry points, the ones the standard
// library's `Mirror` and `_forEachField` use: each stored field's name, byte offset, exact type, and
// whether it is a strong `var`. No metadata layout is parsed. Nothing outside this file sees a
// pointer: the rest of the mapper holds `FieldSlot`s (an offset it cannot do arithmetic with) and
// `ModelStorage` values, and stores and loads through them.

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func runtimeFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func runtimeFieldMetadata(
    _ type: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<_FieldReflectionMetadata>
) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func runtimeFieldOffset(_ type: Any.Type, index: Int) -> Int

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

/// A model type's stored fields, as the runtime reports them, and its instances' storage.
enum StoredFields {
    /// The stored fields of a struct or class type, including inherited ones.
    static func list(of type: Any.Type) -> [StoredField] {
        let count = runtimeFieldCount(type)
        var fields: [StoredField] = []
        fields.reserveCapacity(count)
        for index in 0..<count {
            var metadata = unsafe _FieldReflectionMetadata()
            let fieldType = unsafe runtimeFieldMetadata(type, index: index, fieldMetadata: &metadata)
            defer { unsafe metadata.freeFunc?(metadata.name) }
            let name = unsafe metadata.name.map { unsafe String(cString: $0) } ?? ""
            unsafe fields.append(
                StoredField(
                    name: name,
                    offset: runtimeFieldOffset(type, index: index),
                    type: fieldType,
                    isVar: metadata.isVar,
                    isStrong: metadata.isStrong
                ))
        }
        return fields
    }

    /// Calls `body` with the storage of a model, for filling it. The storage never outlives `body`: for
    /// a class it points at the object, which the caller's variable keeps alive; for a struct at the
    /// caller's own variable, to which `body` has exclusive access for its duration.
    @inline(__always)
    static func withStorage<Model>(
        of model: inout Model, isClass: Bool, _ body: (ModelStorage) throws -> Void
    ) rethrows {
        if isClass {
            // `isClass` is true only for class types (the plan works it out from the metadata kind), so
            // the value is one strong reference and its bits are the instance's address: reinterpreting
            // them takes no retain, where `as AnyObject` would be a dynamic cast per object. `model`,
            // the caller's variable, holds the instance for the whole call (`body` fills the instance
            // through the storage and never assigns `model`), which keeps it alive while `body` runs.
            unsafe try body(ModelStorage(base: unsafeBitCast(model, to: UnsafeMutableRawPointer.self)))
        } else {
            // A struct with no stored properties has no storage, and nothing to fill.
            guard MemoryLayout<Model>.size > 0 else { return }
            unsafe try call(body, at: &model)
        }
    }

    /// Calls `body` with the storage at `address`: a struct model's variable, passed as `&model`, whose
    /// address is valid for the length of the call. (The conversion costs nothing, where the generic
    /// `withUnsafeMutablePointer(to:)` is a call of its own per model.)
    @inline(__always)
    private static func call<Model>(
        _ body: (ModelStorage) throws -> Void, at address: UnsafeMutablePointer<Model>
    ) rethrows {
        unsafe try body(ModelStorage(base: UnsafeMutableRawPointer(address)))
    }

    /// Calls `body` with the address where a model's storage begins, as a number, and the model
    /// itself, in place, so that a mutating method `body` calls on it sees its stored properties at
    /// that address plus their offsets. The address is only compared with others
    /// (``JSONFieldRules``), and it names the storage only during the call.
    static func withBaseAddress<Model>(
        of model: inout Model, isClass: Bool, _ body: (UInt, inout Model) throws -> Void
    ) rethrows {
        if isClass {
            // As in `withStorage(of:isClass:)`: `isClass` only for class types, one strong reference.
            let object = unsafe unsafeBitCast(model, to: AnyObject.self)
            try withExtendedLifetime(object) {
                unsafe try body(UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()), &model)
            }
        } else {
            // `pointee` is addressed, not copied: `&pointer.pointee` hands `body` the variable itself,
            // so a stored property's `inout` address lies at the pointer plus its offset.
            unsafe try withUnsafeMutablePointer(to: &model) { pointer in
                unsafe try body(UInt(bitPattern: pointer), &pointer.pointee)
            }
        }
    }

    /// Calls `body` with the storage of a model, for reading it. Returns `nil` for a struct with no
    /// stored properties.
    @inline(__always)
    static func withStorage<Model, Result>(
        reading model: Model, isClass: Bool, _ body: (ModelStorage) throws -> Result
    ) rethrows -> Result? {
        if isClass {
            // `isClass` only for class types (the plan works it out from the metadata kind), so `model`
            // is one strong reference and its bits are the instance's address: reinterpreting them as
            // a pointer takes no retain. `model` is borrowed from the caller for the whole call, which
            // keeps the instance alive while `body` runs.
            return unsafe try body(ModelStorage(base: unsafeBitCast(model, to: UnsafeMutableRawPointer.self)))
        }
        return unsafe try withUnsafeBytes(of: model) { buffer in
            guard let base = buffer.baseAddress else { return nil }
            // Only loaded from (the caller is writing JSON), never stored into.
            return unsafe try body(ModelStorage(base: UnsafeMutableRawPointer(mutating: base)))
        }
    }

    /// Calls `body` with the index and storage of each model of an array, in order, for reading
    /// them: the models are not copied out of the array. `Model` must have stored properties (a
    /// non-zero size).
    @inline(__always)
    static func forEachStorage<Model>(
        reading models: [Model], isClass: Bool, _ body: (Int, ModelStorage) throws -> Void
    ) rethrows {
        unsafe try models.withUnsafeBufferPointer { buffer in
            guard let first = buffer.baseAddress else { return }
            // The array is borrowed for the call, so its buffer and every instance it refers to stay
            // alive while `body` runs. Element `index` lies `index * stride` bytes from the first; only
            // loaded from, never stored into.
            let base = unsafe UnsafeMutableRawPointer(mutating: UnsafeRawPointer(first))
            let stride = MemoryLayout<Model>.stride
            for index in 0..<buffer.count {
                let element = unsafe base + index * stride
                // A class element is one strong reference: its bits, loaded as a pointer with no
                // retain, are the instance's address.
                unsafe try body(
                    index, ModelStorage(base: isClass ? element.load(as: UnsafeMutableRawPointer.self) : element))
            }
        }
    }
}

/// Where a field of type `Value` lies in its model. Made only here, from a runtime-reported field and
/// its exact type; a `@JSONKey` wrapper's field adds the offset of its `wrappedValue`.
struct FieldSlot<Value>: @unchecked Sendable {
    fileprivate let offset: Int

    init(_ field: StoredField) {
        offset = field.offset
    }

    /// The wrapped value inside a property wrapper stored at `field`.
    init?<Wrapper>(wrapped field: StoredField, in wrapper: Wrapper.Type, at keyPath: KeyPath<Wrapper, Value>) {
        guard let inner = MemoryLayout<Wrapper>.offset(of: keyPath) else { return nil }
        offset = field.offset + inner
    }
}

/// The storage of one model instance. It exists only inside a `StoredFields.withStorage` closure and
/// must not escape it.
@safe
struct ModelStorage {
    fileprivate let base: UnsafeMutableRawPointer

    /// Assigns a field. The slot has the exact type and offset the runtime reported, and callers
    /// store only into strong `var` fields: a `let` the optimiser may assume constant, and `weak` or
    /// `unowned` storage is not a plain value of its type. Assigning releases the old value, which is
    /// right because `init()` initialised every field before any store.
    @inline(__always)
    func store<Value>(_ value: Value, at field: FieldSlot<Value>) {
        unsafe (base + field.offset).assumingMemoryBound(to: Value.self).pointee = value
    }

    /// Copies out a field.
    @inline(__always)
    func load<Value>(_ field: FieldSlot<Value>) -> Value {
        unsafe (base + field.offset).assumingMemoryBound(to: Value.self).pointee
    }

    /// Hands a field's value to `body` where it lies, not copied out: so a string or an array is not
    /// retained and released around its use. Nothing assigns the field while `body` runs: its callers
    /// (writing a field, and checking whether an array field is empty) only read it.
    @inline(__always)
    func withValue<Value, Result>(
        at field: FieldSlot<Value>, _ body: (borrowing Value) throws -> Result
    ) rethrows -> Result {
        try unsafe body((base + field.offset).assumingMemoryBound(to: Value.self).pointee)
    }

    /// The storage of the model held in a field, for reading it in place: a struct field's own bytes,
    /// or the instance a class field refers to. It is valid while this storage is, and only loaded
    /// from. `Value` must have stored properties (a non-zero size).
    @inline(__always)
    func storage<Value>(ofModelAt field: FieldSlot<Value>, isClass: Bool) -> ModelStorage {
        // A class field is one strong reference: its bits, loaded as a pointer with no retain, are
        // the instance's address, and the field keeps the instance alive while nothing assigns it,
        // which writing never does.
        unsafe isClass
            ? ModelStorage(base: (base + field.offset).load(as: UnsafeMutableRawPointer.self))
            : ModelStorage(base: base + field.offset)
    }

    /// For the storage of a class instance: the instance's address as a number, which identifies it
    /// while it is alive.
    var instanceIdentity: UInt { unsafe UInt(bitPattern: base) }

    /// For the storage of a class instance: its runtime class, found with no retain.
    var instanceClass: AnyClass {
        // `base` is the address of a live instance (see `withStorage(reading:isClass:)`,
        // `forEachStorage(reading:isClass:)` and `storage(ofModelAt:isClass:)`), which its holder
        // keeps alive for the call.
        unsafe Unmanaged<AnyObject>.fromOpaque(base)._withUnsafeGuaranteedRef { type(of: $0) }
    }

    /// Copies out a whole stored field as the type the runtime reported for it: a property wrapper,
    /// for instance, whose keys the plan reads from a prototype.
    func load<Value>(_ type: Value.Type, from field: StoredField) -> Value {
        unsafe (base + field.offset).assumingMemoryBound(to: Value.self).pointee
    }
}
