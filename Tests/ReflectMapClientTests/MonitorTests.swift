import Foundation
import ReflectMap
import ReflectMapClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Records what it is told.
final class RecordingMonitor: EventMonitor, @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []

    func requestDidStart(_ request: URLRequest) {
        record("start \(request.httpMethod ?? "") \(request.url?.path ?? "")")
    }

    func requestDidFinish(_ request: URLRequest, response: HTTPURLResponse?, data: Data?, error: APIError?) {
        record(
            "finish \(response?.statusCode ?? 0) \(data?.count ?? -1) \(error.map { "\($0.statusCode ?? -1)" } ?? "ok")"
        )
    }

    private func record(_ event: String) {
        lock.lock()
        events.append(event)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return events
    }
}

/// Uses only the default implementations.
struct SilentMonitor: EventMonitor {}

@Suite("Event monitors and cURL descriptions")
struct MonitorTests {
    @Test("Monitors hear every attempt's start and finish, retries included")
    func monitorsSeeAttempts() async throws {
        let monitor = RecordingMonitor()
        let attempts = Counter()
        let stub = StubTransport { _ in
            await attempts.increment()
            return await attempts.value == 1
                ? .init(statusCode: 503, body: Data("busy".utf8)) : .init(body: Data("{}".utf8))
        }
        let configuration = ServiceConfiguration(
            retryPolicy: RetryPolicy(delay: 0), transport: stub,
            monitors: [monitor, SilentMonitor()], retryLimit: 1)
        let service = APIService(
            baseURL: try #require(URL(string: "https://api.example.com")), configuration: configuration)
        _ = try await service.get("books", as: Empty.self)
        #expect(monitor.all == ["start GET /books", "finish 503 4 503", "start GET /books", "finish 200 2 ok"])
    }

    @Test("A network failure reaches the monitor as an APIError without a response")
    func monitorsSeeNetworkErrors() async throws {
        let monitor = RecordingMonitor()
        let stub = StubTransport { _ in throw URLError(.notConnectedToInternet) }
        let service = APIService(
            baseURL: try #require(URL(string: "https://api.example.com")),
            configuration: ServiceConfiguration(transport: stub, monitors: [monitor]))
        await #expect(throws: APIError.self) { _ = try await service.get("x", as: Empty.self) }
        #expect(monitor.all == ["start GET /x", "finish 0 -1 -1"])
    }

    @Test("cURLDescription quotes for the shell")
    func curl() throws {
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/books?q=it's")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(#"{"title":"Ender's Game"}"#.utf8)
        #expect(
            request.cURLDescription == """
                curl \\
                \t-X 'POST' \\
                \t-H 'Authorization: Bearer t' \\
                \t-H 'Content-Type: application/json' \\
                \t--data-raw '{"title":"Ender'\\''s Game"}' \\
                \t'https://api.example.com/books?q=it'\\''s'
                """)
        let get = URLRequest(url: try #require(URL(string: "https://api.example.com/")))
        #expect(get.cURLDescription == "curl \\\n\t'https://api.example.com/'")
    }
}
