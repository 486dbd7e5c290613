import Foundation

/// A value behind a lock: the client's shared mutable state, reached only through ``withLock(_:)``.
///
/// `@unchecked Sendable` because the lock, not the type system, keeps the value from being used on
/// two threads at once: `value` is read and written only inside `withLock`, under `lock`. Work that
/// must not run under the lock (resuming a continuation, calling out) is returned from the closure
/// and done after it.
final class Protected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
