import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The interceptor that sends a failed call again when that is safe.
///
/// A call is retried when it failed with a network error or a retryable status code and its method is
/// retryable (idempotent by default), up to the call's retry limit (the endpoint's
/// ``Endpoint/retryLimit``, else the service's ``ServiceConfiguration/retryLimit``): that limit holds
/// for every interceptor alike, so the policy has none of its own. The wait is the server's
/// `Retry-After` (seconds or an HTTP date) when there is one, and a `Retry-After` longer than
/// ``maximumRetryAfter`` is not retried; otherwise the wait is ``delay`` times ``backoffMultiplier``
/// to the power of the retries so far. 401 is never retried by the policy: that is an interceptor's
/// job (refresh the token, then retry).
///
/// It is a ``RequestInterceptor`` like any other: list it in ``ServiceConfiguration/interceptors``, or
/// set ``ServiceConfiguration/retryPolicy`` (or an endpoint's ``Endpoint/retryPolicy``), which puts
/// it after the service's interceptors. For a failure it does not retry it answers
/// ``RetryDecision/useDefault``, so an interceptor after it still decides.
public struct RetryPolicy: RequestInterceptor {
    /// The wait before the first retry, in seconds.
    public var delay: TimeInterval
    /// Each later wait is the previous one times this. 1 keeps the wait constant.
    public var backoffMultiplier: Double
    /// Status codes worth retrying.
    public var retryableStatusCodes: Set<Int>
    /// Methods worth retrying.
    public var retryableMethods: Set<HTTPMethod>
    /// Whether a `Retry-After` header sets the wait.
    public var honorsRetryAfter: Bool
    /// The longest `Retry-After` wait honoured; a longer one gives up instead.
    public var maximumRetryAfter: TimeInterval

    /// Creates a policy.
    /// - Parameters:
    ///   - delay: The wait before the first retry, in seconds.
    ///   - backoffMultiplier: Each later wait is the previous one times this.
    ///   - retryableStatusCodes: Status codes worth retrying (401 is always removed).
    ///   - retryableMethods: Methods worth retrying; the idempotent ones by default.
    ///   - honorsRetryAfter: Whether a `Retry-After` header sets the wait.
    ///   - maximumRetryAfter: The longest `Retry-After` wait honoured.
    public init(
        delay: TimeInterval,
        backoffMultiplier: Double = 1,
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504],
        retryableMethods: Set<HTTPMethod> = Set(HTTPMethod.allCases.filter(\.isIdempotent)),
        honorsRetryAfter: Bool = true,
        maximumRetryAfter: TimeInterval = 60
    ) {
        self.delay = delay
        self.backoffMultiplier = backoffMultiplier
        self.retryableStatusCodes = retryableStatusCodes.subtracting([401])
        self.retryableMethods = retryableMethods
        self.honorsRetryAfter = honorsRetryAfter
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// Never retries: for an endpoint that must not be sent twice when the service retries.
    public static let never = RetryPolicy(delay: 0, retryableStatusCodes: [], retryableMethods: [])

    /// Retries network failures and retryable status codes of idempotent methods, 0.2 s apart.
    public static let `default` = RetryPolicy(delay: 0.2)

    /// Asks for a retry after the wait this policy gives the failure, when it retries it.
    /// - Parameters:
    ///   - request: The request as it was sent; its method decides whether it may be sent again.
    ///   - error: Why it failed.
    ///   - attempt: The attempts made so far (1 after the first).
    /// - Returns: ``RetryDecision/retry(after:)`` with the wait, or ``RetryDecision/useDefault`` when
    ///   the policy does not retry this failure.
    public func retry(_ request: URLRequest, failedWith error: APIError, attempt: Int) async -> RetryDecision {
        let method = HTTPMethod(rawValue: request.httpMethod ?? HTTPMethod.get.rawValue)
        return wait(before: attempt, method: method, after: error).map(RetryDecision.retry(after:)) ?? .useDefault
    }

    /// The wait before retry number `retry` (1-based), or `nil` to give up.
    private func wait(before retry: Int, method: HTTPMethod, after error: APIError) -> TimeInterval? {
        guard retryableMethods.contains(method) else { return nil }
        switch error {
        case .network:
            return delay * pow(backoffMultiplier, Double(retry - 1))
        case .unacceptableStatus(let code, let headers, _) where code != 401 && retryableStatusCodes.contains(code):
            if honorsRetryAfter, let retryAfter = RetryPolicy.retryAfter(headers) {
                return retryAfter <= maximumRetryAfter ? retryAfter : nil
            }
            return delay * pow(backoffMultiplier, Double(retry - 1))
        default:
            return nil
        }
    }

    /// `Retry-After` in seconds: a number of seconds, or an HTTP date in any of RFC 9110's three forms.
    static func retryAfter(_ headers: [String: String], now: Date = Date()) -> TimeInterval? {
        guard let value = headers.first(where: { $0.key.caseInsensitiveCompare("Retry-After") == .orderedSame })?.value
        else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        // RFC 9110: delay-seconds is digits only (no "inf", exponents or signs).
        if let seconds = UInt32(trimmed) { return TimeInterval(seconds) }
        guard let date = HTTPDate.date(from: trimmed, now: now) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
