import Foundation
import ReflectMap
import ReflectMapClient
import Testing

struct TimedEndpoint: Endpoint {
    var path: String
    var method: HTTPMethod { .get }
    var timeout: TimeInterval? { 0.3 }
}

actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}

actor TokenStore {
    private(set) var token = "old"
    func renew() { token = "new" }
}

@Suite("Methods, failures, auth and load")
struct MoreClientTests {
    func service(_ transport: TransportKind, _ configuration: ServiceConfiguration = ServiceConfiguration()) throws -> APIService {
        try transport.service(configuration)
    }

    @Test("PUT, PATCH and DELETE reach the server with their parameters", arguments: TransportKind.all, [HTTPMethod.put, .patch, .delete])
    func everyMethod(transport: TransportKind, method: HTTPMethod) async throws {
        let service = try service(transport)
        let echo: Echo
        switch method {
        case .put: echo = try await service.put("echo", parameters: ["v": 1], as: Echo.self)
        case .patch: echo = try await service.patch("echo", parameters: ["v": 1], as: Echo.self)
        default: echo = try await service.delete("echo", parameters: ["v": 1], as: Echo.self)
        }
        #expect(echo.method == method.rawValue)
        if method == .delete {
            #expect(echo.query == "v=1" && echo.body.isEmpty)
        } else {
            #expect(echo.body == #"{"v":1}"# && echo.query.isEmpty)
        }
    }

    @Test("Paths join the base URL whatever their slashes", arguments: TransportKind.all)
    func pathJoining(transport: TransportKind) async throws {
        let base = try TestServer.shared.url()
        let withSlash = ApiService(baseURL: try #require(URL(string: base.absoluteString + "/")), configuration: transport.configure(ServiceConfiguration()))
        #expect(try await withSlash.get("/echo", as: Echo.self).path == "/echo")
        #expect(try await withSlash.get("echo", as: Echo.self).path == "/echo")
        #expect(try await service(transport).get("/echo", as: Echo.self).path == "/echo")
    }

    @Test("A 404 with a JSON body maps into the error class", arguments: TransportKind.all)
    func notFound(transport: TransportKind) async throws {
        do {
            _ = try await service(transport).get("status/404", as: Book.self)
            Issue.record("expected a 404")
        } catch let error as ApiError {
            #expect(error.statusCode == 404)
            #expect(error.errorModel(as: ServerError.self)?.message == ["no such book"])
            #expect(error.header("CONTENT-TYPE") == "application/json")
        }
    }

    @Test("A truncated body is undecodable", arguments: TransportKind.all)
    func truncated(transport: TransportKind) async throws {
        do {
            _ = try await service(transport).get("truncated", as: Book.self)
            Issue.record("expected a mapping failure")
        } catch ApiError.undecodable(let mapping, _) {
            if case .malformedJSON = mapping.kind {} else { Issue.record("got \(mapping)") }
        }
    }

    @Test("A per-call timeout fails a slow request with a network error", arguments: TransportKind.all)
    func timeout(transport: TransportKind) async throws {
        do {
            _ = try await service(transport).request(TimedEndpoint(path: "slow/\(UUID().uuidString)/3000"), as: Empty.self)
            Issue.record("expected a timeout")
        } catch let error as ApiError {
            if case .network(_, let code) = error {
                #expect(code == URLError.Code.timedOut.rawValue)
            } else {
                Issue.record("got \(error)")
            }
        }
    }

    @Test("Cancelling the Swift Task cancels the request", arguments: TransportKind.all)
    func taskCancellation(transport: TransportKind) async throws {
        let service = try service(transport)
        let task = Task { try await service.get("slow/\(UUID().uuidString)/3000", as: Empty.self) }
        try await Task.sleep(nanoseconds: 150_000_000)
        task.cancel()
        do {
            _ = try await task.value
            Issue.record("expected cancellation")
        } catch let error as ApiError {
            if case .cancelled = error {} else { Issue.record("got \(error)") }
        }
    }

    @Test("A callback fires exactly once, even when cancelled after it finished", arguments: TransportKind.all)
    func callbackOnce(transport: TransportKind) async throws {
        let calls = Counter()
        let done = Inbox<Bool>()
        let call = try service(transport).get("books", responseClass: [Book].self,
                                     success: { _ in Task { await calls.increment(); await done.put(true) } },
                                     failure: { _ in Task { await calls.increment(); await done.put(false) } })
        #expect(await done.take())
        call.cancel()
        try await Task.sleep(nanoseconds: 100_000_000)
        #expect(await calls.value == 1)
    }

    @Test("The auth interceptor sends the provider's token and refreshes once for many 401s", arguments: TransportKind.all)
    func coalescedRefresh(transport: TransportKind) async throws {
        let store = TokenStore()
        let refreshes = Counter()
        let auth = AuthInterceptor(token: { await store.token }, refresh: {
            await refreshes.increment()
            try await Task.sleep(nanoseconds: 100_000_000)
            await store.renew()
        })
        let service = try service(transport, ServiceConfiguration(interceptors: [auth]))
        let key = UUID().uuidString
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask { _ = try await service.get("auth/\(key)", as: Empty.self) }
            }
            try await group.waitForAll()
        }
        #expect(await refreshes.value == 1)
        #expect(try await service.get("count/\(key)", as: Count.self).count == 40)
    }

    @Test("200 concurrent calls all succeed", arguments: TransportKind.all)
    func twoHundredCalls(transport: TransportKind) async throws {
        let service = try service(transport)
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 {
                group.addTask { try await service.get("books", as: [Book].self).count }
            }
            return try await group.reduce(0, +)
        }
        #expect(total == 400)
    }
}
