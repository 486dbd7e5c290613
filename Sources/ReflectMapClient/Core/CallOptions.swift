import Foundation

/// What the pipeline needs from an endpoint besides its request: the per-request overrides resolved
/// against the service's configuration.
struct CallOptions: Sendable {
    var method: HTTPMethod
    var keyPath: String?
    var acceptableStatusCodes: Set<Int>
    var retryPolicy: RetryPolicy?

    init(_ endpoint: some Endpoint, configuration: ServiceConfiguration) {
        method = endpoint.method
        keyPath = endpoint.keyPath
        acceptableStatusCodes = endpoint.acceptableStatusCodes ?? configuration.acceptableStatusCodes
        retryPolicy = endpoint.retryPolicy ?? configuration.retryPolicy
    }
}
