import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReflectMap
@testable import ReflectMapClient
import Testing

@Suite("Platform rules of the client")
struct ClientPlatformRuleTests {
    @Test("The session's own request timeout never caps a request's, whatever the configuration says")
    func sessionTimeoutOutOfTheWay() {
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = 30
        let transport = URLSessionTransport(configuration: configuration)
        #expect(transport.sessionRequestTimeout == URLSessionTransport.transferTimeout)
        // The caller's configuration object is left as it was.
        #expect(configuration.timeoutIntervalForRequest == 30)
        transport.invalidate()
    }

    @Test(
        "A request's timeout longer than the service's holds: an answer after 3 s arrives within the endpoint's 25 s, past the service's 1 s"
    )
    func endpointTimeoutLongerThanService() async throws {
        let transport = URLSessionTransport()
        defer { transport.invalidate() }
        let service = APIService(
            baseURL: try TestServer.shared.url(),
            configuration: ServiceConfiguration(timeout: 1, transport: transport)
        )
        struct Slow: Endpoint {
            let key = UUID().uuidString
            var path: String { "slow/\(key)/3000" }
            var method: HTTPMethod { .get }
            var timeout: TimeInterval? { 25 }
        }
        let response = try await service.send(Request(Slow(), as: Data.self))
        #expect(response.statusCode == 200)
    }

    @Test("Cancelling a call cancels its transfer, except for bodies in memory under FoundationNetworking")
    func cancellationRule() {
        #if canImport(FoundationNetworking)
        #expect(!TaskHandler.cancelsTransfer(of: .memory))
        #else
        #expect(TaskHandler.cancelsTransfer(of: .memory))
        #endif
        let (_, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        #expect(TaskHandler.cancelsTransfer(of: .stream(continuation)))
    }

    @Test("A WebSocket message limit is kept between 1 KiB and 4 GiB - 1, or Int.max where Int is 32 bits")
    func messageLimitClamping() {
        // Int on this platform (64 bits).
        #expect(DefaultWebSocketConnector.clampedMessageSize(1023) == 1024)
        #expect(DefaultWebSocketConnector.clampedMessageSize(1024) == 1024)
        #expect(DefaultWebSocketConnector.clampedMessageSize(1025) == 1025)
        #expect(DefaultWebSocketConnector.clampedMessageSize(Int(UInt32.max) - 1) == Int(UInt32.max) - 1)
        #expect(DefaultWebSocketConnector.clampedMessageSize(Int(UInt32.max)) == Int(UInt32.max))
        #expect(DefaultWebSocketConnector.clampedMessageSize(Int(UInt32.max) + 1) == Int(UInt32.max))
        #expect(DefaultWebSocketConnector.clampedMessageSize(Int.max) == Int(UInt32.max))
        #expect(DefaultWebSocketConnector.clampedMessageSize(Int.min) == 1024)
        // Int where it is 32 bits (watchOS on arm64_32): the limit is Int32.max, with no trap.
        #expect(DefaultWebSocketConnector.clampedMessageSize(Int32.max - 1) == Int32.max - 1)
        #expect(DefaultWebSocketConnector.clampedMessageSize(Int32.max) == Int32.max)
        #expect(DefaultWebSocketConnector.clampedMessageSize(Int32(1023)) == 1024)
        #expect(DefaultWebSocketConnector.clampedMessageSize(Int32.min) == 1024)
    }

    @Test("The URLSession WebSocket route takes the same 16 MiB message limit as the SwiftNIO route, or the one given")
    func webSocketMessageLimit() throws {
        let connector = URLSessionWebSocketConnector()
        #expect(connector.maximumMessageSize == 16 * 1024 * 1024)
        #expect(URLSessionWebSocketConnector(maximumMessageSize: 4096).maximumMessageSize == 4096)
        #expect(URLSessionWebSocketConnector(maximumMessageSize: 1).maximumMessageSize == 1024)
        #if !canImport(FoundationNetworking)
        // The limit reaches the task. Checked only where the platform's URLSession supports WebSocket
        // tasks: FoundationNetworking here is built without them, so no task of this kind is made there.
        let request = URLRequest(url: try #require(URL(string: "ws://127.0.0.1:9/socket")))
        #expect(connector.webSocketTask(with: request).maximumMessageSize == 16 * 1024 * 1024)
        #expect(
            URLSessionWebSocketConnector(maximumMessageSize: 4096).webSocketTask(with: request).maximumMessageSize
                == 4096)
        #endif
        #if NIOWebSocket
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            #expect(NIOWebSocketConnector().maximumMessageSize == connector.maximumMessageSize)
        }
        #endif
    }

    @Test("Request paths with spaces and non-ASCII characters are percent-encoded")
    func pathEncoding() async throws {
        let seen = Recorded<URL>()
        let transport = StubTransport { request in
            if let url = request.url { seen.append(url) }
            return StubTransport.Response(body: Data("{}".utf8))
        }
        let service = APIService(
            baseURL: try #require(URL(string: "https://api.example.test/v1")),
            configuration: ServiceConfiguration(transport: transport))
        struct Person: Endpoint {
            var path: String { "users/José/a b" }
            var method: HTTPMethod { .get }
        }
        _ = try await service.send(Request(Person(), as: Data.self))
        #expect(seen.all.map(\.absoluteString) == ["https://api.example.test/v1/users/Jos%C3%A9/a%20b"])
    }
}
