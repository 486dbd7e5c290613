import Foundation
@testable import ReflectMapClient
import Testing

/// The transports the client suites run over: ``URLSessionTransport`` always, and
/// `AsyncHTTPClientTransport` when the package's `AsyncHTTPClient` trait is on. A suite's test takes one
/// as its argument and makes its services with ``service(_:server:)``, so one body covers both.
enum TransportKind: String, Sendable, CustomTestStringConvertible {
    case urlSession = "URLSession"
    case asyncHTTPClient = "AsyncHTTPClient"

    #if AsyncHTTPClient
    static let all: [TransportKind] = [.urlSession, .asyncHTTPClient]
    #else
    static let all: [TransportKind] = [.urlSession]
    #endif

    var testDescription: String { rawValue }

    /// Whether cancelling a call whose body is collected in memory closes its connection. It does
    /// everywhere but with FoundationNetworking's URLSession, where the call ends at once and the
    /// transfer finishes unobserved.
    var cancelsInMemoryTransfers: Bool {
        self == .asyncHTTPClient || TaskHandler.cancelsTransfer(of: .memory)
    }

    /// `configuration` with this transport made for (and owned by) each service.
    func configure(_ configuration: ServiceConfiguration) -> ServiceConfiguration {
        var configuration = configuration
        switch self {
        case .urlSession:
            configuration.makeTransport = { APIService.urlSessionTransport(for: $0) }
        case .asyncHTTPClient:
            #if AsyncHTTPClient
            configuration.makeTransport = { AsyncHTTPClientTransport(publicKeyPins: $0.publicKeyPins) }
            #endif
        }
        return configuration
    }

    /// A service on the test server over this transport.
    func service(
        _ configuration: ServiceConfiguration = ServiceConfiguration(), server: TestServer = .shared
    ) throws -> APIService {
        APIService(baseURL: try server.url(), configuration: configure(configuration))
    }
}
