@_spi(Reflection) import Swift

@_silgen_name("swift_getMetadataKind")
private func runtimeMetadataKind(_ type: Any.Type) -> UInt

/// The kind of a type as the runtime records it in the type's metadata: class, struct, enum,
/// optional, tuple, and so on.
///
/// Reading it asks the runtime nothing about conformances, so ``PlanBuilder`` uses it to decide which
/// protocol questions a type can answer before asking any: the first question about a type scans
/// every protocol-conformance record in the process.
enum TypeKind {
    case `class`, `struct`, `enum`, optional, other

    init(of type: Any.Type) {
        switch _MetadataKind(rawValue: runtimeMetadataKind(type)) {
        case .class?: self = .class
        case .struct?: self = .struct
        case .enum?: self = .enum
        case .optional?: self = .optional
        default: self = .other
        }
    }
}
