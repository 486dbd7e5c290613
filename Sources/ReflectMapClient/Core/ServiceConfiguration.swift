import Foundation
import ReflectMap

/// How an ``APIService`` builds, sends, checks and maps its calls. A value type: copy and adjust.
public struct ServiceConfiguration: Sendable {
    /// Maps responses into response classes, and models into JSON bodies.
    public var mapper: JSONMapper
    /// Headers sent with every request; an endpoint's own headers win.
    public var headers: [String: String]
    /// Seconds without progress (nothing sent or received) before a request times out; 30 by default.
    public var timeout: TimeInterval
    /// The `User-Agent` header, when set.
    public var userAgent: String?
    /// The interceptor that sends failed calls again, asked after ``interceptors``; an endpoint's own
    /// ``Endpoint/retryPolicy`` takes its place. `nil` adds none.
    public var retryPolicy: RetryPolicy?
    /// Adapt requests and decide on retries, in order.
    public var interceptors: [any RequestInterceptor]
    /// Status codes that count as success; anything else is ``APIError/unacceptableStatus(code:headers:body:)``.
    public var acceptableStatusCodes: Set<Int>
    /// How many requests may be in flight at once; `nil` for no limit.
    public var maximumConcurrentRequests: Int?
    /// Sends requests; `nil` makes one per service: an `AsyncHTTPClientTransport` on Linux when the
    /// `AsyncHTTPClient` trait is on, otherwise a ``URLSessionTransport`` configured with ``timeout``.
    public var transport: (any Transport)?
    /// Where the callback-style methods run callbacks written in nonisolated code; `nil` runs them on
    /// the thread that finished the call. A callback written in main-actor code runs on the main actor
    /// whatever this says (see ``APIService/send(_:success:failure:)``).
    public var callbackQueue: DispatchQueue?
    /// Told when each request starts and finishes.
    public var monitors: [any EventMonitor]
    /// Whether redirects are followed (``RedirectPolicy/follow`` by default).
    public var redirectPolicy: RedirectPolicy
    /// The most times one call is sent again after its first attempt, whoever asks: the
    /// ``retryPolicy``, or any interceptor (a token refresh, say), so that none can loop. 2 by default:
    /// three tries in all.
    public var retryLimit: Int
    /// How the backend wraps its responses, so that a 2xx response whose body says it failed fails
    /// with ``APIError/envelopeError(_:)``; `nil` (the default) for none. An endpoint can override it.
    public var envelope: ResponseEnvelope?
    /// Whether a GET joins an identical GET already in flight instead of sending again: the same URL
    /// and the same headers after the interceptors, with no body and no progress handler. Each caller
    /// still gets its own mapped model, and cancelling one caller leaves the others waiting; the
    /// request is cancelled when every caller has cancelled. Off by default.
    public var sharesInFlightRequests: Bool
    /// Public-key pins by host (none by default): a connection to a pinned host whose certificate's key
    /// matches none of its pins fails with ``APIError/publicKeyPinMismatch(host:)``, with nothing sent.
    /// Enforced by `AsyncHTTPClientTransport` (the default on Linux with the `AsyncHTTPClient` trait) and,
    /// on Apple platforms, by ``URLSessionTransport``; with a transport that cannot enforce them, the
    /// service reports ``APIError/publicKeyPinningUnavailable(_:)`` instead of sending anything.
    public var publicKeyPins: PublicKeyPins
    /// Makes the transport a service owns when ``transport`` is `nil`, in place of the platform's default;
    /// for the tests, which run the same suites over each transport.
    var makeTransport: (@Sendable (ServiceConfiguration) -> any Transport)?

    /// Creates a configuration.
    /// - Parameters:
    ///   - mapper: Maps responses into response classes, and models into JSON bodies.
    ///   - headers: Headers sent with every request.
    ///   - timeout: Seconds without progress before a request times out.
    ///   - userAgent: The `User-Agent` header.
    ///   - retryPolicy: The interceptor that sends failed calls again, after `interceptors`; `nil` for none.
    ///   - interceptors: Adapt requests and decide on retries, in order.
    ///   - acceptableStatusCodes: Status codes that count as success.
    ///   - maximumConcurrentRequests: How many requests may be in flight at once.
    ///   - transport: Sends requests; `nil` makes one per service (see ``transport``).
    ///   - callbackQueue: Where the callback-style methods call back.
    ///   - monitors: Told when each request starts and finishes.
    ///   - redirectPolicy: Whether redirects are followed.
    ///   - retryLimit: The most times one call is sent again after its first attempt, whoever asks.
    ///   - envelope: How the backend wraps its responses; `nil` for none.
    ///   - sharesInFlightRequests: Whether identical GETs in flight at once are sent once.
    ///   - publicKeyPins: Public-key pins by host; none by default.
    public init(
        mapper: JSONMapper = JSONMapper(),
        headers: [String: String] = [:],
        timeout: TimeInterval = 30,
        userAgent: String? = nil,
        retryPolicy: RetryPolicy? = nil,
        interceptors: [any RequestInterceptor] = [],
        acceptableStatusCodes: Set<Int> = Set(200..<300),
        maximumConcurrentRequests: Int? = nil,
        transport: (any Transport)? = nil,
        callbackQueue: DispatchQueue? = nil,
        monitors: [any EventMonitor] = [],
        redirectPolicy: RedirectPolicy = .follow,
        retryLimit: Int = 2,
        envelope: ResponseEnvelope? = nil,
        sharesInFlightRequests: Bool = false,
        publicKeyPins: PublicKeyPins = PublicKeyPins()
    ) {
        self.mapper = mapper
        self.headers = headers
        self.timeout = timeout
        self.userAgent = userAgent
        self.retryPolicy = retryPolicy
        self.interceptors = interceptors
        self.acceptableStatusCodes = acceptableStatusCodes
        self.maximumConcurrentRequests = maximumConcurrentRequests
        self.transport = transport
        self.callbackQueue = callbackQueue
        self.monitors = monitors
        self.redirectPolicy = redirectPolicy
        self.retryLimit = retryLimit
        self.envelope = envelope
        self.sharesInFlightRequests = sharesInFlightRequests
        self.publicKeyPins = publicKeyPins
    }
}
