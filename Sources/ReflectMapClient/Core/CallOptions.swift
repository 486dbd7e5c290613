import Foundation

/// What the pipeline needs from an endpoint besides its request: the per-request overrides resolved
/// against the service's configuration.
struct CallOptions: Sendable {
    var method: HTTPMethod
    var keyPath: String?
    var acceptableStatusCodes: Set<Int>
    /// The service's interceptors, then the retry policy in force (the endpoint's, else the service's).
    var interceptors: [any RequestInterceptor]
    /// The most times the call is sent again, whoever asks: the endpoint's limit, else the service's.
    var retryLimit: Int
    /// The envelope in force, `nil` for none.
    var envelope: ResponseEnvelope?

    init(_ endpoint: some Endpoint, configuration: ServiceConfiguration) {
        method = endpoint.method
        let envelope = (endpoint.envelope ?? configuration.envelope).flatMap { $0.isNone ? nil : $0 }
        self.envelope = envelope
        keyPath = endpoint.keyPath ?? envelope?.valuePath
        acceptableStatusCodes = endpoint.acceptableStatusCodes ?? configuration.acceptableStatusCodes
        let policy = endpoint.retryPolicy ?? configuration.retryPolicy
        interceptors = configuration.interceptors + (policy.map { [$0] } ?? [])
        retryLimit = max(0, endpoint.retryLimit ?? configuration.retryLimit)
    }
}
