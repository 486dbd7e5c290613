// swift-format-ignore-file
import Foundation
import ReflectMap
import ReflectMapClient
import Testing

// The WebSockets article: compiled here; the socket needs a server, so it runs in ReflectMapClientTests
// (WebSocketAPITests, ScriptedConnectionTests, and NIOWebSocketTests with the NIOWebSocket trait).

struct Quote: Mappable {
    var symbol = ""
    var price = 0.0
}

struct Subscribe: Mappable {
    var symbols: [String] = []
}

func watchQuotes(_ service: APIService) async throws {
    let socket = try await service.webSocket("live", as: Quote.self, options: WebSocketOptions(
        pingInterval: 20,
        reconnection: WebSocketReconnection(maximumAttempts: 5, initialDelay: 0.5) { socket in
            try await socket.send(Subscribe(symbols: ["AAPL"]))
        }))
    try await socket.send(Subscribe(symbols: ["AAPL"]))
    for try await message in socket.messages {
        switch message {
        case .model(let quote): print(quote.symbol, quote.price)
        case .unmapped(let raw, let error): print(raw, error)
        }
    }
    await socket.close(code: .normalClosure)
}
