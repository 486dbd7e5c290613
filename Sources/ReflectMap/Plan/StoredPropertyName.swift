#if canImport(Observation)
import Observation
#endif

/// Which property a stored field belongs to, and so which name its JSON key comes from.
///
/// The runtime lists *stored* fields. For most properties the field is the property. Two kinds of
/// storage are made by the compiler or a macro for a property `x` and named `_x`; the property the user
/// wrote, and the key they expect, is `x`:
///
/// 1. **A property wrapper's storage.** `@Trimmed var name` is stored as `_name: Trimmed`. A field
///    counts as wrapper storage when its name starts with `_` and its type is recognisably a wrapper:
///    - one of ReflectMap's (`@JSONKey`, `@JSONIgnored`, `@JSONTransform`);
///    - a type that conforms to ``JSONPropertyWrapper``;
///    - a struct or class with a stored property named `wrappedValue`, which is how a
///      `@propertyWrapper` type that keeps its value itself is laid out (BetterCodable's wrappers,
///      and most hand-written ones).
/// 2. **An `@Observable` class's tracked storage.** The macro turns `var name` into a computed property
///    over `_name`, of the property's own type, and adds `_$observationRegistrar`. In a class that
///    holds an `ObservationRegistrar` (as the macro's classes do), every field whose name starts with
///    `_` is such storage, and the registrar is skipped. The registrar is found among the stored
///    fields, which asks the runtime no conformance question.
///
/// Any other field keeps its name: `var _id: String` reads the key `_id`, and so does a HAL-style
/// `var _links: Links`, whose type has no `wrappedValue`. A wrapper that keeps its value in some other
/// stored property, and is not a `JSONPropertyWrapper`, is not recognised and is read under `_x`;
/// conform it to ``JSONPropertyWrapper`` (one line) to map it as `x`.
struct StoredPropertyName {
    /// The name of the property the field belongs to: `name` for the storage `_name`.
    let property: String
    /// Whether the field is storage of a property wrapper.
    let isWrapper: Bool

    /// Applies the rule to one stored field of a model.
    ///
    /// - Parameters:
    ///   - field: The stored field, as the runtime lists it.
    ///   - isObservable: Whether the model is an `@Observable` class.
    init(of field: StoredField, isObservable: Bool) {
        let name = field.name
        guard name.count > 1, name.hasPrefix("_") else {
            (property, isWrapper) = (name, false)
            return
        }
        let isWrapper = Self.isPropertyWrapper(field.type)
        let stripped = String(name.dropFirst())
        if isWrapper || isObservable {
            (property, self.isWrapper) = (stripped, isWrapper)
        } else {
            (property, self.isWrapper) = (name, false)
        }
    }

    /// Whether a type is recognisably a property wrapper (see the rule above).
    static func isPropertyWrapper(_ type: Any.Type) -> Bool {
        if type is any PropertyWrapperField.Type || type is any JSONPropertyWrapper.Type { return true }
        return StoredFields.list(of: type).contains { $0.name == "wrappedValue" }
    }

    /// Whether a field is an `@Observable` class's registrar, which is state, not data.
    static func isObservationRegistrar(_ type: Any.Type) -> Bool {
        #if canImport(Observation)
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            return type == ObservationRegistrar.self
        }
        #endif
        return false
    }
}
