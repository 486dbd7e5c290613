#if AsyncHTTPClient
import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore

/// A transport over AsyncHTTPClient (SwiftNIO), for servers and for Linux, where it is what a service
/// uses when its configuration names no transport. Available with the package's `AsyncHTTPClient` trait.
///
/// Next to ``URLSessionTransport`` on Linux it:
/// - reads a streamed response (``APIService/stream(_:as:layout:)``, server-sent events, JSON Lines)
///   from the connection only as fast as the elements are consumed, so memory stays flat whatever the
///   body's size;
/// - checks public-key pins (``PublicKeyPins``) before any byte of a request is sent;
/// - can share a server's `HTTPClient`, and so its event loops and connection pools.
///
/// It implements the same behaviour as ``URLSessionTransport``: bodies from memory, files and multipart
/// forms (streamed from disk), upload and download progress, downloads written to disk as they arrive,
/// redirects followed under the service's ``RedirectPolicy`` (a 307 or 308 keeps its body), the
/// request's timeout as an idle timeout, and cancellation that closes the connection at once. It does
/// not store cookies.
///
/// ```swift
/// // Its own client, on AsyncHTTPClient's shared event loops; shut down when the service goes away.
/// let service = APIService(baseURL: url, configuration: ServiceConfiguration(transport: AsyncHTTPClientTransport()))
///
/// // A server's client; the transport never shuts it down.
/// let shared = AsyncHTTPClientTransport(client: httpClient)
/// ```
public final class AsyncHTTPClientTransport: Transport, SessionTransport, PublicKeyPinningTransport {
    /// The client for hosts without pins.
    private let client: HTTPClient
    /// A client per pinned host, each checking that host's pins on every new connection.
    private let pinnedClients: [String: HTTPClient]
    /// The clients this transport made, and so shuts down.
    private let ownedClients: [HTTPClient]
    private let shutdownState = ShutdownState()
    /// The pins every connection to a pinned host is checked against.
    public let publicKeyPins: PublicKeyPins

    /// Creates a transport with clients of its own, shut down by ``shutdown()`` or when a service that
    /// made the transport goes away.
    ///
    /// The transport follows redirects itself, so the configuration's redirect setting is replaced with
    /// `.disallow`. Set `tlsConfiguration` for custom trust roots or client certificates; pins are checked
    /// in addition to the usual chain validation.
    /// - Parameters:
    ///   - configuration: The clients' configuration.
    ///   - eventLoopGroup: The event loops the clients run on; AsyncHTTPClient's shared group by default.
    ///   - publicKeyPins: Public-key pins by host; a service with pins needs a transport made with the same.
    public init(
        configuration: HTTPClient.Configuration = HTTPClient.Configuration(),
        eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup,
        publicKeyPins: PublicKeyPins = PublicKeyPins()
    ) {
        var base = configuration
        base.redirectConfiguration = .disallow
        client = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: base)
        var pinned: [String: HTTPClient] = [:]
        for host in publicKeyPins.hashesByHost.keys {
            pinned[host] = HTTPClient(
                eventLoopGroup: eventLoopGroup,
                configuration: AHCPinCheck.configuration(base, host: host, pins: publicKeyPins))
        }
        pinnedClients = pinned
        ownedClients = [client] + pinned.values
        self.publicKeyPins = publicKeyPins
    }

    /// Creates a transport on an existing client, which it never shuts down: a server's client, with its
    /// event loop group and connection pools.
    ///
    /// Make the client with `redirectConfiguration: .disallow`, so that the service's ``RedirectPolicy``
    /// decides (a client that follows redirects itself returns only the final response). A transport
    /// made this way checks no public-key pins.
    /// - Parameters:
    ///   - client: The client to send with.
    public init(client: HTTPClient) {
        self.client = client
        pinnedClients = [:]
        ownedClients = []
        publicKeyPins = PublicKeyPins()
    }

    deinit {
        shutDownOwnedClients()
    }

    /// Shuts down the clients the transport made (not a client it was given), cancelling requests in
    /// flight. Later requests fail.
    public func shutdown() async throws {
        guard shutdownState.begin() else { return }
        for client in ownedClients { try await client.shutdown() }
    }

    /// Shuts down the clients the transport made, in the background; called when the service that made
    /// the transport goes away.
    public func invalidate() {
        shutDownOwnedClients()
    }

    private func shutDownOwnedClients() {
        guard !ownedClients.isEmpty, shutdownState.begin() else { return }
        let clients = ownedClients
        Task {
            for client in clients { try? await client.shutdown() }
        }
    }

    /// Sends the request, following redirects, and returns the body and the response.
    /// - Parameters:
    ///   - request: The request.
    /// - Returns: The body and the HTTP response.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await data(PreparedRequest(urlRequest: request), redirects: .follow, progress: nil)
    }

    // MARK: SessionTransport

    func data(
        _ request: PreparedRequest, redirects: RedirectPolicy, progress: ProgressHandler?
    ) async throws -> (Data, HTTPURLResponse) {
        try await redirects.follow(request) { current in
            try await exchange(current, progress: progress).run { head, body, watchdog in
                var data = Data()
                if head.expectedContentLength > 0 {
                    data.reserveCapacity(Int(min(head.expectedContentLength, 64 << 20)))
                }
                for try await buffer in body {
                    watchdog.touch()
                    data.append(contentsOf: buffer.readableBytesView)
                }
                return data
            }
        }
    }

    func download(
        _ request: PreparedRequest, into directory: URL, redirects: RedirectPolicy,
        progress: ProgressHandler?
    ) async throws -> (URL, HTTPURLResponse) {
        try await redirects.download(request, into: directory) { current, file in
            let sent = current.urlRequest
            return try await exchange(current, progress: nil).run { head, body, watchdog in
                let output = try FileHandle(forWritingTo: file)
                defer { try? output.close() }
                let total = head.expectedContentLength >= 0 ? head.expectedContentLength : nil
                let redirected = redirects == .follow && RedirectPolicy.next(after: head, for: sent) != nil
                let report = redirected ? nil : progress
                var received: Int64 = 0
                for try await buffer in body {
                    watchdog.touch()
                    try output.write(contentsOf: Data(buffer.readableBytesView))
                    received += Int64(buffer.readableBytes)
                    report?(TransferProgress(completed: received, total: total))
                }
            }.1
        }
    }

    func open(
        _ request: PreparedRequest, redirects: RedirectPolicy
    ) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        // A redirect's body is dropped with its stream, which cancels that request.
        let (chunks, response) = try await redirects.follow(request) { current in
            let (response, chunks) = try await exchange(current, progress: nil).open()
            return (chunks, response)
        }
        return (response, chunks)
    }

    // MARK: one request

    private func exchange(_ request: PreparedRequest, progress: ProgressHandler?) -> AHCExchange {
        let host = request.urlRequest.url?.host?.lowercased() ?? ""
        return AHCExchange(client: pinnedClients[host] ?? client, request: request, uploadProgress: progress)
    }
}

/// Whether a transport's shutdown has begun, so that it happens once.
private final class ShutdownState: Sendable {
    private struct State {
        var begun = false
    }

    private let state = Protected(State())

    /// `true` the first time only.
    func begin() -> Bool {
        state.withLock { state in
            defer { state.begun = true }
            return !state.begun
        }
    }
}
#endif
