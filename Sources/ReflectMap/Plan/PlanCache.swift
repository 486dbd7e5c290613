import Foundation

/// The adapters and plans built with one ``KeyTranslator``, built once per type and shared by every
/// mapper and thread that uses the translator.
///
/// The first use of a type builds its plan under the lock (runtime conformance checks are slow the
/// first time); every later use is a dictionary lookup.
final class PlanCache: @unchecked Sendable {
    // A recursive lock, so that a model whose `init()` itself maps JSON cannot deadlock.
    private let lock = NSRecursiveLock()
    private var adapters: [ObjectIdentifier: AnyObject] = [:]
    private var plans: [ObjectIdentifier: TypePlan] = [:]

    /// The adapter for a top-level type, building it and everything it contains on first use.
    func adapter<Value>(for type: Value.Type, translator: KeyTranslator) throws -> TypeAdapter<Value> {
        lock.lock()
        defer { lock.unlock() }
        let identifier = ObjectIdentifier(Value.self)
        if let cached = adapters[identifier] as? TypeAdapter<Value> { return cached }
        let builder = PlanBuilder(translator: translator, plans: plans)
        let adapter = try builder.adapter(for: Value.self, property: String(describing: Value.self))
        plans = builder.plans
        adapters[identifier] = adapter
        return adapter
    }
}
