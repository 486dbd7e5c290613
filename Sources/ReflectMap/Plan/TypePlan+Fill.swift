/// Filling a model from one JSON object: the one place where the object rules are decided, for bytes
/// and trees alike, as the members arrive.
///
/// - **Repeated keys**: the last value wins. An earlier value is read (and validated), then replaced:
///   the property goes back to its default before the later value is read, so an unusable later
///   value leaves the default, and what the report said of the earlier value is dropped.
/// - **Alternate keys**: the preferred key wins wherever it comes. A lesser key after it is skipped;
///   a lesser key before it is replaced as a repeated key is.
/// - **Path keys** (`@JSONKey(path:)`) follow the input's nesting through the key table's groups. A
///   repeated group replaces every property it filled.
/// - **Strict mode**: a member that fails does not end the object. Once every member is read, the
///   object throws the error of its first property, in declaration order, that failed or has no key.
///   Malformed JSON throws at once, wherever it is.
/// - **Missing keys** are noted (or, in strict mode, thrown) in declaration order, after the members.
extension TypePlan {
    /// Fills a model's storage from the JSON object under the reader's cursor (the caller has
    /// checked that it is one). `storage` is `nil` only for a struct with no stored properties.
    /// `updating` fills only the properties whose keys are present, and notes no missing ones.
    /// `reset` puts a property back to its default (for an update, its value before the update) before
    /// a repeated key's later value is read into it.
    @inline(__always)
    func fill(
        _ storage: ModelStorage?, from reader: inout JSONReader, updating: Bool,
        reset: (FieldAccessor, ModelStorage) -> Void
    ) throws {
        let fields = fillLoop
        try unretainedKeyTable.with { table in
            var state = FillState(
                filled: FilledFields(fieldCount: fields.count, hasAlternates: table.hasAlternates),
                depth: reader.path.count
            )
            let context = FillContext(fields: fields, storage: storage)
            _ = try readMembers(of: table, context, &state, &reader, reset)
            if state.filled.count < fields.count || state.errors != nil {
                try settle(state, &reader, updating: updating)
            }
        }
    }

    @inline(__always)
    private func readMembers(
        of table: KeyTable, _ context: FillContext, _ state: inout FillState, _ reader: inout JSONReader,
        _ reset: (FieldAccessor, ModelStorage) -> Void
    ) throws -> Bool {
        try reader.readMembers(of: table) { entry, reader in
            if let group = entry.group {
                return try readGroup(group, of: table, context, &state, &reader, reset)
            }
            try readField(entry, context, &state, &reader, reset)
        }
    }

    /// Reads one member into the property its key names.
    @inline(__always)
    private func readField(
        _ entry: KeyTable.Entry, _ context: FillContext, _ state: inout FillState, _ reader: inout JSONReader,
        _ reset: (FieldAccessor, ModelStorage) -> Void
    ) throws {
        let field = entry.field
        if state.filled.contains(field) {
            // A key the property prefers has filled it already: this value is not taken.
            guard state.filled.accepts(field, priority: entry.priority) else { return try reader.skipValue() }
            replace(field, context, &state, &reader, reset)
        }
        state.filled.mark(field, priority: entry.priority)
        guard let storage = context.storage else { return try reader.skipValue() }
        if reader.isStrict {
            if let failure = try reader.readOnPast({ reader in try context.fields[field].read(from: &reader, into: storage) }) {
                state.fail(field, failure, fieldCount: context.fields.count)
            }
        } else {
            try context.fields[field].read(from: &reader, into: storage)
        }
    }

    /// A member whose key is the first step of path keys: its object's members fill those properties.
    private func readGroup(
        _ index: Int, of table: KeyTable, _ context: FillContext, _ state: inout FillState, _ reader: inout JSONReader,
        _ reset: (FieldAccessor, ModelStorage) -> Void
    ) throws {
        let group = table.groups[index]
        if state.markGroup(group.ordinal) {
            // A repeated group: only the last one's members count, and only what they report.
            reader.dropReportUnderMember()
            // The properties the earlier one filled: through one of its keys, not an alternate elsewhere.
            for (field, priority) in group.keys
            where state.filled.contains(field) && state.filled.priority(of: field) == priority {
                replace(field, context, &state, &reader, reset)
                state.filled.unmark(field)
            }
        }
        if let plain = group.plain {
            // A property whose own key this is takes the whole value too: read it, then read again.
            let mark = reader.valueMark()
            try readField(plain, context, &state, &reader, reset)
            reader.rewind(to: mark)
        }
        guard try reader.isObjectNext() else { return try reader.skipValue() }
        _ = try readMembers(of: group.table, context, &state, &reader, reset)
    }

