import Foundation

infix operator <-- : LogicalConjunctionPrecedence
infix operator <<< : AssignmentPrecedence
infix operator >>> : AssignmentPrecedence

/// Reads the property from `name`: `mapper <<< self.id <-- "user_id"`. A dot separates nested keys
/// (`"user.id"`); `\.` is a dot inside a key.
///
/// - Parameters:
///   - property: The property.
///   - name: The key.
/// - Returns: The rule, for `<<<`.
public func <-- <T>(property: inout T, name: String) -> CustomMappingKeyValueTuple {
    property <-- [name]
}

/// Reads the property from the first of `names` the JSON has: `<-- ["id", "user_id"]`; writes it
/// under the first.
///
/// - Parameters:
///   - property: The property.
///   - names: The keys.
/// - Returns: The rule, for `<<<`.
public func <-- <T>(property: inout T, names: [String]) -> CustomMappingKeyValueTuple {
    identify(&property, MappingPropertyHandler(rawPaths: names, assignmentClosure: nil, takeValueClosure: nil))
}

/// Converts the property through a transform, under its own name.
///
/// - Parameters:
///   - property: The property.
///   - transformer: The transform.
/// - Returns: The rule, for `<<<`.
public func <-- <Transform: TransformType>(
    property: inout Transform.Object, transformer: Transform
) -> CustomMappingKeyValueTuple {
    property <-- ([String](), transformer)
}

/// Converts the property through a transform, from `name` (or its own name when `nil`).
///
/// - Parameters:
///   - property: The property.
///   - transformer: The key and the transform.
/// - Returns: The rule, for `<<<`.
public func <-- <Transform: TransformType>(
    property: inout Transform.Object, transformer: (String?, Transform?)
) -> CustomMappingKeyValueTuple {
    property <-- (transformer.0.map { [$0] } ?? [], transformer.1)
}

/// Converts the property through a transform, from the first of the keys the JSON has.
///
/// - Parameters:
///   - property: The property.
///   - transformer: The keys and the transform.
/// - Returns: The rule, for `<<<`.
public func <-- <Transform: TransformType>(
    property: inout Transform.Object, transformer: ([String], Transform?)
) -> CustomMappingKeyValueTuple {
    let handler = MappingPropertyHandler(
        rawPaths: transformer.0,
        assignmentClosure: transformer.1.map { transform in { transform.transformFromJSON($0) } },
        takeValueClosure: transformer.1.map { transform in
            { ($0 as? Transform.Object).flatMap(transform.transformToJSON) }
        }
    )
    return identify(&property, handler)
}

/// Converts an optional property through a transform, under its own name.
///
/// - Parameters:
///   - property: The property.
///   - transformer: The transform.
/// - Returns: The rule, for `<<<`.
public func <-- <Transform: TransformType>(
    property: inout Transform.Object?, transformer: Transform
) -> CustomMappingKeyValueTuple {
    property <-- ([String](), transformer)
}

/// Converts an optional property through a transform, from `name` (or its own name when `nil`).
///
/// - Parameters:
///   - property: The property.
///   - transformer: The key and the transform.
/// - Returns: The rule, for `<<<`.
public func <-- <Transform: TransformType>(
    property: inout Transform.Object?, transformer: (String?, Transform?)
) -> CustomMappingKeyValueTuple {
    property <-- (transformer.0.map { [$0] } ?? [], transformer.1)
}

/// Converts an optional property through a transform, from the first of the keys the JSON has.
///
/// - Parameters:
///   - property: The property.
///   - transformer: The keys and the transform.
/// - Returns: The rule, for `<<<`.
public func <-- <Transform: TransformType>(
    property: inout Transform.Object?, transformer: ([String], Transform?)
) -> CustomMappingKeyValueTuple {
    let handler = MappingPropertyHandler(
        rawPaths: transformer.0,
        assignmentClosure: transformer.1.map { transform in { transform.transformFromJSON($0) } },
        takeValueClosure: transformer.1.map { transform in
            { value in (value as? Transform.Object?).flatMap { transform.transformToJSON($0) } }
        }
    )
    return identify(&property, handler)
}

/// Adds a rule to the mapper: `mapper <<< self.id <-- "user_id"`.
///
/// - Parameters:
///   - mapper: The model's mapper.
///   - mapping: The rule.
public func <<< (mapper: HelpingMapper, mapping: CustomMappingKeyValueTuple) {
    mapper.add(mapping)
}

/// Adds several rules to the mapper.
///
/// - Parameters:
///   - mapper: The model's mapper.
///   - mappings: The rules.
public func <<< (mapper: HelpingMapper, mappings: [CustomMappingKeyValueTuple]) {
    for mapping in mappings { mapper.add(mapping) }
}

/// Leaves the property out: `mapper >>> self.cache`. It is neither read nor written.
///
/// - Parameters:
///   - mapper: The model's mapper.
///   - property: The property.
public func >>> <T>(mapper: HelpingMapper, property: inout T) {
    mapper.exclude(property: &property)
}
