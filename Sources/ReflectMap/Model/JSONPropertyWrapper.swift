/// A property wrapper whose wrapped value ReflectMap maps, under the property's own name.
///
/// Swift stores a wrapped property `name` as a hidden field `_name` that holds the wrapper. ReflectMap
/// reads and writes that field under the key of `name`, and maps the *wrapped value* with every rule a
/// plain property of that type has: key translators, registered adapters, lenient coercions, reports,
/// both read routes, and writing. The wrapper is rebuilt from each value read, through its own
/// `init(wrappedValue:)`, so a wrapper that normalises its value (trims, clamps) does so for JSON too.
///
/// A wrapper you own needs one line:
///
/// ```swift
/// @propertyWrapper struct Trimmed {
///     var wrappedValue: String
///     init(wrappedValue: String) { self.wrappedValue = wrappedValue.trimmingCharacters(in: .whitespaces) }
/// }
/// extension Trimmed: JSONPropertyWrapper { var jsonWrappedValue: String { wrappedValue } }
/// ```
///
/// A wrapper from another module is conformed the same way, in an extension. `jsonWrappedValue` is a
/// requirement of its own, rather than `wrappedValue`, so that a wrapper whose `wrappedValue` cannot be
/// read from outside its enclosing instance, such as Combine's `@Published`, can still say how its
/// value is read:
///
/// ```swift
/// nonisolated extension Published: @retroactive JSONPropertyWrapper {
///     public var jsonWrappedValue: Value {
///         var copy = self
///         var current: Value?
///         _ = copy.projectedValue.sink { current = $0 }   // a Published publisher replays its value
///         return current!
///     }
/// }
/// ```
///
/// Combine does not exist on Linux, so the `@Published` form is not tested by ReflectMap's CI; the
/// protocol itself, and conformances in extensions, are.
///
/// A wrapper that is `Codable` needs no conformance: it maps through `JSONDecoder` and `JSONEncoder`
/// under the property's name, as `JSONDecoder` maps it. A wrapper that is neither is a plan error that
/// names the property as you wrote it. The rule that tells a wrapper's storage from a property that
/// really starts with `_` is in the "Declaring Models" article.
public protocol JSONPropertyWrapper: SendableMetatype {
    /// The type of the wrapped value, which is what the JSON holds.
    associatedtype WrappedValue

    /// Builds the wrapper around a value read from JSON: the wrapper's own initialiser, the one Swift
    /// calls for `@Wrapper var x = value`.
    ///
    /// - Parameter wrappedValue: The value read from JSON.
    init(wrappedValue: WrappedValue)

    /// The wrapped value, read back when the model is written as JSON.
    var jsonWrappedValue: WrappedValue { get }
}
