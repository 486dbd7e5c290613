/// What the samples hold at one place (one key of one object shape, or the elements of one array):
/// how often each JSON kind occurred there, and the shapes of the arrays and objects found.
///
/// Shapes are built once from the samples, then merged: the elements of an array and every sample
/// accumulate into the same shape, and ``ShapeAnalysis`` later merges objects of the same name.
final class ValueShape {
    /// The key this place is named after, and whether it holds a collection's elements.
    let hint: NameHint
    /// Values seen here, `null` included.
    private(set) var occurrences = 0
    private(set) var nulls = 0
    private(set) var bools = 0
    private(set) var integers = 0
    /// Some integer lies outside `Int32`, so `Int` is not enough on 32-bit platforms.
    private(set) var needsInt64 = false
    /// Some integer lies above `Int64.max` but fits `UInt64`, such as an unsigned 64-bit id.
    private(set) var needsUInt64 = false
    /// Some integer is negative, so `UInt64` cannot hold every value.
    private(set) var hasNegativeInteger = false
    /// Numbers with a fraction or an exponent, and integers too large for `UInt64`.
    private(set) var doubles = 0
    /// The strings seen here, as far as richer types and enums need them.
    private(set) var strings = StringSamples()
    private(set) var arrays = 0
    /// The shape of every element of every array seen here, once an array had an element.
    private(set) var element: ValueShape?
    /// The shape of every object seen here.
    private(set) var object: ObjectShape?

    init(hint: NameHint) {
        self.hint = hint
    }

    /// The JSON kinds seen here, `null` left out.
    var kinds: Set<Kind> {
        var kinds: Set<Kind> = []
        if bools > 0 { kinds.insert(.bool) }
        if integers > 0 || doubles > 0 { kinds.insert(.number) }
        if strings.count > 0 { kinds.insert(.string) }
        if arrays > 0 { kinds.insert(.array) }
        if object != nil { kinds.insert(.object) }
        return kinds
    }

    /// Whether one integer type holds every number here: `Int64`, or `UInt64` when none is negative.
    var isIntegral: Bool { doubles == 0 && !(needsUInt64 && hasNegativeInteger) }

    /// Whether some value here was `null`.
    var hasNull: Bool { nulls > 0 }

    /// Records one value found at this place.
    func add(_ json: JSONTree) {
        occurrences += 1
        switch json {
        case .null: nulls += 1
        case .bool: bools += 1
        case .string(let text): strings.add(text)
        case .number(let number):
            if let integer = number.int64Value {
                integers += 1
                if Int32(exactly: integer) == nil { needsInt64 = true }
                if integer < 0 { hasNegativeInteger = true }
            } else if number.isInteger, UInt64(number.text) != nil {
                integers += 1
                needsUInt64 = true
            } else {
                doubles += 1
            }
        case .array(let elements):
            arrays += 1
            for value in elements { elementShape().add(value) }
        case .object(let members):
            if object == nil { object = ObjectShape(hint: hint) }
            object?.resolved.add(members)
        }
    }

    private func elementShape() -> ValueShape {
        if let element { return element }
        let shape = ValueShape(hint: NameHint(key: hint.key, isElement: true))
        element = shape
        return shape
    }

    /// Adds what another place saw to this one, merging the objects found in both.
    func absorb(_ other: ValueShape) {
        guard other !== self else { return }
        occurrences += other.occurrences
        nulls += other.nulls
        bools += other.bools
        integers += other.integers
        needsInt64 = needsInt64 || other.needsInt64
        needsUInt64 = needsUInt64 || other.needsUInt64
        hasNegativeInteger = hasNegativeInteger || other.hasNegativeInteger
        doubles += other.doubles
        strings.absorb(other.strings)
        arrays += other.arrays
        if let theirs = other.element {
            if let element { element.absorb(theirs) } else { element = theirs }
        }
        if let theirs = other.object {
            if let object { object.absorb(theirs) } else { object = theirs }
        }
    }

    /// Drops the shapes found here; see ``ObjectShape/releaseGraph()``.
    fileprivate func detach() {
        element = nil
        object = nil
    }

    /// A JSON kind, `null` aside.
    enum Kind: Hashable {
        case bool, number, string, array, object
    }
}

/// The key a place is named after; `isElement` when it holds the elements of an array or the values
/// of an id-keyed dictionary, so that its class is named in the singular.
struct NameHint {
    var key: String
    var isElement: Bool
}

