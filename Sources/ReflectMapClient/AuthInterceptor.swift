import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends `Authorization: Bearer <token>` with the token its provider gives on every request, so a
/// refreshed token is picked up at once (seed 002's `BackendAuth`).
///
/// On a 401 it runs `refresh` and retries the call once. When many calls get 401 at once, `refresh`
/// runs once and they all wait for it.
public actor AuthInterceptor: RequestInterceptor {
    private let token: @Sendable () async throws -> String?
    private let refresh: (@Sendable () async throws -> Void)?
    private var refreshing: Task<Void, any Error>?

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
        guard error.statusCode == 401, attempt == 1, let refresh else { return .useDefault }
        do {
            // If the token changed since this request was sent, another call already refreshed it.
            let sent = request.value(forHTTPHeaderField: "Authorization")
            if let current = try await token(), sent != "Bearer \(current)" {
                return .retry(after: 0)
            }
            if let refreshing {
                try await refreshing.value
            } else {
                let task = Task { try await refresh() }
                refreshing = task
                defer { refreshing = nil }
                try await task.value
            }
            return .retry(after: 0)
        } catch {
            return .doNotRetry
        }
    }
}
