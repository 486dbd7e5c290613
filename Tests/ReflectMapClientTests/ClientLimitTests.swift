import Foundation
import ReflectMap
@testable import ReflectMapClient
import Testing

// Both sides of the client's limits: a case just inside each, which must pass, and one just outside.

/// A GET with the timeout given.
private struct TimeoutEndpoint: Endpoint {
    var path: String
    var method: HTTPMethod { .get }
    var timeout: TimeInterval?
}

@Suite("The client's limits, one step inside and one outside")
struct ClientLimitTests {
    @Test(
        "A timeout of zero, a negative one, an infinite one or NaN means none; the shortest positive one times out",
        arguments: TransportKind.all)
    func timeoutValues(transport: TransportKind) async throws {
        let service = try transport.service(ServiceConfiguration())
        // The server answers after 400 ms: no timeout lets the call succeed, a short one ends it first.
        for timeout in [0, -1, .infinity, -.infinity, .nan] as [TimeInterval] {
            let response = try await service.send(
                Request(TimeoutEndpoint(path: "slow/\(UUID().uuidString)/400", timeout: timeout), as: Data.self))
            #expect(response.statusCode == 200, "timeout \(timeout)")
        }
        for timeout in [0.05, 0.1] as [TimeInterval] {
            do {
                _ = try await service.send(
                    Request(TimeoutEndpoint(path: "slow/\(UUID().uuidString)/20000", timeout: timeout), as: Data.self))
                Issue.record("timeout \(timeout): expected a timeout")
            } catch APIError.network(_, let code) {
                #expect(code == URLError.Code.timedOut.rawValue, "timeout \(timeout)")
            }
        }
    }

    @Test("A request's timeout is one of a positive finite number of seconds up to a day, and a wait up to a day")
    func timeoutRule() {
        let day: TimeInterval = 86_400
        let kept: [TimeInterval] = [.leastNonzeroMagnitude, 0.05, day]
        #expect(kept.map(APIService.timeout) == kept)
        let none: [TimeInterval?] = [nil, 0, -0.0, -1, day.nextUp, .infinity, -.infinity, .nan]
        #expect(none.allSatisfy { APIService.timeout($0) == nil })
        #expect(APIService.nanoseconds(day) == 86_400_000_000_000)
        #expect(APIService.nanoseconds(day.nextUp) == nil)
        #expect(APIService.nanoseconds(-1) == 0)
        #expect(APIService.nanoseconds(.nan) == nil)
        #expect(APIService.nanoseconds(0.25) == 250_000_000)
        #expect(APIService.timeoutNanoseconds(day) == 86_400_000_000_000)
        #expect([nil, 0, -1, day.nextUp, .nan].allSatisfy { APIService.timeoutNanoseconds($0) == nil })
    }

    @Test("The concurrency limit hands back exactly what was taken, with waiters first, and is at least one")
    func concurrencyLimiter() async {
        let limiter = ConcurrencyLimiter(limit: 2)
        await limiter.acquire()
        await limiter.acquire()
        #expect(await limiter.free == 0)
        let waiter = Task { await limiter.acquire() }
        // A release goes to the waiter, not to the free count.
        let deadline = ContinuousClock.now + .seconds(10)
        while !(await limiter.hasWaiters), ContinuousClock.now < deadline { await Task.yield() }
        #expect(await limiter.hasWaiters)
        await limiter.release()
        await waiter.value
        #expect(await limiter.free == 0)
        await limiter.release()
        await limiter.release()
        #expect(await limiter.free == 2)
        #expect(await ConcurrencyLimiter(limit: 0).free == 1)
        #expect(await ConcurrencyLimiter(limit: -3).free == 1)
    }

    @Test("A streamed body's layout is read past a byte order mark and whitespace")
    func streamLayoutAfterAByteOrderMark() async throws {
        let mark = Data([0xEF, 0xBB, 0xBF])
        let array = Data(" \n[{\"index\": 1, \"text\": \"a\"}, {\"index\": 2, \"text\": \"b\"}]".utf8)
        let lines = Data("{\"index\": 1, \"text\": \"a\"}\n{\"index\": 2, \"text\": \"b\"}".utf8)
        for body in [mark + array, mark + lines, array, lines] {
            let stub = StubTransport { _ in .init(body: body) }
            let service = APIService(
                baseURL: try #require(URL(string: "https://api.example.com")),
                configuration: ServiceConfiguration(transport: stub))
            var read: [Line] = []
            for try await line in service.stream(BookPath(path: "x"), as: Line.self) { read.append(line) }
            #expect(read.map(\.index) == [1, 2], "\(String(decoding: body.prefix(8), as: UTF8.self))")
        }
    }

