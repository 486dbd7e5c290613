import Foundation

/// What the pipeline needs from an endpoint besides its request: the per-request overrides resolved
/// against the service's configuration.
struct CallOptions: Sendable {
    var method: HTTPMethod
    var keyPath: String?
    var acceptableStatusCodes: Set<Int>
    var retryPolicy: RetryPolicy?
    /// The envelope in force, `nil` for none.
    var envelope: ResponseEnvelope?

    init(_ endpoint: some Endpoint, configuration: ServiceConfiguration) {
        method = endpoint.method
        let envelope = (endpoint.envelope ?? configuration.envelope).flatMap { $0.isNone ? nil : $0 }
        self.envelope = envelope
        keyPath = endpoint.keyPath ?? envelope?.valuePath
        acceptableStatusCodes = endpoint.acceptableStatusCodes ?? configuration.acceptableStatusCodes
        retryPolicy = endpoint.retryPolicy ?? configuration.retryPolicy
    }
}
