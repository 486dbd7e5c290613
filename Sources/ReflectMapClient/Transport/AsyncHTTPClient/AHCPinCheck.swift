#if AsyncHTTPClient
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL

/// The public-key pin check of ``AsyncHTTPClientTransport``: every new connection to a pinned host is
/// checked once its TLS handshake (with the usual chain and host-name validation) is done, and before
/// AsyncHTTPClient hands it a request, so a mismatch sends nothing.
///
/// The check runs in the connection initializers of the client's configuration, which do not know the
/// host they connect to, so the transport gives each pinned host a client of its own whose check knows
/// it.
enum AHCPinCheck {
    /// `base` with the pin check of `host` added before its own connection initializers, and without
    /// connection retries, so that a refused key fails the request at once instead of after the connect
    /// timeout.
    static func configuration(
        _ base: HTTPClient.Configuration, host: String, pins: PublicKeyPins
    ) -> HTTPClient.Configuration {
        var configuration = base
        configuration.connectionPool.retryConnectionEstablishment = false
        let http1 = base.http1_1ConnectionDebugInitializer
        configuration.http1_1ConnectionDebugInitializer = { channel in
            verify(channel, host: host, pins: pins).flatMap {
                http1?(channel) ?? channel.eventLoop.makeSucceededVoidFuture()
            }
        }
        let http2 = base.http2ConnectionDebugInitializer
        configuration.http2ConnectionDebugInitializer = { channel in
            verify(channel, host: host, pins: pins).flatMap {
                http2?(channel) ?? channel.eventLoop.makeSucceededVoidFuture()
            }
        }
        return configuration
    }

    /// Succeeds when the certificate the server presented carries a pinned key; fails with
    /// ``APIError/publicKeyPinMismatch(host:)`` otherwise, and on a connection without TLS.
    static func verify(_ channel: any Channel, host: String, pins: PublicKeyPins) -> EventLoopFuture<Void> {
        let loop = channel.eventLoop
        if loop.inEventLoop {
            return loop.makeCompletedFuture { try check(channel, host: host, pins: pins) }
        }
        return loop.submit { try check(channel, host: host, pins: pins) }
    }

    /// The check itself, on the channel's event loop (the TLS handler is read there only).
    private static func check(_ channel: any Channel, host: String, pins: PublicKeyPins) throws {
        guard let handler = try? channel.pipeline.syncOperations.handler(type: NIOSSLHandler.self),
            let certificate = handler.peerCertificate,
            let spki = try? certificate.extractPublicKey().toSPKIBytes(),
            pins.accepts(subjectPublicKeyInfo: spki, for: host)
        else { throw APIError.publicKeyPinMismatch(host: host) }
    }
}
#endif
