import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends `Authorization: Bearer <token>` with the token its provider gives on every request, so a
/// refreshed token is picked up at once.
///
/// On a 401 it runs `refresh` and retries the call. When many calls get 401 at once, `refresh` runs once
/// and they all wait for it. A call rejected with a token that a refresh already produced is not
/// refreshed again, and a refresh after which the provider has no token (a signed-out user) ends the
/// call with the 401, so an account that stays unauthorised cannot loop.
///
/// Do not send the refresh request itself through a service that uses this interceptor: a 401 on it
/// would wait for itself.
public actor AuthInterceptor: RequestInterceptor {
    private let token: @Sendable () async throws -> String?
    private let refresh: (@Sendable () async throws -> Void)?
    private var refreshing: Task<Void, any Error>?
    /// Counts finished refreshes, so a call can tell that one happened while it was waiting.
    private var generation = 0
    /// The header value the last refresh produced.
    private var refreshedHeader: String?

    /// Creates the interceptor.
    /// - Parameters:
    ///   - token: Returns the current token, or `nil` to send no header.
    ///   - refresh: Gets a new token after a 401; `nil` to never retry.
    public init(
        token: @escaping @Sendable () async throws -> String?, refresh: (@Sendable () async throws -> Void)? = nil
    ) {
        self.token = token
        self.refresh = refresh
    }

    /// Adds the provider's current token.
    /// - Parameters:
    ///   - request: The request to send.
    /// - Returns: The request with an `Authorization` header, or unchanged when there is no token.
    /// - Throws: What the token provider throws.
    public func adapt(_ request: URLRequest) async throws -> URLRequest {
        var request = request
        if let token = try await token() {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        return request
    }

    /// Asks for a retry after a 401 once a refresh produced a token other than the one rejected.
    /// A refresh that leaves no token (a signed-out user), or the same token, ends the call with the 401.
    /// - Parameters:
    ///   - request: The request as it was sent.
    ///   - error: Why it failed.
    ///   - attempt: The attempts made so far.
    /// - Returns: ``RetryDecision/retry(after:)`` with no delay after a refresh that produced a new token,
    ///   ``RetryDecision/doNotRetry`` when it did not, and ``RetryDecision/useDefault`` for other errors.
    public func retry(_ request: URLRequest, failedWith error: APIError, attempt: Int) async -> RetryDecision {
        guard error.statusCode == 401, let refresh else { return .useDefault }
        let sent = request.value(forHTTPHeaderField: "Authorization")
        // Rejected with what a refresh produced (a token, or none at all): refreshing again would not help.
        if generation > 0, sent == refreshedHeader { return .doNotRetry }
        let seenGeneration = generation
        do {
            let current = try await token().map { "Bearer \($0)" }
            // A refresh finished while this call was on its way, or the token changed some other way.
            if generation != seenGeneration || current != sent { return Self.decision(current, sent: sent) }
            if let refreshing {
                try await refreshing.value
            } else {
                let task = Task { try await refresh() }
                refreshing = task
                defer {
                    refreshing = nil
                    generation += 1
                }
                try await task.value
                refreshedHeader = try await token().map { "Bearer \($0)" }
            }
            return Self.decision(try await token().map { "Bearer \($0)" }, sent: sent)
        } catch {
            return .doNotRetry
        }
    }

    /// Retry only with a token, and one other than the rejected one.
    private static func decision(_ fresh: String?, sent: String?) -> RetryDecision {
        guard let fresh, fresh != sent else { return .doNotRetry }
        return .retry(after: 0)
    }
}
