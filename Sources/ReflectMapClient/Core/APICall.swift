/// A call in flight, returned by the callback-style methods. Cancelling it reports
/// ``APIError/cancelled`` to the failure callback, unless the call already finished.
public final class APICall: Sendable {
    private let task: Task<Void, Never>

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

/// The spelling used before acronyms were cased uniformly.
public typealias ApiCall = APICall
