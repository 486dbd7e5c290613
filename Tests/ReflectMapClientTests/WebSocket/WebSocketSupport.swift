import Foundation
import ReflectMap
@testable import ReflectMapClient
import Testing

/// A message the WebSocket test server sends and echoes.
struct Tick: Mappable, Sendable, Equatable {
    var index = 0
    var text = ""
}

/// What the server saw in the opening handshake.
struct HandshakeHeaders: Mappable, Sendable {
    var authorization = ""
    var userAgent = ""
    var custom = ""
}

enum WebSocketServer {
    /// Whether the WebSocket tests run: the server started, or this is CI, where `websockets` is
    /// installed and a server that does not start must fail the tests rather than skip them.
    static var runs: Bool {
        TestServer.webSocket.baseURL != nil || ProcessInfo.processInfo.environment["CI"] != nil
    }

    static func service(_ configuration: ServiceConfiguration = ServiceConfiguration()) throws -> APIService {
        APIService(baseURL: try TestServer.webSocket.url(), configuration: configuration)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a WebSocket test only when PyPI's `websockets` is there for the server (always in CI).
    static var needsWebSocketServer: Self {
        .enabled(
            if: WebSocketServer.runs,
            "PyPI's websockets cannot be imported (pip install websockets, or let .ci/run make .build-venv)")
    }
}

extension MappedWebSocket {
    /// Reads messages until the stream ends, or until `limit` have arrived.
    func collect(_ limit: Int = .max) async throws -> [WebSocketMessage<Model>] {
        var received: [WebSocketMessage<Model>] = []
        for try await message in messages {
            received.append(message)
            if received.count == limit { break }
        }
        return received
    }
}
