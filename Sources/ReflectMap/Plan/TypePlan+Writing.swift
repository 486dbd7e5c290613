// A model's plan, written: the write loop over its fields, and the tree of nested objects that its
// path keys make.

extension TypePlan {
    /// Writes a model's storage as a JSON object. `discriminator` is a polymorphic model's type
    /// member, written among the others unless a property of the model writes that key itself.
    func write(
        _ storage: ModelStorage, to writer: inout JSONWriter, discriminator: (key: String, value: String)?
    ) throws {
        guard hasPaths || discriminator != nil else { return try write(storage, to: &writer) }
        try writer.beginObject()
        let nodes = writer.sortsKeys ? nodesSorted : self.nodes
        var isFirst = true
        var pending = discriminator.flatMap { member in nodes.contains { $0.key == member.key } ? nil : member }
        for node in nodes {
            if let member = pending, !writer.sortsKeys || member.key < node.key {
                writer.writeKey(member.key, isFirst: isFirst)
                writer.writeString(member.value)
                isFirst = false
                pending = nil
            }
            if try node.write(from: storage, to: &writer, isFirst: isFirst) { isFirst = false }
        }
        if let member = pending {
            writer.writeKey(member.key, isFirst: isFirst)
            writer.writeString(member.value)
            isFirst = false
        }
        writer.endObject(isEmpty: isFirst)
    }

    /// Writes a model's storage as a JSON object: the common case, with no paths and no discriminator.
    @inline(__always)
    func write(_ storage: ModelStorage, to writer: inout JSONWriter) throws {
        if hasPaths { return try write(storage, to: &writer, discriminator: nil) }
        try writer.beginObject()
        var isFirst = true
        let fields = writer.sortsKeys ? writeLoopSorted : writeLoop
        var index = 0
        while index < fields.count {
            if try fields[index].write(from: storage, to: &writer, isFirst: isFirst) { isFirst = false }
            index += 1
        }
        writer.endObject(isEmpty: isFirst)
    }
}

/// A member a plan writes: a property, or a nested object that gathers the properties whose
/// primary keys are paths through it (`location.lat` and `location.lng` share `location`).
enum WriteNode: Sendable {
    /// An existential rather than the class itself: with a plain `AnyBoundField` payload, code built
    /// by Swift 6.3 leaks the `group` boxes that `sorted` makes; the existential layout does not.
    case field(any WritableField)
    indirect case group(EncodedKey, [WriteNode])

    /// The member's key in the object it is written into.
    var key: String {
        switch self {
        case .field(let field):
            let components = field.keys[0].components
            return components[components.count - 1]
        case .group(let key, _): return key.string
        }
    }

    /// The fields in declaration order, each path's fields gathered under the first field's group.
    static func tree(of fields: [AnyBoundField]) -> [WriteNode] {
        var nodes: [WriteNode] = []
        for field in fields {
            insert(field, steps: field.keys[0].components.dropLast(), into: &nodes)
        }
        return nodes
    }

    private static func insert(_ field: AnyBoundField, steps: ArraySlice<String>, into nodes: inout [WriteNode]) {
        guard let step = steps.first else { return nodes.append(.field(field as any WritableField)) }
        for index in nodes.indices {
            if case .group(let key, var members) = nodes[index], key.string == step {
                insert(field, steps: steps.dropFirst(), into: &members)
                nodes[index] = .group(key, members)
                return
            }
        }
        var members: [WriteNode] = []
        insert(field, steps: steps.dropFirst(), into: &members)
        nodes.append(.group(EncodedKey(step), members))
    }

    /// The same members sorted by key at every level.
    static func sorted(_ nodes: [WriteNode]) -> [WriteNode] {
        nodes.map { node in
            if case .group(let key, let members) = node { return .group(key, sorted(members)) }
            return node
        }.sorted { $0.key < $1.key }
    }

    /// Whether writing leaves the member out: an absent optional, or a group of them.
    func isOmitted(from storage: ModelStorage, writesNilAsNull: Bool) -> Bool {
        switch self {
        case .field(let field): return field.isOmitted(from: storage, writesNilAsNull: writesNilAsNull)
        case .group(_, let members):
            return members.allSatisfy { $0.isOmitted(from: storage, writesNilAsNull: writesNilAsNull) }
        }
    }

    /// Writes the member; `false` when it was left out.
    @inline(__always)
    func write(from storage: ModelStorage, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool {
        switch self {
        case .field(let field):
            return try field.write(from: storage, to: &writer, isFirst: isFirst)
        case .group(let key, let members):
            if isOmitted(from: storage, writesNilAsNull: writer.writesNilAsNull) { return false }
            writer.writeKey(key, isFirst: isFirst)
            writer.path.setKey(key.string)
            try writer.beginObject()
            var isFirstMember = true
            for member in members where try member.write(from: storage, to: &writer, isFirst: isFirstMember) {
                isFirstMember = false
            }
            writer.endObject(isEmpty: isFirstMember)
            return true
        }
    }
}

/// What a ``WriteNode`` needs of its field, as an existential: ``AnyBoundField`` is its one conformer, and
/// the protocol exists only for the node's payload layout (see ``WriteNode/field(_:)``).
protocol WritableField: AnyObject, Sendable {
    var keys: [PropertyKey] { get }
    func isOmitted(from storage: ModelStorage, writesNilAsNull: Bool) -> Bool
    func write(from storage: ModelStorage, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool
}

extension AnyBoundField: WritableField {}
