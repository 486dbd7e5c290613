import Foundation
import ReflectMap
@testable import ReflectMapClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("WebSocket API, without a server", .timeLimit(.minutes(1)))
struct WebSocketAPITests {
    @Test("A reconnection policy's defaults are the documented five attempts, 0.5 s doubling to 30 s")
    func reconnectionDefaults() {
        let policy = WebSocketReconnection()
        #expect(policy.maximumAttempts == 5)
        #expect(policy.initialDelay == 0.5 && policy.multiplier == 2 && policy.maximumDelay == 30)
        #expect(policy.resubscribe == nil)
    }

    @Test("Every named close code is the number RFC 6455's registry gives it")
    func closeCodesAreTheRegistrysNumbers() {
        let named: [(WebSocketCloseCode, UInt16)] = [
            (.normalClosure, 1000), (.goingAway, 1001), (.protocolError, 1002), (.unsupportedData, 1003),
            (.noStatusReceived, 1005), (.abnormalClosure, 1006), (.invalidPayload, 1007),
            (.policyViolation, 1008), (.messageTooBig, 1009), (.internalServerError, 1011),
            (.serviceRestart, 1012), (.tryAgainLater, 1013),
        ]
        for (code, number) in named {
            #expect(code.rawValue == number)
            #expect(code.description == String(number))
        }
        #expect(Set(named.map(\.0)).count == named.count)
    }

    @Test("A close reason is sent whole up to 123 bytes, and past them cut before the scalar that does not fit")
    func closeReasonLimit() {
        let ascii = { (count: Int) in String(repeating: "a", count: count) }
        for count in [0, 1, 122, 123] {
            #expect(WebSocketCloseCode.reasonBytes(ascii(count)) == Array(ascii(count).utf8))
        }
        #expect(WebSocketCloseCode.reasonBytes(ascii(124)) == Array(ascii(123).utf8))
        // Scalars of two, three and four bytes that end at the limit, and that would cross it by one byte.
        for scalar in ["é", "€", "😀"] {
            let width = scalar.utf8.count
            let fits = ascii(123 - width) + scalar
            #expect(WebSocketCloseCode.reasonBytes(fits) == Array(fits.utf8), "\(scalar)")
            let crosses = ascii(124 - width) + scalar
            #expect(WebSocketCloseCode.reasonBytes(crosses) == Array(ascii(124 - width).utf8), "\(scalar)")
            #expect(String(validating: WebSocketCloseCode.reasonBytes(crosses + "tail"), as: UTF8.self) != nil)
        }
    }

    @Test("Paths resolve against the base URL with http turned into ws and https into wss")
    func urls() async throws {
        let plain = APIService(baseURL: try #require(URL(string: "http://example.com/api/")))
        #expect(
            try await plain.webSocketRequest("live/quotes", headers: [:]).url?.absoluteString
                == "ws://example.com/api/live/quotes")
        let secure = APIService(baseURL: try #require(URL(string: "https://example.com")))
        #expect(
            try await secure.webSocketRequest("/live?x=1", headers: [:]).url?.absoluteString
                == "wss://example.com/live?x=1")
        #expect(
            try await secure.webSocketRequest("ws://other.example:8080/feed", headers: [:]).url?.absoluteString
                == "ws://other.example:8080/feed")
        #expect(
            try await plain.webSocketRequest("WSS://other.example/feed", headers: [:]).url?.absoluteString
                == "wss://other.example/feed")
    }

    @Test("The handshake request carries the service's headers and the interceptors' auth header")
    func handshakeRequest() async throws {
        let configuration = ServiceConfiguration(
            headers: ["X-App": "1"], userAgent: "UA/2",
            interceptors: [AuthInterceptor(token: { "t0ken" })])
        let service = APIService(
            baseURL: try #require(URL(string: "https://example.com")), configuration: configuration)
        let request = try await service.webSocketRequest("feed", headers: ["X-Custom": "yes"])
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t0ken")
        #expect(request.value(forHTTPHeaderField: "User-Agent") == "UA/2")
        #expect(request.value(forHTTPHeaderField: "X-App") == "1")
        #expect(request.value(forHTTPHeaderField: "X-Custom") == "yes")
        #expect(request.value(forHTTPHeaderField: "Accept") == nil)
    }

    @Test("A base URL that is not http, https, ws or wss is a clear error")
    func badScheme() async throws {
        let service = APIService(baseURL: try #require(URL(string: "ftp://example.com")))
        await #expect(throws: WebSocketError.self) { try await service.webSocketRequest("feed", headers: [:]) }
    }

    @Test("Backoff grows by the multiplier and stops at the maximum delay")
    func backoff() {
        let policy = WebSocketReconnection(maximumAttempts: 10, initialDelay: 0.5, multiplier: 2, maximumDelay: 3)
        #expect((1...5).map { policy.delay(before: $0) } == [0.5, 1, 2, 3, 3])
        #expect(policy.delay(before: 10_000) == 3)
        #expect(WebSocketReconnection(maximumAttempts: 0).maximumAttempts == 1)
    }

    @Test("The URLSessionWebSocketTask route fails with a clear error where FoundationNetworking lacks WebSocket")
    func urlSessionRoute() async throws {
        let service = try StreamTestsService.make()
        let options = WebSocketOptions(connector: URLSessionWebSocketConnector())
        do {
            let socket = try await service.webSocket("echo", as: Tick.self, options: options)
            // A toolchain with WebSocket support in FoundationNetworking gets this far.
            await socket.close()
        } catch let error as WebSocketError {
            #if os(Linux)
            guard case .unsupported(let message) = error else {
                Issue.record("expected .unsupported, got \(error)")
                return
            }
            #expect(message.contains("NIOWebSocket"))
            #endif
        }
    }

    #if !NIOWebSocket && os(Linux)
    @Test("Without the NIOWebSocket trait, the default route on Linux is URLSession, which says what to enable")
    func defaultRouteWithoutTrait() async throws {
        await #expect(throws: WebSocketError.self) {
            _ = try await StreamTestsService.make().webSocket("echo", as: Tick.self)
        }
    }
    #endif
}

/// A service on the HTTP test server, which needs nothing from PyPI.
enum StreamTestsService {
    static func make() throws -> APIService {
        APIService(baseURL: try TestServer.shared.url())
    }
}
