import Foundation
import ReflectMap
import ReflectMapClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client's public surface, spelled exactly as other code is written against it. This file compiling
/// is the test; the function also runs against the loopback server and checks what the calls return.
struct SurfaceEndpoint: Endpoint {
    var method: HTTPMethod { .get }
    var path: String { "books" }
    var acceptableStatusCodes: Set<Int>? { [200] }
    var retryPolicy: RetryPolicy? { .never }
    var httpBody: HTTPBody? { nil }
}

struct SurfaceMonitor: EventMonitor {
    func requestDidStart(_ request: URLRequest) {}
    func requestDidFinish(_ request: URLRequest, response: HTTPURLResponse?, data: Data?, error: APIError?) {}
}

@Suite("Public API: every documented name compiles with its exact signature")
struct PublicAPISurfaceTests {
    @Test("Every documented name of the client compiles with its exact signature, and the calls through them succeed")
    func everyDocumentedName() async throws {
        // One spelling of each name, with the acronym in capitals.
        let _: APIService.Type = APIService.self
        let _: APIError.Type = APIError.self
        let _: APICall.Type = APICall.self

        let configuration = ServiceConfiguration(monitors: [SurfaceMonitor()], redirectPolicy: .follow)
        var adjusted = configuration
        adjusted.monitors = [any EventMonitor]()
        adjusted.redirectPolicy = .doNotFollow
        #expect(ServiceConfiguration().redirectPolicy == .follow)
        let service: APIService = APIService(baseURL: try TestServer.shared.url(), configuration: configuration)

        // Response<Value>
        let response: Response<[Book]> = try await service.send(Request(SurfaceEndpoint(), as: [Book].self))
        let _: [Book] = response.value
        let _: Int = response.statusCode
        let _: [String: String] = response.headers
        let _: URL? = response.url
        let _: String? = response.header("content-type")
        let data: Response<Data> = try await service.send(Request(SurfaceEndpoint(), as: Data.self))
        let text: Response<String> = try await service.send(Request(SurfaceEndpoint(), as: String.self))
        #expect(data.value.count > 0 && !text.value.isEmpty)

        // Uploads, downloads, progress.
        var form = MultipartFormData()
        form.append("v", name: "field")
        form.append(Data("d".utf8), name: "data", fileName: "d.txt", mimeType: "text/plain")
        form.append(Data("e".utf8), name: "plain")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString).txt")
        try Data("f".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        form.append(fileURL: file, name: "file", fileName: "f.txt", mimeType: "text/plain")
        form.append(fileURL: file, name: "file2")
        let progress: @Sendable (TransferProgress) -> Void = { value in
            let _: Int64 = value.completed
            let _: Int64? = value.total
        }
        let upload = HTTPEndpoint(
            method: .post, path: "multipart", parameters: [:], headers: [:], body: .multipart(form), at: nil)
        let echo: Response<MultipartEcho> = try await service.upload(
            Request(upload, as: MultipartEcho.self), progress: progress)
        #expect(echo.value.parts.count == 5)
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: target) }
        let downloaded: Response<URL> = try await service.download(Download(size: 3), to: target, progress: progress)
        let _: Response<URL> = try await service.download(Download(size: 3), to: target)
        #expect(downloaded.value == target)
        let _ = TransferProgress(completed: 1, total: nil)

        // Streams.
        let lines: AsyncThrowingStream<Line, Error> = service.stream(BookPath(path: "ndjson/1/0"), as: Line.self)
        for try await _ in lines {}
        let events: AsyncThrowingStream<ServerSentEvent<Line>, Error> = service.events(
            BookPath(path: "sse/1"), as: Line.self)
        for try await event in events {
            let _: String? = event.event
            let _: String? = event.id
            let _: Line = event.data
        }

        // HTTPMethod as an open RawRepresentable struct.
        let methods: [HTTPMethod] = [
            .get, .post, .put, .patch, .delete, .head, .options, .trace, .connect, HTTPMethod(rawValue: "PURGE"),
        ]
        #expect(
            methods.map(\.rawValue) == [
                "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT", "PURGE",
            ])

        // Monitors' defaults, cURL, redirect policies.
        let request = URLRequest(url: try TestServer.shared.url())
        let _: String = request.cURLDescription
        SilentMonitor().requestDidStart(request)
        SilentMonitor().requestDidFinish(request, response: nil, data: nil, error: nil)
        let _: [RedirectPolicy] = [.follow, .doNotFollow]

        // Envelopes: errors inside 2xx responses.
        let envelopes: [ResponseEnvelope] = [
            .dataError, .none,
            ResponseEnvelope(
                value: "data", error: .member("error"), code: "error.code", message: "error.message",
                errorModel: "error"),
            ResponseEnvelope(error: .code("code", success: ["0"])),
            ResponseEnvelope(value: nil, error: .flag("success")),
        ]
        var enveloped = ServiceConfiguration(envelope: envelopes[0], sharesInFlightRequests: true)
        enveloped.sharesInFlightRequests = false
        let _: ResponseEnvelope? = enveloped.envelope
        let _: ResponseEnvelope? = BookPath(path: "x").envelope
        let _: (String?, ResponseEnvelope.ErrorSignal, String?, String?, String?) = (
            envelopes[2].valuePath, envelopes[2].error, envelopes[2].codePath, envelopes[2].messagePath,
            envelopes[2].errorModelPath
        )
        let failure: (EnvelopeFailure) -> APIError = APIError.envelopeError
        let _: (EnvelopeFailure) -> (Int, JSONValue?, JSONValue?, Data, String?) = {
            ($0.status, $0.code, $0.message, $0.body, $0.messageText)
        }
        _ = failure

        // Retry: one mechanism, the interceptors in order; RetryPolicy is one of them.
        let policy = RetryPolicy(
            delay: 0.1, backoffMultiplier: 2, retryableStatusCodes: [503],
            retryableMethods: [.get], honorsRetryAfter: true, maximumRetryAfter: 30)
        let _: (TimeInterval, Double, Set<Int>, Set<HTTPMethod>, Bool, TimeInterval) = (
            policy.delay, policy.backoffMultiplier, policy.retryableStatusCodes, policy.retryableMethods,
            policy.honorsRetryAfter, policy.maximumRetryAfter
        )
        let interceptors: [any RequestInterceptor] = [policy, RetryPolicy.never]
        let retrying = ServiceConfiguration(retryPolicy: .default, interceptors: interceptors, retryLimit: 3)
        let _: RetryPolicy? = retrying.retryPolicy
        let _: Int = retrying.retryLimit
        let decision: RetryDecision = await policy.retry(request, failedWith: APIError.cancelled, attempt: 1)
        #expect(decision == .useDefault)
        let _: [RetryDecision] = [.retry(after: 0), .doNotRetry, .useDefault]

        // One send for every call: a Request names the endpoint and what the body becomes.
        let endpoints: [HTTPEndpoint] = [
            .get("books", parameters: ["page": 1], body: nil, at: nil),
            .post("books", parameters: [:], body: Book(), at: nil),
            .put("books", body: Book()), .patch("books"), .delete("books", at: "data"),
            HTTPEndpoint(method: .get, path: "books", parameters: [:], headers: ["X-Trace": "1"], body: nil, at: nil),
        ]
        let _: (HTTPMethod, String, [String: any Sendable], [String: String], String?, HTTPBody?, (any Mappable)?) = (
            endpoints[0].method, endpoints[0].path, endpoints[0].parameters, endpoints[0].headers, endpoints[0].keyPath,
            endpoints[0].httpBody, endpoints[0].body
        )
        let bookRequest: Request<[Book]> = Request(SurfaceEndpoint(), as: [Book].self)
        let _: any Endpoint = bookRequest.endpoint
        let _: Request<Data> = Request(endpoints[0], as: Data.self)
        let _: Request<String> = Request(.get("books"), as: String.self)
        let sent: Response<[Book]> = try await service.send(Request(endpoints[0], as: [Book].self))
        #expect(sent.statusCode == 200)

        // Every verb as async and success/failure calls; send in both callback styles.
        let parameters: [String: any Sendable] = ["page": 1]
        let success: @Sendable (sending [Book]) -> Void = { _ in }
        let failed: @Sendable (APIError) -> Void = { _ in }
        let completion: @Sendable (sending Result<Response<[Book]>, APIError>) -> Void = { _ in }
        let _: [Book] = try await service.get("books", parameters: parameters, body: nil, at: nil, as: [Book].self)
        let _: [Book] = try await service.post("books", parameters: parameters, body: Book(), at: nil, as: [Book].self)
        let _: [Book] = try await service.put("books", as: [Book].self)
        let _: [Book] = try await service.patch("books", as: [Book].self)
        let _: [Book] = try await service.delete("books", as: [Book].self)
        let calls: [APICall] = [
            service.get(
                "books", parameters: parameters, body: nil, at: nil, as: [Book].self, success: success, failure: failed),
            service.post(
                "books", parameters: parameters, body: Book(), at: nil, as: [Book].self, success: success,
                failure: failed),
            service.put(
                "books", parameters: parameters, body: nil, at: nil, as: [Book].self, success: success, failure: failed),
            service.patch(
                "books", parameters: parameters, body: nil, at: nil, as: [Book].self, success: success, failure: failed),
            service.delete(
                "books", parameters: parameters, body: nil, at: nil, as: [Book].self, success: success, failure: failed),
            service.send(bookRequest, success: success, failure: failed),
            service.send(bookRequest, completion: completion),
        ]
        for call in calls { call.cancel() }
        #expect(calls.allSatisfy { $0.isCancelled })

        // Pages.
        let styles: [Pagination] = [
            .linkHeader, .cursor(at: "next", parameter: "cursor"),
            .lastItem(id: "id", hasMore: "has_more", parameter: "starting_after"),
            .pageNumber(parameter: "page", first: 0), .pageNumbers,
        ]
        let pages: Pages<Book> = service.pages(
            BookPath(path: "books"), at: nil, as: Book.self, by: styles[0], pageLimit: 1)
        var iterator: Pages<Book>.Iterator = pages.makeAsyncIterator()
        let _: [Book]? = try await iterator.next()
    }
}
