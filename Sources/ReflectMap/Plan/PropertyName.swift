/// The property a type is being resolved for, as errors name it: `User.name`, or the type itself for
/// a top-level type.
///
/// It is spelled out only when an error needs it. Describing a type asks the runtime which protocols
/// the type conforms to, and each new question scans every conformance record in the process, so a
/// plan that builds its names eagerly pays for errors it never throws.
struct PropertyName: CustomStringConvertible {
    private let owner: Any.Type
    private let name: String?

    /// A property of a model: `owner.name`.
    init(_ name: String, of owner: Any.Type) {
        self.owner = owner
        self.name = name
    }

    /// A top-level type, named by itself.
    init(topLevel type: Any.Type) {
        owner = type
        name = nil
    }

    var description: String {
        let owner = String(describing: self.owner)
        guard let name else { return owner }
        return "\(owner).\(name)"
    }
}
