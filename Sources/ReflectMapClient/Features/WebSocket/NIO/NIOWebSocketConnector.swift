#if NIOWebSocket
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Opens WebSockets with SwiftNIO (`NIOWebSocket`, and `NIOSSL` for `wss`): the route that works on
/// Linux. Available with the `NIOWebSocket` package trait, and the default connector then.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class NIOWebSocketConnector: WebSocketConnector, @unchecked Sendable {
    /// The largest message accepted, in bytes, after fragments are joined.
    public let maximumMessageSize: Int
    private let tlsConfiguration: TLSConfiguration
    private let group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    /// Made on the first `wss` connection, then shared.
    private let tlsContext = Protected<NIOSSLContext?>(nil)

    /// Creates a connector.
    /// - Parameters:
    ///   - maximumMessageSize: The largest message accepted, in bytes, after fragments are joined;
    ///     a larger one drops the connection. 16 MiB by default, as on ``URLSessionWebSocketConnector``;
    ///     kept between 1 KiB and 4 GiB − 1.
    ///   - tlsConfiguration: TLS for `wss`; the system's trust roots by default.
    public init(
        maximumMessageSize: Int = 1 << 24,
        tlsConfiguration: TLSConfiguration = .makeClientConfiguration()
    ) {
        self.maximumMessageSize = DefaultWebSocketConnector.clampedMessageSize(maximumMessageSize)
        self.tlsConfiguration = tlsConfiguration
    }

    private enum Upgrade: Sendable {
        case upgraded(NIOWebSocketConnection)
        case refused(EventLoopFuture<HandshakeRefusal>)
    }

    /// Connects, performs the opening handshake, and returns the open connection.
    /// - Parameters:
    ///   - request: A request with a `ws` or `wss` URL and the handshake's headers; its
    ///     `timeoutInterval` bounds connecting and the handshake.
    /// - Returns: The open connection.
    /// - Throws: ``WebSocketError``: ``WebSocketError/handshakeFailed(status:message:)`` with the HTTP
    ///   status when the server refuses, ``WebSocketError/network(_:)`` when it cannot be reached or TLS
    ///   fails.
    public func connect(_ request: URLRequest) async throws -> any WebSocketConnection {
        guard let url = request.url, let scheme = url.scheme?.lowercased(), scheme == "ws" || scheme == "wss",
            let host = url.host, !host.isEmpty
        else {
            throw WebSocketError.invalidRequest(
                "\(request.url?.absoluteString ?? "A request without a URL") is not a ws or wss URL with a host.")
        }
        let secure = scheme == "wss"
        let port = url.port ?? (secure ? 443 : 80)
        let head = Self.handshakeHead(for: request, url: url, host: host, port: port, secure: secure)
        let tls = secure ? try context() : nil
        let timeout = request.timeoutInterval > 0 && request.timeoutInterval <= 86_400 ? request.timeoutInterval : 60
        let maximumMessageSize = self.maximumMessageSize
        let opened = Protected<(any Channel)?>(nil)
        let timedOut = Protected(false)
        do {
            let upgrade = try await ClientBootstrap(group: group)
                .connectTimeout(.milliseconds(Int64(timeout * 1000)))
                .connect(host: host, port: port) { channel in
                    opened.withLock { $0 = channel }
                    return channel.eventLoop.makeCompletedFuture {
                        try Self.configure(
                            channel, head: head, tls: tls, host: host, maximumMessageSize: maximumMessageSize)
                    }
                }
            // Futures do not hear of task cancellation: the deadline and cancellation close the channel,
            // which fails the upgrade.
            let channel = opened.withLock { $0 }
            let deadline = channel?.eventLoop.scheduleTask(in: .milliseconds(Int64(timeout * 1000))) {
                timedOut.withLock { $0 = true }
                channel?.close(promise: nil)
            }
            defer { deadline?.cancel() }
            let result = try await withTaskCancellationHandler {
                try await upgrade.get()
            } onCancel: {
                channel?.close(promise: nil)
            }
            switch result {
            case .upgraded(let connection):
                return connection
            case .refused(let refusal):
                let answer = try await refusal.get()
                throw WebSocketError.handshakeFailed(
                    status: answer.status,
                    message: answer.body.isEmpty ? "The server did not switch protocols." : answer.body)
            }
        } catch {
            opened.withLock { $0 }?.close(promise: nil)
            if let error = error as? WebSocketError { throw error }
            if timedOut.withLock({ $0 }) {
                throw WebSocketError.network("The handshake took longer than \(timeout) s.")
            }
            throw Task.isCancelled ? WebSocketError.cancelled : WebSocketError.network("\(error)")
        }
    }

    /// TLS (for wss), then HTTP/1.1 with the WebSocket upgrade; after it, the frame aggregator and handler.
    private static func configure(
        _ channel: any Channel, head: HTTPRequestHead, tls: NIOSSLContext?, host: String,
        maximumMessageSize: Int
    ) throws -> EventLoopFuture<Upgrade> {
        if let tls {
            // SNI takes names only, never IP addresses.
            let name = host.allSatisfy { $0.isNumber || $0 == "." || $0 == ":" } ? nil : host
            try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: name))
        }
        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: maximumMessageSize) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                let connection = NIOWebSocketConnection(channel: channel)
                try channel.pipeline.syncOperations.addHandlers([
                    NIOWebSocketFrameAggregator(
                        minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1 << 16,
                        maxAccumulatedFrameSize: maximumMessageSize),
                    NIOWebSocketFrameHandler(connection),
                ])
                return .upgraded(connection)
            }
        }
        let upgrade = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
            upgradeRequestHead: head,
            upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in
                channel.eventLoop.makeCompletedFuture {
                    let collector = HandshakeRefusalCollector(promise: channel.eventLoop.makePromise())
                    try channel.pipeline.syncOperations.addHandler(collector)
                    return .refused(collector.result)
                }
            }
        )
        var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: upgrade)
        // Frames the server sends right behind its 101 response arrive with it: hand them on, not drop them.
        pipeline.leftOverBytesStrategy = .forwardBytes
        return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: pipeline)
    }

    /// The handshake's request line and headers: `Host`, then the request's own headers.
    private static func handshakeHead(
        for request: URLRequest, url: URL, host: String, port: Int, secure: Bool
    ) -> HTTPRequestHead {
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query { target += "?" + query }
        var headers = HTTPHeaders()
        let hostName = host.contains(":") ? "[\(host)]" : host
        headers.add(name: "Host", value: port == (secure ? 443 : 80) ? hostName : "\(hostName):\(port)")
        let reserved: Set<String> = [
            "host", "connection", "upgrade", "content-length", "sec-websocket-key", "sec-websocket-version",
        ]
        for (name, value) in request.allHTTPHeaderFields ?? [:] where !reserved.contains(name.lowercased()) {
            headers.add(name: name, value: value)
        }
        headers.add(name: "Content-Length", value: "0")
        return HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)
    }

    private func context() throws -> NIOSSLContext {
        try tlsContext.withLock { cached in
            if let cached { return cached }
            do {
                let context = try NIOSSLContext(configuration: tlsConfiguration)
                cached = context
                return context
            } catch {
                throw WebSocketError.network("TLS could not be set up: \(error)")
            }
        }
    }
}

/// A server's answer that did not switch protocols.
struct HandshakeRefusal: Sendable {
    var status: Int
    var body: String
}

/// Reads the refusing response (status and the start of its body), then closes the channel.
final class HandshakeRefusalCollector: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let promise: EventLoopPromise<HandshakeRefusal>
    private var refusal = HandshakeRefusal(status: 0, body: "")

    var result: EventLoopFuture<HandshakeRefusal> { promise.futureResult }

    init(promise: EventLoopPromise<HandshakeRefusal>) {
        self.promise = promise
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch Self.unwrapInboundIn(data) {
        case .head(let head):
            refusal.status = Int(head.status.code)
        case .body(var body):
            if refusal.body.utf8.count < 1024 {
                refusal.body += body.readString(length: min(body.readableBytes, 1024)) ?? ""
            }
        case .end:
            promise.succeed(refusal)
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.succeed(refusal)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.succeed(refusal)
        context.close(promise: nil)
    }
}
#endif