    /// Undoes what an earlier value did to a property that a later member fills again.
    @inline(never)
    private func replace(
        _ field: Int, _ context: FillContext, _ state: inout FillState, _ reader: inout JSONReader,
        _ reset: (FieldAccessor, ModelStorage) -> Void
    ) {
        if state.errors != nil { state.errors?[field] = nil }
        if reader.isReporting {
            let earlier = fillable[field].keys[state.filled.priority(of: field)]
            reader.dropReport(depth: state.depth, steps: earlier.components)
        }
        if let storage = context.storage { reset(fillable[field], storage) }
    }

    /// The end of the object: the first property in declaration order that failed or has no key
    /// decides, as the object rules say.
    @inline(never)
    private func settle(_ state: FillState, _ reader: inout JSONReader, updating: Bool) throws {
        do {
            for index in fillable.indices {
                if let failure = state.errors?[index] ?? nil { throw failure }
                if !updating && !state.filled.contains(index) { try fillable[index].noteMissing(&reader) }
            }
        } catch var error as MappingError {
            error.valueIsRead = true
            throw error
        }
    }
}

/// What one fill reads into, unchanged while it reads.
private struct FillContext {
    /// The plan's fields, taken out of the plan once per object: a class's `var` costs an
    /// exclusivity check on every read.
    let fields: UnretainedFields
    let storage: ModelStorage?
}

/// What one object has done so far to its model.
private struct FillState {
    var filled: FilledFields
    /// Strict mode's failures by field; `nil` until the first (no array is made per object).
    var errors: [MappingError?]?
    /// The groups met so far, as bits by ordinal (the first 64: more is not a model).
    private var groupsSeen: UInt64 = 0
    /// The path depth of the model's object.
    let depth: Int
    init(filled: FilledFields, depth: Int) {
        self.filled = filled
        self.depth = depth
    }

    mutating func fail(_ field: Int, _ error: MappingError, fieldCount: Int) {
        if errors == nil { errors = Array(repeating: nil, count: fieldCount) }
        errors?[field] = error
    }

    /// Notes that a group's member was met; `true` when it had been met before in this object.
    mutating func markGroup(_ ordinal: Int) -> Bool {
        guard ordinal < 64 else { return false }
        let bit: UInt64 = 1 << UInt64(ordinal)
        defer { groupsSeen |= bit }
        return groupsSeen & bit != 0
    }
}

/// Which of a plan's fields one JSON object has filled so far, and through which key.
///
/// Most models have at most 64 fields and no alternate keys; they get by with one machine word, and
/// no array is made (or reference counted) per object. Others keep each field's best key priority in
/// an array.
struct FilledFields {
    private var bits: UInt64 = 0
    private var priorities: [Int]?
    private(set) var count = 0

    init(fieldCount: Int, hasAlternates: Bool) {
        if fieldCount > 64 || hasAlternates { priorities = Array(repeating: .max, count: fieldCount) }
    }

    /// Whether a value under a key of this priority may fill the field: no key of higher priority
    /// (a lower number) has filled it already.
    @inline(__always)
    func accepts(_ field: Int, priority: Int) -> Bool {
        guard let priorities else { return true }
        return priority <= priorities[field]
    }

    /// The priority of the key that filled the field (0 when the plan has no alternates).
    func priority(of field: Int) -> Int {
        priorities?[field] ?? 0
    }

    @inline(__always)
    mutating func mark(_ field: Int, priority: Int) {
        if !contains(field) { count += 1 }
        if priorities == nil {
            bits |= 1 << field
        } else {
            priorities?[field] = priority
        }
    }

    mutating func unmark(_ field: Int) {
        guard contains(field) else { return }
        count -= 1
        if priorities == nil {
            bits &= ~(1 << field)
        } else {
            priorities?[field] = .max
        }
    }

    @inline(__always)
    func contains(_ field: Int) -> Bool {
        guard let priorities else { return bits & (1 << field) != 0 }
        return priorities[field] != .max
    }
}
