#if NIOWebSocket
import Foundation
import ReflectMap
@testable import ReflectMapClient
import Testing

@Suite("WebSocket over SwiftNIO against a real server", .needsWebSocketServer, .timeLimit(.minutes(2)))
struct NIOWebSocketTests {
    @Test("Models sent are written as JSON, and the echoes come back mapped")
    func echo() async throws {
        let socket = try await WebSocketServer.service().webSocket("echo", as: Tick.self)
        let sent = (0..<3).map { Tick(index: $0, text: "tick \($0)") }
        for tick in sent { try await socket.send(tick) }
        let echoes = try await socket.collect(3)
        #expect(echoes.compactMap(\.model) == sent)
        await socket.close()
        #expect(try await socket.collect().isEmpty)
    }

    @Test("The handshake carries the service's User-Agent, the options' headers and the auth interceptor's token")
    func handshakeHeaders() async throws {
        let configuration = ServiceConfiguration(
            userAgent: "ReflectMapTests/1",
            interceptors: [AuthInterceptor(token: { "secret-token" })])
        let socket = try await WebSocketServer.service(configuration)
            .webSocket("headers", as: HandshakeHeaders.self, options: WebSocketOptions(headers: ["X-Custom": "yes"]))
        let headers = try #require(try await socket.collect(1).first?.model)
        #expect(headers.authorization == "Bearer secret-token")
        #expect(headers.userAgent == "ReflectMapTests/1")
        #expect(headers.custom == "yes")
        await socket.close()
    }

