/// A property of a model's prototype found by its address, as HandyJSON's `mapping(mapper:)` names it
/// (`mapper <<< self.id <-- "user_id"` passes `self.id` `inout`).
///
/// Invariant: the address is only compared with the prototype's base address plus each stored field's
/// offset (both plain integers); nothing is read or written through it, so an address that is not the
/// prototype's, or a temporary's, finds nothing and does no harm.
extension JSONFieldRules {
    /// The stored property whose storage begins at `address`, or `nil` when none does (an address
    /// outside the prototype, or a value nested inside another property).
    ///
    /// - Parameters:
    ///   - address: The address of a property of the prototype, as `inout` access gives it. Only its
    ///     value is used, compared with the prototype's: nothing is read or written through it.
    ///   - type: The property's static type, which tells apart a property from a nested value at the
    ///     same offset; `nil` takes the first property there.
    /// - Returns: The property, or `nil`.
    public func property(at address: UnsafeRawPointer, type: Any.Type?) -> Property? {
        let offset = Int(bitPattern: UInt(bitPattern: address) &- base)
        guard let index = stored.firstIndex(where: { $0.offset == offset && (type == nil || $0.type == type) }) else {
            return nil
        }
        let field = stored[index]
        return Property(name: field.name, offset: field.offset, type: field.type, index: index)
    }
}
