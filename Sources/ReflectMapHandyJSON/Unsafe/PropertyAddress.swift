import ReflectMap

// The addresses of the properties `mapping(mapper:)` names. Invariant: an address is only an integer
// to compare with the prototype's field addresses (see `JSONFieldRules.property(at:type:)`); nothing
// is read or written through it.

/// The address of a property passed `inout`, compared with the prototype's field addresses and never
/// dereferenced.
func address<T>(of property: inout T) -> Int {
    withUnsafeMutablePointer(to: &property) { Int(bitPattern: $0) }
}

extension JSONFieldRules {
    /// The stored property whose storage begins at `address`, compared and never dereferenced.
    func property(atAddress address: Int, type: Any.Type?) -> Property? {
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        return property(at: pointer, type: type)
    }
}