/// Every object seen at one place: its keys in order of first appearance and a ``ValueShape`` per key.
///
/// When two places turn out to hold the same kind of object, one shape is merged into the other and
/// forwards to it; always go through ``resolved``.
final class ObjectShape {
    /// The places this shape was found at, one hint each; see ``preferredHint``.
    private(set) var hints: [NameHint]
    /// Objects seen.
    private(set) var count = 0
    /// Keys in order of first appearance.
    private(set) var keys: [String] = []
    private(set) var fields: [String: ValueShape] = [:]
    /// Set when the object is a dictionary keyed by ids (or always empty): the shape of all its values.
    private(set) var dictionaryValues: ValueShape?
    /// The shape this one was merged into.
    private var forward: ObjectShape?

    init(hint: NameHint) {
        hints = [hint]
    }

    /// The hint the class is named after: the base name most of its places give, the first on a tie.
    var preferredHint: NameHint {
        var votes: [String: Int] = [:]
        for hint in hints { votes[TypeNaming.baseName(for: hint), default: 0] += 1 }
        let best = votes.values.max() ?? 0
        return hints.first { votes[TypeNaming.baseName(for: $0)] == best } ?? hints[0]
    }

    /// Names the class after one place only, such as `sizes` (singular) for the shape shared by
    /// `sizes.small` and `sizes.large`.
    func rename(to hint: NameHint) {
        hints = [hint]
    }

    /// The shape that holds this one's data now.
    var resolved: ObjectShape {
        var shape = self
        while let next = shape.forward { shape = next }
        return shape
    }

    /// Whether a key was missing from some object or `null` in any.
    func isOptional(_ key: String) -> Bool {
        guard let field = fields[key] else { return true }
        return field.occurrences < count || field.hasNull
    }

    func add(_ members: [JSONTree.Member]) {
        count += 1
        for member in members {
            if let values = dictionaryValues {
                values.add(member.value)
                continue
            }
            if fields[member.key] == nil {
                keys.append(member.key)
                fields[member.key] = ValueShape(hint: NameHint(key: member.key, isElement: false))
            }
            fields[member.key]?.add(member.value)
        }
    }

    /// Turns this shape into a dictionary: all its fields' values merge into one shape.
    func becomeDictionary() {
        guard dictionaryValues == nil else { return }
        let values = ValueShape(hint: NameHint(key: hints[0].key, isElement: true))
        for key in keys {
            if let field = fields[key] { values.absorb(field) }
        }
        // The values' objects are named after the dictionary (`events` → `Event`), not an id.
        var value: ValueShape? = values
        while let current = value {
            current.object?.resolved.rename(to: values.hint)
            value = current.element
        }
        dictionaryValues = values
        keys = []
        fields = [:]
    }

    /// Breaks every reference between the shapes reachable from this one, so that they are freed
    /// once generation is done: a class that contains itself (see
    /// ``ShapeAnalysis/mergeNestedRepeats(under:)``) makes the graph cyclic. The shapes are empty
    /// afterwards.
    func releaseGraph() {
        var objects: [ObjectShape] = [self]
        var values: [ValueShape] = []
        var seen: Set<ObjectIdentifier> = []
        while !objects.isEmpty || !values.isEmpty {
            if let object = objects.popLast() {
                guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
                values += object.fields.values
                if let dictionaryValues = object.dictionaryValues { values.append(dictionaryValues) }
                if let forward = object.forward { objects.append(forward) }
                object.fields = [:]
                object.dictionaryValues = nil
                object.forward = nil
            } else if let value = values.popLast() {
                guard seen.insert(ObjectIdentifier(value)).inserted else { continue }
                if let element = value.element { values.append(element) }
                if let object = value.object { objects.append(object) }
                value.detach()
            }
        }
    }

    /// Merges another object shape into this one; from then on it forwards here.
    func absorb(_ other: ObjectShape) {
        let target = resolved
        let source = other.resolved
        guard target !== source else { return }
        source.forward = target
        target.count += source.count
        target.hints += source.hints
        if source.dictionaryValues != nil || target.dictionaryValues != nil {
            source.becomeDictionary()
            target.becomeDictionary()
            if let mine = target.dictionaryValues, let theirs = source.dictionaryValues { mine.absorb(theirs) }
            return
        }
        for key in source.keys {
            guard let theirs = source.fields[key] else { continue }
            if let mine = target.fields[key] {
                mine.absorb(theirs)
            } else {
                target.keys.append(key)
                target.fields[key] = theirs
            }
        }
    }
}
