/// When a JSON object is a dictionary (`[String: Value]`) rather than a class: when its keys are data,
/// not field names.
///
/// The rule looks at every object found at one place (all samples, all array elements) together.
/// The root is always a class. An object is a dictionary when:
/// 1. **Its keys look like ids**, whatever their number: every key is all digits or a UUID
///    (citm_catalog's `events`, keyed `"138586341"`, becomes `[String: Event]`); an object that was
///    always empty is a dictionary too, of values whose type the samples do not tell; or
/// 2. **it has many keys whose values are alike**:
///    - it has at least ``minimumKeys`` distinct keys when the values are objects or arrays, or at
///      least ``minimumScalarKeys`` when they are strings, numbers or booleans (a record with twenty
///      string fields is common; one with fifty is not);
///    - its values are all of one JSON kind (`null` aside), and arrays' elements too;
///    - object values merge into one shape: at least ``minimumCommonKeyShare`` of the keys they hold
///      (counted per value) are keys that at least half the values have, so rarer keys become
///      optionals of one class, while objects of unrelated shapes keep their own classes; and
///    - the keys vary: when the object was seen more than once, not every instance had every key
///      (several instances with the same keys are records with many fields).
///
/// Update-center's `plugins` (654 plugins keyed by name, 13 of their 18 keys in every plugin)
/// becomes `[String: Plugin]`. Everything else stays a class: few keys, values of different kinds,
/// or object values of different shapes.
enum MapRule {
    /// The fewest distinct keys an object with object or array values needs to be a dictionary.
    static let minimumKeys = 20
    /// The fewest distinct keys an object with scalar values needs to be a dictionary.
    static let minimumScalarKeys = 50
    /// The least share of the value objects' keys that must be keys at least half of them have.
    static let minimumCommonKeyShare = 0.5

    /// Whether the objects found at one place form a dictionary.
    static func isDictionary(_ object: ObjectShape) -> Bool {
        if object.keys.allSatisfy(isIDLike) { return true }  // an object that was always empty, too
        guard object.keys.count >= minimumKeys, !keysRecur(in: object) else { return false }
        let values = object.keys.compactMap { object.fields[$0] }
        let kinds = values.reduce(into: Set<ValueShape.Kind>()) { $0.formUnion($1.kinds) }
        guard kinds.count == 1, let kind = kinds.first else { return false }
        switch kind {
        case .bool, .number, .string:
            return object.keys.count >= minimumScalarKeys
        case .array:
            let elementKinds = values.reduce(into: Set<ValueShape.Kind>()) { $0.formUnion($1.element?.kinds ?? []) }
            return elementKinds.count <= 1
        case .object:
            return commonKeyShare(values.compactMap { $0.object?.resolved }) >= minimumCommonKeyShare
        }
    }

    /// Whether a key looks like an id rather than a property name: all digits, or a UUID.
    static func isIDLike(_ key: String) -> Bool {
        TextForms.isDigits(key) || TextForms.isUUID(key)
    }

    /// Whether the object was seen more than once with all of its keys every time.
    private static func keysRecur(in object: ObjectShape) -> Bool {
        object.count > 1 && object.keys.allSatisfy { object.fields[$0]?.occurrences == object.count }
    }

    /// The share of the keys the objects hold, counted once per object, that at least half of the
    /// objects hold; 1 when they hold none.
    static func commonKeyShare(_ objects: [ObjectShape]) -> Double {
        var holders: [String: Int] = [:]
        for object in objects {
            for key in object.keys { holders[key, default: 0] += 1 }
        }
        let uses = holders.values.reduce(0, +)
        guard uses > 0 else { return 1 }
        let commonUses = holders.values.filter { $0 * 2 >= objects.count }.reduce(0, +)
        return Double(commonUses) / Double(uses)
    }
}
