/// Decisions made on the shapes once every sample has been read: which objects are dictionaries,
/// and which objects found at different places are one class.
enum ShapeAnalysis {
    /// The least share of keys two same-named object shapes must have in common to become one class.
    static let sameClassKeyOverlap = 0.5

    /// Turns the objects that ``MapRule`` finds to be dictionaries into dictionaries, parents before
    /// children. The root stays a class.
    static func findDictionaries(under root: ObjectShape) {
        var pending = root.keys.compactMap { root.fields[$0] }
        while let value = pending.popLast() {
            if let element = value.element { pending.append(element) }
            guard let object = value.object?.resolved else { continue }
            if object.dictionaryValues == nil, MapRule.isDictionary(object) {
                object.becomeDictionary()
            }
            if let values = object.dictionaryValues {
                pending.append(values)
            } else {
                pending += object.keys.compactMap { object.fields[$0] }
            }
        }
    }

    /// Merges object shapes that carry the same class name and share most of their keys, such as
    /// the `user` of a status and the `user` of a retweeted status.
    static func mergeSameNamedClasses(under root: ObjectShape) {
        var groups: [String: [ObjectShape]] = [:]
        for shape in classShapes(under: root) where shape !== root {
            let name = TypeNaming.baseName(for: shape.preferredHint)
            let candidate = shape.resolved
            let match = groups[name, default: []].first { existing in
                let target = existing.resolved
                return target === candidate
                    || (keyOverlap(target, candidate) >= sameClassKeyOverlap && canMerge(target, candidate))
            }
            if let match {
                match.resolved.absorb(candidate)
            } else {
                groups[name, default: []].append(candidate)
            }
        }
    }

    /// Merges the objects that a plural-named object holds under different keys when they share
    /// ``sameClassKeyOverlap`` of their keys, and names them in the singular: `sizes.small` and
    /// `sizes.large` become `Size`, with optionals for the keys only some of them have. When the
    /// members fall into several groups of unrelated shapes, the largest group takes the singular
    /// and each other group the name of its first member, never a numbered name.
    static func mergeSiblings(under root: ObjectShape) {
        for parent in classShapes(under: root) {
            let hint = parent.preferredHint
            let singular = NameHint(key: hint.key, isElement: true)
            guard !hint.isElement, TypeNaming.baseName(for: singular) != TypeNaming.baseName(for: hint) else {
                continue
            }
            let children = parent.keys.compactMap { key -> ObjectShape? in
                guard let value = parent.fields[key], value.kinds == [.object],
                    let child = value.object?.resolved, child.dictionaryValues == nil
                else { return nil }
                return child
            }
            var groups: [SiblingGroup] = []
            for child in children {
                let candidate = child.resolved
                if let group = groups.first(where: { $0.accepts(candidate) }) {
                    group.add(candidate)
                } else {
                    groups.append(SiblingGroup(first: candidate))
                }
            }
            var largest: SiblingGroup?
            for group in groups where group.members > 1 && group.members > (largest?.members ?? 1) { largest = group }
            for group in groups where group.members > 1 {
                group.shape.resolved.rename(to: group === largest ? singular : group.firstHint)
            }
        }
    }

    /// Members of a plural object merged into one class by ``mergeSiblings(under:)``.
    private final class SiblingGroup {
        let shape: ObjectShape
        let firstHint: NameHint
        private(set) var members = 1

        init(first: ObjectShape) {
            shape = first
            firstHint = first.preferredHint
        }

        func accepts(_ candidate: ObjectShape) -> Bool {
            let target = shape.resolved
            return target === candidate
                || (keyOverlap(target, candidate) >= sameClassKeyOverlap && canMerge(target, candidate))
        }

        func add(_ candidate: ObjectShape) {
            shape.resolved.absorb(candidate)
            members += 1
        }
    }

    /// The fewest keys two differently named shapes must have, all the same, to become one class.
    static let identicalShapeMinimumKeys = 8

    /// Merges differently named shapes with the same, long list of keys, such as GitHub's `owner`,
    /// `user` and `assignee`; the class takes the name most of their places give.
    static func mergeIdenticalShapes(under root: ObjectShape) {
        var representatives: [ObjectShape] = []
        for shape in classShapes(under: root) where shape !== root && shape.keys.count >= identicalShapeMinimumKeys {
            let candidate = shape.resolved
            let keys = Set(candidate.keys)
            if let match = representatives.first(where: {
                $0.resolved === candidate || (Set($0.resolved.keys) == keys && canMerge($0.resolved, candidate))
            }) {
                match.resolved.absorb(candidate)
            } else {
                representatives.append(candidate)
            }
        }
    }