    @Test("10,000 server-pushed messages all arrive mapped and in order, then a normal close ends the stream")
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)  // ContinuousClock, Duration
    func tenThousandMessages() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let socket = try await WebSocketServer.service().webSocket("push/10000", as: Tick.self)
        var next = 0
        for try await message in socket.messages {
            guard message.model?.index == next else {
                Issue.record("message \(next) was \(message)")
                break
            }
            next += 1
        }
        #expect(next == 10_000)
        print("WebSocket: 10,000 pushed messages mapped in \(clock.now - start)")
    }

    @Test("A message that does not map arrives as its raw text or binary frame, and the stream goes on")
    func unmappableMessages() async throws {
        let socket = try await WebSocketServer.service().webSocket("mixed", as: Tick.self)
        let received = try await socket.collect()
        #expect(received.count == 6)
        #expect(received.compactMap(\.model).map(\.index) == [0, 1, 2])
        let raw = received.compactMap { message -> WebSocketPayload? in
            if case .unmapped(let payload, _) = message { return payload }
            return nil
        }
        #expect(raw == [.text("this is not JSON"), .binary(Data([0, 1, 2])), .text("[1, 2, 3]")])
        if case .unmapped(_, let error) = received[1] {
            #expect(error.description.isEmpty == false)
        }
    }

    @Test("A server close with a code other than 1000 ends the stream with that code and reason")
    func serverCloseCode() async throws {
        let socket = try await WebSocketServer.service().webSocket("close/4000", as: Tick.self)
        var received: [Tick] = []
        do {
            for try await message in socket.messages { received.append(try #require(message.model)) }
            Issue.record("expected the close code")
        } catch WebSocketError.closed(let code, let reason) {
            #expect(code == WebSocketCloseCode(rawValue: 4000))
            #expect(reason == "bye")
        }
        #expect(received.map(\.text) == ["before close"])
        await #expect(throws: WebSocketError.self) { try await socket.send(Tick()) }
    }

    @Test("After the server drops the connection, it reconnects with backoff and the hook resubscribes")
    func reconnection() async throws {
        let hookCalls = Counter()
        let reconnection = WebSocketReconnection(maximumAttempts: 3, initialDelay: 0.05, multiplier: 2) { sender in
            await hookCalls.increment()
            try await sender.send(.text("resubscribed"))
        }
        let socket = try await WebSocketServer.service()
            .webSocket(
                "flaky?id=\(UUID().uuidString)&drops=2", as: Tick.self,
                options: WebSocketOptions(reconnection: reconnection))
        try await socket.send(.text("subscribed"))
        var iterator = socket.messages.makeAsyncIterator()
        var answers: [Tick] = []
        for _ in 0..<3 { answers.append(try #require(try await iterator.next()?.model)) }
        #expect(
            answers == [
                Tick(index: 1, text: "subscribed"), Tick(index: 2, text: "resubscribed"),
                Tick(index: 3, text: "resubscribed"),
            ])
        #expect(await hookCalls.value == 2)
        // The third connection stays up and echoes.
        try await socket.send(Tick(index: 99, text: "still here"))
        #expect(try await iterator.next()?.model == Tick(index: 99, text: "still here"))
        await socket.close()
        #expect(try await iterator.next() == nil)
    }

    @Test("Reconnection gives up after its attempts with the last refusal, instead of retrying forever")
    func reconnectionGivesUp() async throws {
        let options = WebSocketOptions(reconnection: WebSocketReconnection(maximumAttempts: 2, initialDelay: 0.01))
        let socket = try await WebSocketServer.service()
            .webSocket("once?id=\(UUID().uuidString)", as: Tick.self, options: options)
        var received: [Tick] = []
        do {
            for try await message in socket.messages { received.append(try #require(message.model)) }
            Issue.record("expected reconnection to fail")
        } catch WebSocketError.reconnectionFailed(let attempts, let lastError) {
            #expect(attempts == 2)
            #expect(lastError.contains("503"))
        }
        #expect(received.map(\.text) == ["only once"])
    }

    @Test("A server that stops answering pings is dropped with a ping timeout")
    func pingTimeout() async throws {
        let options = WebSocketOptions(pingInterval: 0.2, pingTimeout: 0.5)
        let socket = try await WebSocketServer.service().webSocket("silent", as: Tick.self, options: options)
        await #expect(throws: WebSocketError.self) {
            do {
                _ = try await socket.collect()
            } catch WebSocketError.pingTimeout(let seconds) {
                #expect(seconds == 0.5)
                throw WebSocketError.pingTimeout(seconds)
            }
        }
    }

    @Test("A refused handshake is an error with the HTTP status and the server's answer")
    func refusedHandshake() async throws {
        do {
            _ = try await WebSocketServer.service().webSocket("reject", as: Tick.self)
            Issue.record("expected a refusal")
        } catch WebSocketError.handshakeFailed(let status, let message) {
            #expect(status == 403)
            #expect(message.contains("forbidden"))
        }
    }

    @Test("100 sockets open at once each get their own echo")
    func hundredSockets() async throws {
        let service = try WebSocketServer.service()
        let echoed = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<100 {
                group.addTask {
                    let socket = try await service.webSocket("echo", as: Tick.self)
                    try await socket.send(Tick(index: index, text: "socket \(index)"))
                    let echo = try await socket.collect(1).first?.model
                    await socket.close()
                    return echo == Tick(index: index, text: "socket \(index)")
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(echoed == 100)
    }

    @Test("wss to a server that does not speak TLS fails with a network error, not a hang")
    func tlsAgainstPlainServer() async throws {
        let port = try #require(try TestServer.webSocket.url().port)
        await #expect(throws: WebSocketError.self) {
            do {
                _ = try await WebSocketServer.service().webSocket("wss://127.0.0.1:\(port)/echo", as: Tick.self)
            } catch let error as WebSocketError {
                guard case .network = error else { Issue.record("unexpected \(error)"); throw error }
                throw error
            }
        }
    }

    @Test("A port nobody listens on fails with a network error")
    func connectionRefused() async throws {
        let service = APIService(baseURL: try #require(URL(string: "http://127.0.0.1:1")))
        await #expect(throws: WebSocketError.self) {
            do {
                _ = try await service.webSocket("echo", as: Tick.self)
            } catch let error as WebSocketError {
                guard case .network = error else { Issue.record("unexpected \(error)"); throw error }
                throw error
            }
        }
    }
}
#endif
