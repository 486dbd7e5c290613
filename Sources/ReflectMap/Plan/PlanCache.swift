import Foundation

/// The adapters and plans of one mapper configuration, built once per type and shared by every copy
/// of the mapper and every thread.
///
/// What can change a plan is the key translator and the registered adapters (the date strategy, the
/// mode and the output options are read while mapping, so plans do not depend on them). A built-in
/// translator owns one cache that every mapper using it with no registered adapters shares; any
/// other mapper makes its own, which its copies share and which goes away with them.
///
/// The first use of a type builds its plan under the lock (runtime conformance checks are slow the
/// first time); every later use is a dictionary lookup.
final class PlanCache: @unchecked Sendable {
    // A recursive lock, so that a model whose `init()` itself maps JSON cannot deadlock.
    private let lock = NSRecursiveLock()
    private var plans: [ObjectIdentifier: TypePlan] = [:]
    /// Every adapter the builds resolved, by the type it converts: a type met in one model is
    /// never resolved again in the next.
    private var resolved: [ObjectIdentifier: AnyObject] = [:]
    /// The adapters registered with the mapper, by the type they convert.
    let registry: AdapterRegistry
    /// What ``JSONMapper/prepare(_:)`` was told about types, so that building never asks the runtime
    /// about them (see ``KnownType``).
    private var knownTypes: [ObjectIdentifier: KnownType] = [:]

    init(registry: AdapterRegistry = [:]) {
        self.registry = registry
    }

    deinit {
        // Recursive models' plans refer to themselves; nothing can use them once the cache is gone.
        for plan in plans.values { plan.tearDown() }
    }

    /// The adapter for a top-level type, building it and everything it contains on first use.
    /// - Parameter model: The type as a model, when the caller's compiler knows it is one (a
    ///   `map<T: Mappable>` call): building then asks the runtime nothing about it.
    func adapter<Value>(
        for type: Value.Type, translator: KeyTranslator, model: (any Mappable.Type)? = nil
    ) throws -> TypeAdapter<Value> {
        lock.lock()
        defer { lock.unlock() }
        if let cached = resolved[ObjectIdentifier(Value.self)] as? TypeAdapter<Value> { return cached }
        if let model { recordKnownTypesLocked([model]) }
        return try build(translator: translator) { builder in
            try builder.adapter(for: Value.self, property: PropertyName(topLevel: Value.self))
        }
    }

    /// The plan for a model's runtime type, which may be a subclass no plan has seen: a value held in
    /// a base-class property is written with its own type's fields.
    func plan(for type: any Mappable.Type, translator: KeyTranslator) throws -> TypePlan {
        lock.lock()
        defer { lock.unlock() }
        if let plan = plans[ObjectIdentifier(type)] { return plan }
        func make<Model: Mappable>(_ type: Model.Type) throws -> TypePlan {
            try build(translator: translator) { builder in try builder.plan(for: Model.self) }
        }
        return try make(type)
    }

    /// Notes that each type is a model, and what its array and optional types are, before any of
    /// them is built.
    func recordKnownTypes(_ types: [any Mappable.Type]) {
        lock.lock()
        defer { lock.unlock() }
        recordKnownTypesLocked(types)
    }

    private func recordKnownTypesLocked(_ types: [any Mappable.Type]) {
        for type in types {
            for (identifier, known) in KnownType.entries(for: type) where knownTypes[identifier] == nil {
                knownTypes[identifier] = known
            }
        }
    }

    /// Runs a build under the lock and publishes its plans, or none if it fails.
    private func build<Result>(translator: KeyTranslator, _ body: (PlanBuilder) throws -> Result) throws -> Result {
        let builder = PlanBuilder(
            translator: translator, registry: registry, plans: plans, adapters: resolved, knownTypes: knownTypes
        )
        let result: Result
        do {
            result = try body(builder)
        } catch {
            // Plans of a failed build were never published; break their cycles so they are freed.
            for plan in builder.newPlans.values { plan.tearDown() }
            throw error
        }
        // Keep plans a nested build (a model whose init() maps JSON) may have published meanwhile.
        let made = builder.finish()
        plans.merge(made.plans) { current, _ in current }
        resolved.merge(made.adapters) { current, _ in current }
        knownTypes.merge(made.knownTypes) { current, _ in current }
        return result
    }
}

/// The adapters a mapper was given, by the type each converts.
typealias AdapterRegistry = [ObjectIdentifier: any JSONAdapter]

/// Where the writer finds the plan of a runtime subtype.
struct PlanLookup {
    let cache: PlanCache
    let translator: KeyTranslator

    func plan(for type: any Mappable.Type) throws -> TypePlan {
        try cache.plan(for: type, translator: translator)
    }
}

/// What a type is, known without asking the runtime: each conformance question the builder asks
/// about a type it has not met scans every conformance record of every loaded image. A type handed
/// to ``JSONMapper/prepare(_:)`` as `any Mappable.Type` carries its conformance already, and the
/// array and optional types built from it (`[M]`, `M?`, `[M]?`) have their container's conformance
/// statically, so none of them needs a scan.
enum KnownType {
    /// A model type, whose kind (`Mappable._mappableKind`) says which adapter it takes.
    case model(any Mappable.Type)
    /// An array or optional of a model type.
    case container(any BuiltinAdapterProviding.Type)

    /// The entries of a model type and of its array and optional types, and for an array of models,
    /// its element's too.
    static func entries(for type: any Mappable.Type) -> [(ObjectIdentifier, KnownType)] {
        func entries<Model: Mappable>(_ type: Model.Type) -> [(ObjectIdentifier, KnownType)] {
            [
                (ObjectIdentifier(Model.self), .model(Model.self)),
                (ObjectIdentifier([Model].self), .container([Model].self)),
                (ObjectIdentifier(Model?.self), .container(Model?.self)),
                (ObjectIdentifier([Model]?.self), .container([Model]?.self)),
            ]
        }
        return entries(type) + (type._mappableKind.element.map { KnownType.entries(for: $0) } ?? [])
    }
}
