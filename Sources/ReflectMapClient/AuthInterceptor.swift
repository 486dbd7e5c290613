import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends `Authorization: Bearer <token>` with the token its provider gives on every request, so a
/// refreshed token is picked up at once (seed 002's `BackendAuth`).
///
/// On a 401 it runs `refresh` and retries the call. When many calls get 401 at once, `refresh` runs once
/// and they all wait for it. A call rejected with a token that a refresh already produced is not
/// refreshed again, so an account that stays unauthorised cannot loop.
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
    public init(token: @escaping @Sendable () async throws -> String?, refresh: (@Sendable () async throws -> Void)? = nil) {
        self.token = token
        self.refresh = refresh
    }

    public func adapt(_ request: URLRequest) async throws -> URLRequest {
        var request = request
        if let token = try await token() {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        return request
    }

    public func retry(_ request: URLRequest, failedWith error: ApiError, attempt: Int) async -> RetryDecision {
        guard error.statusCode == 401, let refresh else { return .useDefault }
        let sent = request.value(forHTTPHeaderField: "Authorization")
        // Rejected with a token a refresh produced: refreshing again would not help.
        if let sent, sent == refreshedHeader { return .doNotRetry }
        let seenGeneration = generation
        do {
            let current = try await token().map { "Bearer \($0)" }
            // A refresh finished while this call was on its way, or the token changed some other way.
            if generation != seenGeneration || current != sent { return .retry(after: 0) }
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
            return .retry(after: 0)
        } catch {
            return .doNotRetry
        }
    }
}
