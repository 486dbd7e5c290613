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
/// primary keys are paths through it (`location.lat` and `location.lng` share `location`), or a nested
/// array when those paths' next steps are exactly the indices 0, 1, … (`coordinates.0` and
/// `coordinates.1` write `"coordinates": [lon, lat]`, which reading indexes back). Other numeric steps
/// (`1` alone, or `0` and `2`) leave gaps an array cannot keep, and write an object's members.
enum WriteNode: Sendable {
    /// An existential rather than the class itself: with a plain `AnyBoundField` payload, code built
    /// by Swift 6.3 leaks the `group` boxes that `sorted` makes; the existential layout does not.
    case field(any WritableField)
    indirect case group(EncodedKey, [WriteNode])
    /// The members in index order, element `i` the member whose step is `i`.
    indirect case elements(EncodedKey, [WriteNode])

    /// The member's key in the object it is written into.
    var key: String {
        switch self {
        case .field(let field):
            let components = field.keys[0].components
            return components[components.count - 1]
        case .group(let key, _), .elements(let key, _): return key.string
        }
    }

    /// The fields in declaration order, each path's fields gathered under the first field's group.
    static func tree(of fields: [AnyBoundField]) -> [WriteNode] {
        var nodes: [WriteNode] = []
        for field in fields {
            insert(field, steps: field.keys[0].components.dropLast(), into: &nodes)
        }
        return nodes.map(indexed)
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

    /// The node with every group whose members' keys are exactly the indices 0, 1, … made an array.
    private static func indexed(_ node: WriteNode) -> WriteNode {
        guard case .group(let key, let gathered) = node else { return node }
        let members = gathered.map(indexed)
        var byIndex = [WriteNode?](repeating: nil, count: members.count)
        for member in members {
            guard let index = JSONKeyPath.index(member.key), index < members.count, byIndex[index] == nil else {
                return .group(key, members)
            }
            byIndex[index] = member
        }
        return .elements(key, byIndex.compactMap { $0 })
    }

    /// The same members sorted by key at every level; an array's elements keep their order.
    static func sorted(_ nodes: [WriteNode]) -> [WriteNode] {
        nodes.map(\.sortedWithin).sorted { $0.key < $1.key }
    }

    /// The node with the objects inside it sorted by key.
    private var sortedWithin: WriteNode {
        switch self {
        case .field: self
        case .group(let key, let members): .group(key, Self.sorted(members))
        case .elements(let key, let members): .elements(key, members.map(\.sortedWithin))
        }
    }

    /// Whether writing leaves the member out: an absent optional, or a group of them.
    func isOmitted(from storage: ModelStorage, writesNilAsNull: Bool) -> Bool {
        switch self {
        case .field(let field): return field.isOmitted(from: storage, writesNilAsNull: writesNilAsNull)
        case .group(_, let members), .elements(_, let members):
            return members.allSatisfy { $0.isOmitted(from: storage, writesNilAsNull: writesNilAsNull) }
        }
    }

    /// Writes the member; `false` when it was left out.
    @inline(__always)
    func write(from storage: ModelStorage, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool {
        switch self {
        case .field(let field):
            return try field.write(from: storage, to: &writer, isFirst: isFirst)
        case .group(let key, _), .elements(let key, _):
            if isOmitted(from: storage, writesNilAsNull: writer.writesNilAsNull) { return false }
            writer.writeKey(key, isFirst: isFirst)
            writer.path.setKey(key.string)
            try writeValue(from: storage, to: &writer)
            return true
        }
    }

    /// Writes the member's value alone: a nested object's or array's, or a property's.
    private func writeValue(from storage: ModelStorage, to writer: inout JSONWriter) throws {
        switch self {
        case .field(let field):
            try field.writeValue(from: storage, to: &writer)
        case .group(_, let members):
            try writer.beginObject()
            var isFirstMember = true
            for member in members where try member.write(from: storage, to: &writer, isFirst: isFirstMember) {
                isFirstMember = false
            }
            writer.endObject(isEmpty: isFirstMember)
        case .elements(_, let members):
            // Every element is written, an omitted one as `null`, so that each keeps its index.
            try writer.beginArray()
            for (index, member) in members.enumerated() {
                writer.beginElement(index)
                try member.writeValue(from: storage, to: &writer)
            }
            writer.endArray(isEmpty: members.isEmpty)
        }
    }
}

/// What a ``WriteNode`` needs of its field, as an existential: ``AnyBoundField`` is its one conformer, and
/// the protocol exists only for the node's payload layout (see ``WriteNode/field(_:)``).
protocol WritableField: AnyObject, Sendable {
    var keys: [PropertyKey] { get }
    func isOmitted(from storage: ModelStorage, writesNilAsNull: Bool) -> Bool
    func write(from storage: ModelStorage, to writer: inout JSONWriter, isFirst: Bool) throws -> Bool
    func writeValue(from storage: ModelStorage, to writer: inout JSONWriter) throws
}

extension AnyBoundField: WritableField {}
