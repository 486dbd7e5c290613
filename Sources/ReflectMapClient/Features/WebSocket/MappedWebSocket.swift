import Foundation
import ReflectMap

/// A WebSocket whose messages are models: what it sends is written as JSON with the service's mapper,
/// and what it receives is mapped into `Model`. Open one with
/// ``APIService/webSocket(_:as:options:)``.
///
/// ```swift
/// let socket = try await service.webSocket("quotes", as: Quote.self,
///                                          options: WebSocketOptions(pingInterval: 20))
/// try await socket.send(Subscribe(symbols: ["AAPL"]))
/// for try await message in socket.messages {
///     switch message {
///     case .model(let quote): show(quote)
///     case .unmapped(let raw, let error): log(raw, error)   // the stream goes on
///     }
/// }
/// ```
///
/// ``messages`` ends without an error when you call ``close(code:reason:)`` or the server closes with
/// 1000 (normal closure). Otherwise it ends with a ``WebSocketError``: the server's close code, a lost
/// connection, a ping timeout, or, with ``WebSocketOptions/reconnection`` set, reconnection giving up.
/// Cancelling the task that reads ``messages`` closes the socket; otherwise call ``close(code:reason:)``.
public final class MappedWebSocket<Model: Mappable>: WebSocketSender, @unchecked Sendable {
    /// The messages received, mapped; read it once.
    public let messages: AsyncThrowingStream<WebSocketMessage<Model>, any Error>
    private let output: AsyncThrowingStream<WebSocketMessage<Model>, any Error>.Continuation
    private let opener: @Sendable () async throws -> any WebSocketConnection
    private let mapper: JSONMapper
    private let options: WebSocketOptions
    private let state = Protected(State())

    private struct State {
        /// The open connection; `nil` before connecting, while reconnecting and after closing.
        var connection: (any WebSocketConnection)?
        var closing = false
        var runner: Task<Void, Never>?
        /// Why this side dropped the current connection (a ping timeout).
        var dropReason: WebSocketError?
    }

    /// How one connection's stream of messages ended.
    private enum Outcome {
        case ended
        case failed(WebSocketError)
    }

    init(
        mapper: JSONMapper, options: WebSocketOptions,
        opener: @escaping @Sendable () async throws -> any WebSocketConnection
    ) {
        (messages, output) = AsyncThrowingStream.makeStream()
        self.mapper = mapper
        self.options = options
        self.opener = opener
    }

    /// Opens the first connection and starts delivering messages.
    func start() async throws(WebSocketError) {
        let connection: any WebSocketConnection
        do {
            connection = try await opener()
        } catch {
            let failure = WebSocketError.wrapping(error)
            output.finish(throwing: failure)
            throw failure
        }
        guard install(connection) else {
            await connection.close(code: .normalClosure, reason: "")
            throw WebSocketError.cancelled
        }
        let runner = Task { await self.run(from: connection) }
        state.withLock { $0.runner = runner }
        output.onTermination = { [weak self] termination in
            guard case .cancelled = termination, let self else { return }
            Task { await self.close(code: .goingAway, reason: "") }
        }
    }

    /// Sends a model as a JSON text frame, written with the service's mapper.
    /// - Parameters:
    ///   - model: The message.
    /// - Throws: ``WebSocketError/unencodable(_:)`` when the model cannot be written as JSON,
    ///   ``WebSocketError/notConnected`` while reconnecting or after closing, or the connection's error.
    public func send(_ model: some Mappable) async throws {
        let data: Data
        do {
            data = try mapper.data(from: model)
        } catch let error as MappingError {
            throw WebSocketError.unencodable(error)
        } catch {
            throw WebSocketError.unencodable(MappingError(.malformedJSON("\(error)")))
        }
        try await send(.text(String(decoding: data, as: UTF8.self)))
    }

    /// Sends a text or binary message as it is.
    /// - Parameters:
    ///   - payload: The message.
    /// - Throws: ``WebSocketError/notConnected`` while reconnecting or after closing, or the
    ///   connection's error.
    public func send(_ payload: WebSocketPayload) async throws {
        guard let connection = state.withLock({ $0.closing ? nil : $0.connection }) else {
            throw WebSocketError.notConnected
        }
        do {
            try await connection.send(payload)
        } catch {
            throw WebSocketError.wrapping(error)
        }
    }

    /// Closes the socket with a close frame; ``messages`` ends without an error and there is no
    /// reconnection. Calling it again does nothing.
    /// - Parameters:
    ///   - code: The close code; 1000 (normal closure) by default.
    ///   - reason: A short reason for the server.
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async {
        let (connection, runner) = state.withLock { state in
            state.closing = true
            defer { state.connection = nil }
            return (state.connection, state.runner)
        }
        if let connection { await connection.close(code: code, reason: reason) }
        runner?.cancel()
        output.finish()
    }

