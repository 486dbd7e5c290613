/// How far an upload or a download has got.
public struct TransferProgress: Sendable, Equatable {
    /// Bytes sent (uploads) or received (downloads) so far.
    public var completed: Int64
    /// The total, when known: the body's size for uploads, `Content-Length` for downloads.
    public var total: Int64?

    /// Creates a progress value.
    /// - Parameters:
    ///   - completed: Bytes transferred so far.
    ///   - total: The expected total, or `nil` when unknown.
    public init(completed: Int64, total: Int64?) {
        self.completed = completed
        self.total = total
    }

    /// `completed / total`, between 0 and 1, or `nil` when the total is unknown.
    public var fractionCompleted: Double? {
        guard let total, total > 0 else { return nil }
        return min(1, Double(completed) / Double(total))
    }
}

/// Where progress reports go.
public typealias ProgressHandler = @Sendable (TransferProgress) -> Void
