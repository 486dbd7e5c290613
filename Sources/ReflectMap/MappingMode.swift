/// How forgiving the mapper is with JSON that does not match the model.
public enum MappingMode: Sendable, Hashable {
    /// Keeps going wherever it can. A missing key or a `null` for a non-optional property keeps the
    /// declared default. A wrong type is coerced when that loses nothing (`"12"` → `12`,
    /// `12` → `"12"`, `1` → `true`); otherwise the default is kept and the skip is reported.
    case lenient
    /// Throws on anything unexpected: a missing key for a non-optional property, a `null` for a
    /// non-optional property, a value of the wrong JSON type (booleans are not numbers), an unknown
    /// enum raw value, or a number that does not fit.
    case strict
}
