import Foundation

/// Where the callback-style methods run their callbacks: in the isolation each callback was written in.
///
/// Every `success`, `failure` and `completion` callback of the callback-style methods is
/// `@_inheritActorContext @escaping @isolated(any) @Sendable`.
/// The compiler gives a closure literal passed there the isolation of the code that wrote it, as it does
/// for `Task { … }`:
/// - written in main-actor code (a view model, a view controller, or any code of an app target that is
///   isolated to the main actor by default), the closure is isolated to the main actor: it may assign the
///   screen's state, and it runs on the main thread;
/// - written in nonisolated code (a server's handler, a tool's function, a helper), it is nonisolated: it
///   runs on ``ServiceConfiguration/callbackQueue`` when the service has one, and otherwise on the
///   thread that finished the call, so it never needs the main thread.
///
/// The call's task awaits the callback, which hops to its isolation. So main-actor code that blocks the
/// main thread until its own callback has run would wait forever: `@main`'s `main()` and the top-level
/// statements of a Swift 6 `main.swift` are main-actor code. Such a tool blocks from a nonisolated
/// function instead, or awaits the async form.
enum Callback {
    /// Runs `callback` with `argument` where the rule above says, and returns when it has run.
    static func run<Argument>(
        _ callback: @escaping @isolated(any) @Sendable (sending Argument) -> Void, with argument: sending Argument,
        queue: DispatchQueue?
    ) async {
        // A callback with an isolation runs in it, whatever the queue: calling it anywhere else would break
        // the isolation the compiler checked its body against.
        guard callback.isolation == nil, let queue else {
            await callback(argument)
            return
        }
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            // A nonisolated function called with `await` runs on its task's executor preference when
            // there is one, so it runs on the queue.
            // The argument is `sending`, so it crosses into that task once, in a box.
            let box = UncheckedBox(argument)
            await Task(executorPreference: QueueExecutor(queue)) { await callback(box.value) }.value
        } else {
            // Before task executors, a nonisolated `@isolated(any)` function always runs on the global
            // executor: there is no way to run it on a queue, so it runs where the call finished.
            await callback(argument)
        }
    }

    /// Runs `success` with the value, or `failure` with the error.
    static func deliver<Value>(
        _ result: sending Result<Value, APIError>,
        success: @escaping @isolated(any) @Sendable (sending Value) -> Void,
        failure: @escaping @isolated(any) @Sendable (APIError) -> Void,
        queue: DispatchQueue?
    ) async {
        switch consume result {
        case .success(let value): await run(success, with: value, queue: queue)
        case .failure(let error): await run(failure, with: error, queue: queue)
        }
    }
}

/// Runs a task's jobs on a dispatch queue: the executor preference that puts a nonisolated callback on
/// ``ServiceConfiguration/callbackQueue``.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
private final class QueueExecutor: TaskExecutor {
    let queue: DispatchQueue

    init(_ queue: DispatchQueue) {
        self.queue = queue
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