    // MARK: Delivery and reconnection

    /// Makes `connection` the current one, unless the socket is closing.
    private func install(_ connection: any WebSocketConnection) -> Bool {
        state.withLock { state in
            guard !state.closing else { return false }
            state.connection = connection
            state.dropReason = nil
            return true
        }
    }

    private var isClosing: Bool { state.withLock { $0.closing } }

    private func run(from first: any WebSocketConnection) async {
        var connection = first
        while true {
            switch await pump(connection) {
            case .ended:
                output.finish()
                return
            case .failed(let error):
                guard let reconnection = options.reconnection, !isClosing, !Task.isCancelled else {
                    output.finish(throwing: error)
                    return
                }
                guard let next = await reconnect(reconnection) else { return }
                connection = next
            }
        }
    }

    /// Delivers one connection's messages, with keep-alive pings alongside, until it ends.
    private func pump(_ connection: any WebSocketConnection) async -> Outcome {
        let pinger = options.pingInterval.map { interval in
            Task { await self.keepAlive(connection, every: interval) }
        }
        defer { pinger?.cancel() }
        var failure: WebSocketError?
        do {
            for try await payload in connection.incoming {
                output.yield(decode(payload))
            }
        } catch {
            failure = WebSocketError.wrapping(error)
        }
        let (closing, dropReason) = state.withLock { state in
            if let current = state.connection, current === connection { state.connection = nil }
            return (state.closing, state.dropReason)
        }
        if closing { return .ended }
        if Task.isCancelled {
            await connection.close(code: .goingAway, reason: "")
            return .ended
        }
        if let dropReason { return .failed(dropReason) }
        switch failure {
        case nil, .closed(code: .normalClosure, _)?: return .ended
        case let failure?: return .failed(failure)
        }
    }

    private func decode(_ payload: WebSocketPayload) -> WebSocketMessage<Model> {
        do {
            return .model(try mapper.map(Model.self, from: payload.data))
        } catch let error as MappingError {
            return .unmapped(payload, error)
        } catch {
            return .unmapped(payload, MappingError(.malformedJSON("\(error)")))
        }
    }

    /// Opens a new connection after a drop, with backoff, and runs the resubscribe hook on it.
    /// Returns `nil` when the stream has ended (given up, closed or cancelled).
    private func reconnect(_ policy: WebSocketReconnection) async -> (any WebSocketConnection)? {
        var lastError = WebSocketError.notConnected
        for attempt in 1...policy.maximumAttempts {
            let nanoseconds = APIService.nanoseconds(policy.delay(before: attempt)) ?? 0
            try? await Task.sleep(nanoseconds: nanoseconds)
            if isClosing || Task.isCancelled {
                output.finish()
                return nil
            }
            do {
                let connection = try await opener()
                guard install(connection) else {
                    await connection.close(code: .normalClosure, reason: "")
                    output.finish()
                    return nil
                }
                do {
                    try await policy.resubscribe?(self)
                } catch {
                    lastError = WebSocketError.wrapping(error)
                    state.withLock { $0.connection = nil }
                    await connection.close(code: .goingAway, reason: "")
                    continue
                }
                return connection
            } catch {
                lastError = WebSocketError.wrapping(error)
            }
        }
        output.finish(
            throwing: WebSocketError.reconnectionFailed(
                attempts: policy.maximumAttempts, lastError: lastError.description))
        return nil
    }

    /// Pings every `interval` seconds; a pong that does not come within the timeout drops the connection.
    private func keepAlive(_ connection: any WebSocketConnection, every interval: TimeInterval) async {
        let timeout = options.pingTimeout
        while !Task.isCancelled {
            do {
                try await Task.sleep(nanoseconds: APIService.nanoseconds(interval) ?? 0)
            } catch {
                return
            }
            switch await Self.ping(connection, timeout: timeout) {
            case .pong:
                continue
            case .failed:
                return
            case .timedOut:
                state.withLock { $0.dropReason = .pingTimeout(timeout) }
                await connection.close(code: .goingAway, reason: "ping timeout")
                return
            }
        }
    }

    private enum PingResult: Sendable {
        case pong, failed, timedOut
    }

    private static func ping(_ connection: any WebSocketConnection, timeout: TimeInterval) async -> PingResult {
        do {
            try await Waiting.deadline(timeout, orThrow: .pingTimeout(timeout)) { try await connection.ping() }
            return .pong
        } catch WebSocketError.pingTimeout {
            return .timedOut
        } catch {
            return .failed
        }
    }
}
