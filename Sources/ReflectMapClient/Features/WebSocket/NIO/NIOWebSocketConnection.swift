#if NIOWebSocket
import Foundation
import NIOCore
import NIOWebSocket

/// One upgraded NIO channel, as a ``WebSocketConnection``. Frames arrive through
/// ``NIOWebSocketFrameHandler``; this type keeps the state both sides share.
final class NIOWebSocketConnection: WebSocketConnection, @unchecked Sendable {
    let incoming: AsyncThrowingStream<WebSocketPayload, any Error>
    private let continuation: AsyncThrowingStream<WebSocketPayload, any Error>.Continuation
    private let channel: any Channel
    private let state = Protected(State())

    private struct State {
        /// A close frame went out from this side.
        var closeSent = false
        /// ``incoming`` has finished.
        var finished = false
        /// Pings waiting for a pong.
        var pongWaiters: [@Sendable (Result<Void, WebSocketError>) -> Void] = []
    }

    init(channel: any Channel) {
        self.channel = channel
        (incoming, continuation) = AsyncThrowingStream.makeStream()
    }

    func send(_ payload: WebSocketPayload) async throws {
        guard !state.withLock({ $0.closeSent || $0.finished }) else { throw WebSocketError.notConnected }
        let frame =
            switch payload {
            case .text(let text): Self.frame(.text, ByteBuffer(string: text))
            case .binary(let data): Self.frame(.binary, ByteBuffer(bytes: data))
            }
        do {
            try await channel.writeAndFlush(frame).get()
        } catch {
            throw state.withLock({ $0.closeSent || $0.finished })
                ? WebSocketError.notConnected : WebSocketError.network("\(error)")
        }
    }

    func ping() async throws {
        let channel = self.channel
        try await Waiting.callback { report in
            let open = state.withLock { state in
                guard !state.finished, !state.closeSent else { return false }
                state.pongWaiters.append(report)
                return true
            }
            guard open else { return report(.failure(.notConnected)) }
            var payload = ByteBuffer()
            payload.writeInteger(UInt64.random(in: .min ... .max))
            channel.writeAndFlush(Self.frame(.ping, payload), promise: nil)
        }
    }

    func close(code: WebSocketCloseCode, reason: String) async {
        let sendsClose = state.withLock { state in
            defer { state.closeSent = true }
            return !state.closeSent && !state.finished
        }
        if sendsClose {
            var body = ByteBuffer()
            body.write(webSocketErrorCode: WebSocketErrorCode(codeNumber: Int(code.rawValue)))
            body.writeBytes(WebSocketCloseCode.reasonBytes(reason))
            try? await channel.writeAndFlush(Self.frame(.connectionClose, body)).get()
            // RFC 6455 §7.1.1: the server closes the TCP connection after its close frame. Give it a
            // second, then close it from here (a dead server never answers).
            let channel = self.channel
            let deadline = channel.eventLoop.scheduleTask(in: .seconds(1)) { channel.close(promise: nil) }
            try? await channel.closeFuture.get()
            deadline.cancel()
        }
        channel.close(promise: nil)
        finish(throwing: nil)
    }

    // MARK: Called by the frame handler, on the channel's event loop

    func received(_ payload: WebSocketPayload) {
        continuation.yield(payload)
    }

    func pongArrived() {
        let waiters = state.withLock { state in
            defer { state.pongWaiters = [] }
            return state.pongWaiters
        }
        for waiter in waiters { waiter(.success(())) }
    }

    /// The peer's close frame: answers it (unless this side closed first), drops the connection, and
    /// ends ``incoming`` with the code, or without an error when this side closed first.
    func peerClosed(code: UInt16?, reason: String) {
        let answers = state.withLock { state in
            defer { state.closeSent = true }
            return !state.closeSent
        }
        if answers {
            var body = ByteBuffer()
            if let code { body.writeInteger(code) }
            channel.writeAndFlush(Self.frame(.connectionClose, body), promise: nil)
            finish(throwing: .closed(code: WebSocketCloseCode(rawValue: code ?? 1005), reason: reason))
        } else {
            finish(throwing: nil)
        }
        channel.close(promise: nil)
    }

    /// The channel closed; a connection that was not closed by a close frame was lost.
    func channelClosed(_ error: (any Error)?) {
        let message = error.map { "\($0)" } ?? "The connection was lost without a close frame (1006)."
        let closedHere = state.withLock { $0.closeSent }
        finish(throwing: closedHere ? nil : .network(message))
    }

    /// Ends ``incoming`` once, and fails the pings still waiting.
    private func finish(throwing error: WebSocketError?) {
        let waiters = state.withLock { state -> [@Sendable (Result<Void, WebSocketError>) -> Void]? in
            guard !state.finished else { return nil }
            state.finished = true
            defer { state.pongWaiters = [] }
            return state.pongWaiters
        }
        guard let waiters else { return }
        continuation.finish(throwing: error)
        for waiter in waiters { waiter(.failure(.notConnected)) }
    }

    /// A client frame: final, and masked as RFC 6455 requires of clients.
    static func frame(_ opcode: WebSocketOpcode, _ data: ByteBuffer) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data)
    }
}

/// Turns frames from the channel into calls on the ``NIOWebSocketConnection``, and answers pings.
final class NIOWebSocketFrameHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let connection: NIOWebSocketConnection
    private var error: (any Error)?

    init(_ connection: NIOWebSocketConnection) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = Self.unwrapInboundIn(data)
        var body = frame.unmaskedData
        switch frame.opcode {
        case .text:
            connection.received(.text(String(buffer: body)))
        case .binary:
            connection.received(.binary(Data(body.readableBytesView)))
        case .ping:
            context.writeAndFlush(Self.wrapOutboundOut(NIOWebSocketConnection.frame(.pong, body)), promise: nil)
        case .pong:
            connection.pongArrived()
        case .connectionClose:
            let code = body.readInteger(as: UInt16.self)
            let reason = body.readString(length: body.readableBytes) ?? ""
            connection.peerClosed(code: code, reason: reason)
        default:
            break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        self.error = error
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        connection.channelClosed(error)
        context.fireChannelInactive()
    }
}
#endif
