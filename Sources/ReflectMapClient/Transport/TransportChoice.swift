import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIService {
    /// The transport a service makes when its configuration names none: `AsyncHTTPClientTransport` on
    /// Linux with the `AsyncHTTPClient` trait (streamed bodies read under backpressure, public-key
    /// pinning), otherwise a ``URLSessionTransport`` with the configuration's pins.
    static func defaultTransport(for configuration: ServiceConfiguration) -> any Transport {
        #if AsyncHTTPClient && !canImport(Darwin)
        return AsyncHTTPClientTransport(publicKeyPins: configuration.publicKeyPins)
        #else
        return urlSessionTransport(for: configuration)
        #endif
    }

    /// A ``URLSessionTransport`` with the configuration's pins, or a transport that refuses
    /// every request when the pins cannot be checked (Linux).
    static func urlSessionTransport(for configuration: ServiceConfiguration) -> any Transport {
        // The configuration's timeout reaches each request as its `timeoutInterval` (``RequestBuilder``),
        // which the transport enforces; the session itself is given none.
        do {
            return try URLSessionTransport(configuration: .default, publicKeyPins: configuration.publicKeyPins)
        } catch {
            return RefusingTransport(error: error)
        }
    }

    /// Why `transport` cannot enforce `pins`, or `nil` when it can (or there are none).
    static func pinningProblem(_ pins: PublicKeyPins, transport: any Transport) -> APIError? {
        if let refusing = transport as? RefusingTransport { return refusing.error }
        guard !pins.isEmpty else { return nil }
        #if canImport(FoundationNetworking)
        if transport is URLSessionTransport {
            return .publicKeyPinningUnavailable(
                "URLSession on Linux (FoundationNetworking) cannot check a server's certificate; use AsyncHTTPClientTransport "
                    + "(the package's AsyncHTTPClient trait)."
            )
        }
        #endif
        guard let pinning = transport as? any PublicKeyPinningTransport else {
            return .publicKeyPinningUnavailable("\(type(of: transport)) does not check public-key pins.")
        }
        guard pinning.publicKeyPins == pins else {
            return .publicKeyPinningUnavailable(
                "the transport was made with other pins than the configuration's; make it with the same.")
        }
        return nil
    }
}

/// Stands in for a transport that cannot honour the configuration: every request fails with the error,
/// and nothing is sent.
struct RefusingTransport: Transport {
    let error: APIError

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        throw error
    }
}
