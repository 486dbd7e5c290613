import Foundation
import ReflectMap

/// Finds the storage of a property that `mapping(mapper:)` names but Swift hands over through a
/// temporary copy: a property with accessors, which is every `@objc dynamic` property of an `NSObject`
/// model on Apple platforms, a computed property over a stored one, or a property with a `willSet`
/// observer or a `didSet` that reads `oldValue`.
///
/// For such a property the operator sees the temporary's address, which is not in the instance. Swift
/// writes the temporary back through the property's setter once the operator returns. So the probe
/// writes a distinct value into the temporary, lets the setter store it, and looks for the stored field
/// of the instance that now holds that value: the setter's storage. It runs while `mapping(mapper:)`
/// runs on the prototype the plan is built from, which is discarded afterwards.
///
/// It works for class models (a struct's `mapping(mapper:)` runs on the value itself, which no one else
/// can look at meanwhile) and for properties of the types ``ProbeValue`` covers, or an optional whose
/// default is not `nil`. A rule the probe cannot place is left out and logged, and the rest of the model
/// maps.
final class AccessorProbe: @unchecked Sendable {
    /// The probe for the `mapping(mapper:)` running on this task, if any. It is used by one synchronous
    /// call, on one thread, which is why it may be `@unchecked Sendable`.
    @TaskLocal static var current: AccessorProbe?

    /// One property seen through a temporary: the prototype's fields before its setter ran and after,
    /// and the value written, as text.
    private struct Visit {
        let type: Any.Type
        let before: [Field]
        var after: [Field]?
        let written: String?
    }

    /// A stored field of the prototype as `Mirror` shows it.
    private struct Field: Equatable {
        let name: String
        let value: String
    }

    private let rules: JSONFieldRules
    /// The prototype, when it is an object whose fields can be read while its `mapping(mapper:)` runs.
    private let object: AnyObject?
    private var visits: [Visit] = []

    init(prototype: Any, rules: JSONFieldRules) {
        self.rules = rules
        object = type(of: prototype) is AnyClass ? prototype as AnyObject : nil
    }

    /// Called by every operator with its `inout` property. Returns `nil` for a property found in the
    /// instance; otherwise writes a distinct value into the temporary when it can, and returns the
    /// visit's number for ``property(forVisit:)``.
    func visit<T>(_ property: inout T, at address: Int) -> Int? {
        guard rules.property(atAddress: address, type: T.self) == nil else { return nil }
        closeLastVisit()
        let before = fields()
        let written = object == nil ? nil : ProbeValues.distinct(from: property)
        if let written { property = written }
        visits.append(Visit(type: T.self, before: before, after: nil, written: written.map { String(reflecting: $0) }))
        return visits.count - 1
    }

    /// Records what the last setter did; called once `mapping(mapper:)` has returned.
    func finish() {
        closeLastVisit()
    }

    /// The stored property that a visit's setter wrote its value into, or `nil` when it cannot be told:
    /// no field changed, or several did and not exactly one holds the value written.
    func property(forVisit index: Int) -> JSONFieldRules.Property? {
        let visit = visits[index]
        guard let written = visit.written, let after = visit.after, after.count == visit.before.count else {
            return nil
        }
        let changed = after.indices.filter { after[$0] != visit.before[$0] }
        let holding = changed.filter { after[$0].value == written }
        guard let field = holding.count == 1 ? holding.first : (changed.count == 1 ? changed.first : nil) else {
            return nil
        }
        let properties = rules.properties
        let property =
            properties.count == after.count ? properties[field] : properties.first { $0.name == after[field].name }
        guard let property, property.type == visit.type else { return nil }
        return property
    }

    private func closeLastVisit() {
        guard let last = visits.indices.last, visits[last].after == nil else { return }
        visits[last].after = fields()
    }

    /// The prototype's stored fields, inherited ones first (the order the runtime lists them in), with
    /// their values as text; empty for a struct.
    private func fields() -> [Field] {
        guard let object else { return [] }
        var levels: [Mirror] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let level = mirror {
            levels.append(level)
            mirror = level.superclassMirror
        }
        return levels.reversed().flatMap { level in
            level.children.map { Field(name: $0.label ?? "", value: String(reflecting: $0.value)) }
        }
    }
}

/// A value the probe can write into a temporary that surely differs from what it holds.
protocol ProbeValue {
    /// A value other than `self`.
    var probeDistinct: Self { get }
    /// Some value of the type, for an optional that holds none.
    static var probeSeed: Self { get }
}

enum ProbeValues {
    /// A value of `T` other than `value`, or `nil` when the probe knows none.
    static func distinct<T>(from value: T) -> T? {
        if let type = T.self as? any ProbeValue.Type {
            func make<P: ProbeValue>(_: P.Type) -> T? { (value as? P)?.probeDistinct as? T }
            return make(type)
        }
        if let type = T.self as? any ProbeOptional.Type {
            func make<O: ProbeOptional>(_: O.Type) -> T? {
                guard let optional = value as? O, let emptied = optional.probeNone else { return nil }
                return emptied as? T
            }
            return make(type)
        }
        return nil
    }
}

extension ProbeValue where Self: FixedWidthInteger {
    var probeDistinct: Self { self == Self.probeSeed ? Self.probeSeed &+ 1 : Self.probeSeed }
    static var probeSeed: Self { Self(truncatingIfNeeded: 0x5EED_5EED_5EED_5EED as UInt64) }
}

extension ProbeValue where Self: BinaryFloatingPoint {
    var probeDistinct: Self { self == Self.probeSeed ? Self.probeSeed + 1 : Self.probeSeed }
    static var probeSeed: Self { 24_301.5 }
}

extension Int: ProbeValue {}
extension Int8: ProbeValue {}
extension Int16: ProbeValue {}
extension Int32: ProbeValue {}
extension Int64: ProbeValue {}
extension UInt: ProbeValue {}
extension UInt8: ProbeValue {}
extension UInt16: ProbeValue {}
extension UInt32: ProbeValue {}
extension UInt64: ProbeValue {}
extension Double: ProbeValue {}
extension Float: ProbeValue {}

extension String: ProbeValue {
    var probeDistinct: String { self == Self.probeSeed ? Self.probeSeed + "." : Self.probeSeed }
    static var probeSeed: String { "\u{1}ReflectMapHandyJSON accessor probe" }
}

extension Bool: ProbeValue {
    var probeDistinct: Bool { !self }
    static var probeSeed: Bool { true }
}

extension Date: ProbeValue {
    var probeDistinct: Date { self == Self.probeSeed ? Self.probeSeed + 1 : Self.probeSeed }
    static var probeSeed: Date { Date(timeIntervalSince1970: 24_301.5) }
}

extension Optional: ProbeValue where Wrapped: ProbeValue {
    var probeDistinct: Wrapped? { self.map(\.probeDistinct) ?? Wrapped.probeSeed }
    static var probeSeed: Wrapped? { Wrapped.probeSeed }
}

/// An optional of any type, which the probe can empty when it holds a value.
protocol ProbeOptional {
    /// An empty optional when this one holds a value; `nil` when it is empty already, as no value of
    /// the wrapped type is known.
    var probeNone: Self? { get }
}

extension Optional: ProbeOptional {
    var probeNone: Wrapped?? { self == nil ? nil : .some(nil) }
}