    /// The least share of keys a nested object must have in common with an enclosing class to be
    /// taken for that class.
    static let nestedRepeatKeyOverlap = 0.8

    /// Merges a nested object into the enclosing class it repeats, such as a status's
    /// `retweeted_status`, which is itself a status: the class then refers to itself through an
    /// optional property (`var retweetedStatus: Status?`). The nested object needs
    /// ``identicalShapeMinimumKeys`` keys and ``nestedRepeatKeyOverlap`` of the keys in common.
    ///
    /// For classes only: a struct cannot contain itself. The self-reference is always optional or a
    /// collection, since the samples are finite: the innermost repeat lacks the key that leads on.
    static func mergeNestedRepeats(under root: ObjectShape) {
        let shapes = classShapes(under: root)
        for shape in shapes where shape !== root {
            let candidate = shape.resolved
            guard candidate.dictionaryValues == nil, candidate.keys.count >= identicalShapeMinimumKeys else { continue }
            let enclosing = shapes.lazy.map(\.resolved).first { outer in
                outer !== candidate && keyOverlap(outer, candidate) >= nestedRepeatKeyOverlap
                    && reaches(outer, candidate)
            }
            guard let enclosing else { continue }
            let name = enclosing.preferredHint
            enclosing.absorb(candidate)
            enclosing.rename(to: name)  // the enclosing class keeps its name
        }
    }

    /// Two distinct classes can merge when neither contains the other, so no class contains itself.
    private static func canMerge(_ first: ObjectShape, _ second: ObjectShape) -> Bool {
        first !== second && !reaches(first, second) && !reaches(second, first)
    }

    /// `snake` when more distinct keys of the classes are snake_case (`screen_name`) than camelCase
    /// (`screenName`); otherwise `camel`, whose identity translator also suits one-word keys.
    static func prevailingKeyStyle(under root: ObjectShape) -> KeyStyle {
        var keys: Set<String> = []
        for shape in classShapes(under: root) { keys.formUnion(shape.keys) }
        let snake = keys.filter { $0.contains("_") && !$0.contains(where: \.isUppercase) }.count
        let camel = keys.filter {
            !$0.contains("_") && $0.first?.isLowercase == true && $0.contains(where: \.isUppercase)
        }.count
        return snake > camel ? .snake : .camel
    }

    /// Class-like object shapes below the root, parents before children, in key order.
    static func classShapes(under root: ObjectShape) -> [ObjectShape] {
        var result: [ObjectShape] = []
        var seen: Set<ObjectIdentifier> = []
        func visit(_ value: ValueShape) {
            if let element = value.element { visit(element) }
            guard let object = value.object?.resolved, seen.insert(ObjectIdentifier(object)).inserted else { return }
            if let values = object.dictionaryValues {
                visit(values)
                return
            }
            result.append(object)
            for key in object.keys { if let field = object.fields[key] { visit(field) } }
        }
        seen.insert(ObjectIdentifier(root))
        result.append(root)
        for key in root.keys { if let field = root.fields[key] { visit(field) } }
        return result
    }

    private static func keyOverlap(_ first: ObjectShape, _ second: ObjectShape) -> Double {
        guard first.dictionaryValues == nil, second.dictionaryValues == nil else { return 0 }
        let union = Set(first.keys).union(second.keys)
        guard !union.isEmpty else { return 0 }
        return Double(Set(first.keys).intersection(second.keys).count) / Double(union.count)
    }

    /// Whether `target` can be found inside `start`, through fields, elements and dictionary values.
    private static func reaches(_ start: ObjectShape, _ target: ObjectShape) -> Bool {
        var seen: Set<ObjectIdentifier> = []
        var pending = [start.resolved]
        while let shape = pending.popLast() {
            guard seen.insert(ObjectIdentifier(shape)).inserted else { continue }
            var values = shape.keys.compactMap { shape.fields[$0] }
            if let dictionaryValues = shape.dictionaryValues { values.append(dictionaryValues) }
            while let value = values.popLast() {
                if let element = value.element { values.append(element) }
                if let object = value.object?.resolved {
                    if object === target { return true }
                    pending.append(object)
                }
            }
        }
        return false
    }
}
