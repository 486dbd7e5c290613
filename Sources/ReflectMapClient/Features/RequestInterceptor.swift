import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Adapts requests before they are sent (an auth header, say) and decides on retries.
///
/// A call's interceptors are the configuration's ``ServiceConfiguration/interceptors``, then its retry
/// policy (the endpoint's ``Endpoint/retryPolicy``, else ``ServiceConfiguration/retryPolicy``), and
/// they run in that order. For retries, the first interceptor that does not answer
/// ``RetryDecision/useDefault`` decides; when none does, the call fails. ``RetryPolicy`` is one of
/// them. To refresh a token on 401: answer `.retry(after: 0)` from ``retry(_:failedWith:attempt:)``
/// once the token is fresh, and add it in ``adapt(_:)``; make the interceptor an actor so concurrent
/// refreshes coalesce.
public protocol RequestInterceptor: Sendable {
    /// Returns the request to send. Throwing fails the call with the error (wrapped as
    /// ``APIError/invalidRequest(_:)`` unless it is already an ``APIError``).
    /// - Parameters:
    ///   - request: The request to send.
    /// - Throws: Any error, to fail the call.
    func adapt(_ request: URLRequest) async throws -> URLRequest

    /// Decides whether a failed call is sent again. A call is sent again at most
    /// ``ServiceConfiguration/retryLimit`` times, whatever the interceptors answer.
    ///
    /// Final errors are never retried, and this method is not called for them: a cancellation, a public-key
    /// pin mismatch, and pins that cannot be checked (``APIError/isFinal``).
    /// - Parameters:
    ///   - request: The request as it was sent.
    ///   - error: Why it failed.
    ///   - attempt: The attempts made so far (1 after the first).
    /// - Returns: Whether and when to send the call again.
    func retry(_ request: URLRequest, failedWith error: APIError, attempt: Int) async -> RetryDecision
}

extension RequestInterceptor {
    /// Returns the request unchanged.
    /// - Parameters:
    ///   - request: The request to send.
    /// - Throws: Nothing.
    public func adapt(_ request: URLRequest) async throws -> URLRequest { request }

    /// Answers ``RetryDecision/useDefault``.
    /// - Parameters:
    ///   - request: The request as it was sent.
    ///   - error: Why it failed.
    ///   - attempt: The attempts made so far.
    /// - Returns: ``RetryDecision/useDefault``.
    public func retry(_ request: URLRequest, failedWith error: APIError, attempt: Int) async -> RetryDecision {
        .useDefault
    }
}

/// An interceptor's answer about a failed call.
public enum RetryDecision: Sendable, Equatable {
    /// Send it again after this many seconds.
    case retry(after: TimeInterval)
    /// Give up and report the error.
    case doNotRetry
    /// Let the next interceptor decide; when none does, the call fails.
    case useDefault
}
