/// A call in flight, returned by the callback-style methods. Cancelling it reports
/// ``APIError/cancelled`` to the failure callback, unless the call already finished.
public final class APICall: Sendable {
    /// The call's work, which hands the result to the callback. Once it has ended, no callback can follow.
    let task: Task<Void, Never>

    init(task: Task<Void, Never>) {
        self.task = task
    }

    /// Cancels the call.
    public func cancel() {
        task.cancel()
    }

    /// Whether the call was cancelled.
    public var isCancelled: Bool {
        task.isCancelled
    }
}
