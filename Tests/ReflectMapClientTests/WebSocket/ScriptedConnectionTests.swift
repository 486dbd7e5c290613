import Foundation
import ReflectMap
@testable import ReflectMapClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A connection that delivers a script of messages and then ends as told.
final class ScriptedConnection: WebSocketConnection, @unchecked Sendable {
    let incoming: AsyncThrowingStream<WebSocketPayload, any Error>
    let sent = Protected<[WebSocketPayload]>([])

    init(_ script: [WebSocketPayload], endingWith error: WebSocketError?) {
        incoming = AsyncThrowingStream { continuation in
            for payload in script { continuation.yield(payload) }
            continuation.finish(throwing: error)
        }
    }

    func send(_ payload: WebSocketPayload) async throws {
        sent.withLock { $0.append(payload) }
    }

    func ping() async throws {}

    func close(code: WebSocketCloseCode, reason: String) async {}
}

/// Hands out scripted connections in order; past the end, refuses.
final class ScriptedConnector: WebSocketConnector, @unchecked Sendable {
    private let connections: Protected<[ScriptedConnection]>
    let requests = Protected<[URLRequest]>([])

    init(_ connections: [ScriptedConnection]) {
        self.connections = Protected(connections)
    }

    func connect(_ request: URLRequest) async throws -> any WebSocketConnection {
        requests.withLock { $0.append(request) }
        guard let next = connections.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
            throw WebSocketError.handshakeFailed(status: 503, message: "scripted refusal")
        }
        return next
    }
}

@Suite("Mapped WebSocket over a scripted connection", .timeLimit(.minutes(1)))
struct ScriptedConnectionTests {
    func socket(
        _ connector: ScriptedConnector, reconnection: WebSocketReconnection? = nil
    ) async throws -> MappedWebSocket<Tick> {
        let service = APIService(baseURL: try #require(URL(string: "http://scripted.invalid")))
        return try await service.webSocket(
            "feed", as: Tick.self,
            options: WebSocketOptions(reconnection: reconnection, connector: connector))
    }

    @Test("Unmappable messages come with their raw payload and the stream goes on")
    func unmapped() async throws {
        let connection = ScriptedConnection(
            [.text(#"{"index": 1}"#), .text("nope"), .binary(Data(#"{"index": 2}"#.utf8))],
            endingWith: .closed(code: .normalClosure, reason: ""))
        let received = try await socket(ScriptedConnector([connection])).collect()
        #expect(received.compactMap(\.model?.index) == [1, 2])
        guard case .unmapped(.text("nope"), _) = received[1] else {
            Issue.record("expected the raw text, got \(received[1])")
            return
        }
    }

    @Test("A dropped connection is reopened, the hook runs on the new one, and giving up says why")
    func reconnects() async throws {
        let first = ScriptedConnection([.text(#"{"index": 1}"#)], endingWith: .network("lost"))
        let second = ScriptedConnection(
            [.text(#"{"index": 2}"#)], endingWith: .closed(code: .serviceRestart, reason: ""))
        let connector = ScriptedConnector([first, second])
        let reconnection = WebSocketReconnection(maximumAttempts: 2, initialDelay: 0) { sender in
            try await sender.send(Tick(index: 0, text: "again"))
        }
        let socket = try await socket(connector, reconnection: reconnection)
        var indexes: [Int] = []
        do {
            for try await message in socket.messages { indexes.append(message.model?.index ?? -1) }
            Issue.record("expected reconnection to give up")
        } catch WebSocketError.reconnectionFailed(let attempts, let lastError) {
            #expect(attempts == 2)
            #expect(lastError.contains("503"))
        }
        #expect(indexes == [1, 2])
        #expect(second.sent.withLock { $0 } == [.text(#"{"index":0,"text":"again"}"#)])
        #expect(connector.requests.withLock { $0.count } == 4)
    }

    @Test("A normal close from the server ends the stream without reconnecting")
    func normalCloseEnds() async throws {
        let connector = ScriptedConnector([
            ScriptedConnection([], endingWith: .closed(code: .normalClosure, reason: ""))
        ])
        let socket = try await socket(connector, reconnection: WebSocketReconnection(initialDelay: 0))
        #expect(try await socket.collect().isEmpty)
        #expect(connector.requests.withLock { $0.count } == 1)
    }

    @Test("Sending after close is notConnected")
    func sendErrors() async throws {
        let socket = try await socket(ScriptedConnector([ScriptedConnection([], endingWith: nil)]))
        await socket.close()
        await #expect(throws: WebSocketError.self) { try await socket.send(.text("late")) }
    }
}
