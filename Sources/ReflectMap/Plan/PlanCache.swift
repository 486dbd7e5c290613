import Foundation

/// The adapters and plans of one mapper configuration, built once per type and shared by every copy
/// of the mapper and every thread.
///
/// What can change a plan is the key translator (the date strategy, the mode and the output options
/// are read while mapping, so plans do not depend on them). A built-in translator owns one cache
/// that every mapper using it shares; a mapper with a custom translator makes its own, which its
/// copies share and which goes away with them.
///
/// The first use of a type builds its plan under the lock (runtime conformance checks are slow the
/// first time); every later use is a dictionary lookup.
final class PlanCache: @unchecked Sendable {
    // A recursive lock, so that a model whose `init()` itself maps JSON cannot deadlock.
    private let lock = NSRecursiveLock()
    private var adapters: [ObjectIdentifier: AnyObject] = [:]
    private var plans: [ObjectIdentifier: TypePlan] = [:]

    deinit {
        // Recursive models' plans refer to themselves; nothing can use them once the cache is gone.
        for plan in plans.values { plan.tearDown() }
    }

    /// The adapter for a top-level type, building it and everything it contains on first use.
    func adapter<Value>(for type: Value.Type, translator: KeyTranslator) throws -> TypeAdapter<Value> {
        lock.lock()
        defer { lock.unlock() }
        let identifier = ObjectIdentifier(Value.self)
        if let cached = adapters[identifier] as? TypeAdapter<Value> { return cached }
        let builder = PlanBuilder(translator: translator, plans: plans)
        let adapter: TypeAdapter<Value>
        do {
            adapter = try builder.adapter(for: Value.self, property: String(describing: Value.self))
        } catch {
            // Plans of a failed build were never published; break their cycles so they are freed.
            for (identifier, plan) in builder.plans where plans[identifier] == nil { plan.tearDown() }
            throw error
        }
        // Keep plans a nested build (a model whose init() maps JSON) may have published meanwhile.
        plans.merge(builder.plans) { current, _ in current }
        adapters[identifier] = adapter
        return adapter
    }
}