    @Test("A two-digit year exactly 50 years ahead stays in this century; one more year is the century before")
    func fiftyYearWindow() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023
        // 2073 is exactly 50 years ahead: RFC 9110 moves only a year "more than 50 years in the future".
        #expect(
            HTTPDate.date(from: "Sunday, 01-Jan-73 00:00:00 GMT", now: now)
                == HTTPDate.date(from: "Sun, 01 Jan 2073 00:00:00 GMT", now: now))
        #expect(
            HTTPDate.date(from: "Monday, 01-Jan-74 00:00:00 GMT", now: now)
                == HTTPDate.date(from: "Tue, 01 Jan 1974 00:00:00 GMT", now: now))
        // This year and last year, both sides of the present.
        #expect(
            HTTPDate.date(from: "Sunday, 01-Jan-23 00:00:00 GMT", now: now)
                == HTTPDate.date(from: "Sun, 01 Jan 2023 00:00:00 GMT", now: now))
        #expect(
            HTTPDate.date(from: "Sunday, 01-Jan-22 00:00:00 GMT", now: now)
                == HTTPDate.date(from: "Sat, 01 Jan 2022 00:00:00 GMT", now: now))
    }
}

@Suite("Transfer progress at its bounds")
struct TransferProgressLimitTests {
    @Test("The fraction is known from a total of one byte, and unknown for a total of zero, a negative one or none")
    func fractionAtItsBounds() {
        #expect(TransferProgress(completed: 0, total: 1).fractionCompleted == 0)
        #expect(TransferProgress(completed: 1, total: 1).fractionCompleted == 1)
        #expect(TransferProgress(completed: 1, total: 2).fractionCompleted == 0.5)
        // More than the total (a body longer than its Content-Length said) stays at 1.
        #expect(TransferProgress(completed: 3, total: 2).fractionCompleted == 1)
        #expect(TransferProgress(completed: 0, total: 0).fractionCompleted == nil)
        #expect(TransferProgress(completed: 5, total: -1).fractionCompleted == nil)
        #expect(TransferProgress(completed: 5, total: nil).fractionCompleted == nil)
    }
}

@Suite("A retry policy's status codes")
struct RetryStatusCodeTests {
    @Test("401 is never retried by status, since authentication answers it, and every other code given is kept")
    func unauthorizedIsLeftToAuthentication() {
        #expect(RetryPolicy(delay: 0, retryableStatusCodes: [401, 402, 503]).retryableStatusCodes == [402, 503])
        #expect(RetryPolicy(delay: 0).retryableStatusCodes == [408, 429, 500, 502, 503, 504])
    }

    @Test("The earliest HTTP date read is 1 January 1601; the second before it is no date")
    func earliestHTTPDate() {
        #expect(HTTPDate.date(from: "Mon, 01 Jan 1601 00:00:00 GMT") == Date(timeIntervalSince1970: -11_644_473_600))
        #expect(HTTPDate.date(from: "Sun, 31 Dec 1600 23:59:59 GMT") == nil)
    }

    @Test("A stream's Accept replaces the service's unless the endpoint sets its own, in any capitalisation")
    func streamAccept() throws {
        struct Headed: Endpoint {
            var headers: [String: String]
            var path: String { "events" }
            var method: HTTPMethod { .get }
        }
        let service = APIService(baseURL: try #require(URL(string: "https://api.example.test")))
        let cases: [([String: String], String)] = [
            ([:], "text/event-stream"),
            (["X-Trace": "1"], "text/event-stream"),
            (["accept": "application/json"], "application/json"),
        ]
        for (headers, expected) in cases {
            let request = try service.begin(Headed(headers: headers), accept: "text/event-stream").request.get()
            #expect(request.urlRequest.value(forHTTPHeaderField: "Accept") == expected, "\(headers)")
        }
    }

    @Test("A configuration's defaults are the ones its documentation gives")
    func configurationDefaults() {
        let configuration = ServiceConfiguration()
        #expect(configuration.timeout == 30)
        #expect(configuration.retryLimit == 2)
        #expect(configuration.acceptableStatusCodes == Set(200..<300))
        #expect(configuration.acceptableStatusCodes.contains(299) && !configuration.acceptableStatusCodes.contains(300))
        #expect(configuration.redirectPolicy == .follow)
        #expect(configuration.maximumConcurrentRequests == nil)
        #expect(configuration.retryPolicy == nil && configuration.envelope == nil && configuration.userAgent == nil)
        #expect(configuration.interceptors.isEmpty && configuration.monitors.isEmpty && configuration.headers.isEmpty)
        #expect(!configuration.sharesInFlightRequests)
    }
}
