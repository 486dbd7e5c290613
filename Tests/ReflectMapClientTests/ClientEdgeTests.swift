import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReflectMap
@testable import ReflectMapClient
import Testing

// The client's rules at their edges: where one comparison decides whether a redirect keeps
// credentials, a retry waits, an envelope fails or a Link header's link counts.

@Suite("Client rules at their edges")
struct ClientEdgeTests {
    private func redirect(_ status: Int, from source: String, to location: String) throws -> HTTPURLResponse {
        try #require(
            HTTPURLResponse(
                url: URL(string: source)!, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: ["Location": location]
            ))
    }

    private func credentialedRequest(_ url: String) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
        request.setValue("session=1", forHTTPHeaderField: "Cookie")
        return request
    }

    @Test("A redirect to another port of the same host drops Authorization and Cookie")
    func redirectToAnotherPortDropsCredentials() throws {
        let request = credentialedRequest("http://example.com:8080/a")
        let response = try redirect(302, from: "http://example.com:8080/a", to: "http://example.com:8081/b")
        let next = try #require(RedirectPolicy.next(after: response, for: request))
        #expect(next.request.url?.absoluteString == "http://example.com:8081/b")
        #expect(next.request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(next.request.value(forHTTPHeaderField: "Cookie") == nil)
    }

    @Test("A redirect within the same origin keeps Authorization and Cookie")
    func redirectWithinOriginKeepsCredentials() throws {
        let request = credentialedRequest("http://example.com:8080/a")
        let response = try redirect(302, from: "http://example.com:8080/a", to: "/b")
        let next = try #require(RedirectPolicy.next(after: response, for: request))
        #expect(next.request.value(forHTTPHeaderField: "Authorization") == "Bearer secret")
        #expect(next.request.value(forHTTPHeaderField: "Cookie") == "session=1")
    }

    @Test("A Retry-After equal to the maximum is honoured, and one above it gives up")
    func retryAfterAtTheMaximum() async {
        let policy = RetryPolicy(delay: 5, maximumRetryAfter: 60)
        let request = URLRequest(url: URL(string: "http://example.com/a")!)
        let atMaximum = APIError.unacceptableStatus(code: 503, headers: ["Retry-After": "60"], body: Data())
        let aboveMaximum = APIError.unacceptableStatus(code: 503, headers: ["Retry-After": "61"], body: Data())
        #expect(await policy.retry(request, failedWith: atMaximum, attempt: 1) == .retry(after: 60))
        #expect(await policy.retry(request, failedWith: aboveMaximum, attempt: 1) == .useDefault)
    }

    @Test("A Retry-After date in the past means retry at once, never a negative wait")
    func retryAfterInThePast() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RetryPolicy.retryAfter(["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"], now: now) == 0)
    }

    @Test("An envelope whose body has no error member at all declares success")
    func envelopeWithNoErrorMember() throws {
        let responses = ResponseMapper(mapper: JSONMapper())
        func verdict(_ body: String) -> Result<EnvelopeBook, APIError> {
            responses.map(Data(body.utf8), status: 200, keyPath: "data", envelope: .dataError, as: EnvelopeBook.self)
        }
        #expect(try verdict(#"{"data": {"id": 1}}"#).get().id == 1)
        #expect(try verdict(#"{"data": {"id": 1}, "error": null}"#).get().id == 1)
        guard case .failure(.envelopeError(let failure)) = verdict(#"{"error": {"code": 7, "message": "no"}}"#) else {
            Issue.record("expected the envelope's error")
            return
        }
        #expect(failure.codeText == "7")
        #expect(failure.messageText == "no")
    }

    @Test("A broken link-value is skipped past a quoted string with an escaped quote and a comma inside")
    func brokenLinkValueWithEscapedQuote() throws {
        let field = #"<https://example.com/a>; =x; title="p\", <b>; rel=next", <https://example.com/n>; rel="next""#
        let base = URL(string: "https://example.com/list")!
        #expect(LinkHeader(field).target(of: "next", relativeTo: base)?.absoluteString == "https://example.com/n")
    }

    @Test("A broken link-value is skipped past a comma inside angle brackets, which does not end it")
    func brokenLinkValueWithBracketedComma() throws {
        let base = URL(string: "https://example.com/list")!
        let field = "<https://example.com/a>; =x; t=<https://example.com/b, <https://example.com/wrong>; rel=next"
        #expect(LinkHeader(field).target(of: "next", relativeTo: base) == nil)
        let followed = field + #", <https://example.com/n>; rel="next""#
        #expect(LinkHeader(followed).target(of: "next", relativeTo: base)?.absoluteString == "https://example.com/n")
    }

    @Test("A parameter name takes visible ASCII up to `~`; DEL breaks the link-value")
    func tokenBytesEndAtTilde() throws {
        let base = URL(string: "https://example.com/list")!
        #expect(LinkHeader("<https://example.com/n>; ~=x; rel=next").target(of: "next", relativeTo: base) != nil)
        #expect(LinkHeader("<https://example.com/n>; \u{7F}=x; rel=next").target(of: "next", relativeTo: base) == nil)
        #expect(LinkHeader("<https://example.com/n>; \u{20}=x; rel=next").target(of: "next", relativeTo: base) == nil)
        #expect(LinkHeader("<https://example.com/n>; !=x; rel=next").target(of: "next", relativeTo: base) != nil)
    }

    @Test("A retry policy waits its delay each time by default, and multiplies it by a backoff it is given")
    func retryWaits() async {
        let request = URLRequest(url: URL(string: "https://example.com/a")!)
        let failure = APIError.unacceptableStatus(code: 503, headers: [:], body: Data())
        let constant = RetryPolicy(delay: 0.5)
        let growing = RetryPolicy(delay: 0.5, backoffMultiplier: 2)
        for (attempt, grown) in [(1, 0.5), (2, 1.0), (3, 2.0)] {
            #expect(await constant.retry(request, failedWith: failure, attempt: attempt) == .retry(after: 0.5))
            #expect(await growing.retry(request, failedWith: failure, attempt: attempt) == .retry(after: grown))
        }
    }

    @Test("An HTTP date takes a leap second, 60, as the second before, and refuses 61")
    func leapSecond() {
        #expect(
            HTTPDate.date(from: "Wed, 31 Dec 2008 23:59:60 GMT") == HTTPDate.date(from: "Wed, 31 Dec 2008 23:59:59 GMT")
        )
        #expect(HTTPDate.date(from: "Wed, 31 Dec 2008 23:59:60 GMT") != nil)
        #expect(HTTPDate.date(from: "Wed, 31 Dec 2008 23:59:61 GMT") == nil)
        #expect(HTTPDate.date(from: "Wed, 31 Dec 2008 23:60:00 GMT") == nil)
        #expect(HTTPDate.date(from: "Wed, 31 Dec 2008 24:00:00 GMT") == nil)
    }

    @Test("A Link parameter with = and no value breaks the link-value, which is skipped")
    func linkParameterWithEmptyValue() {
        let header = LinkHeader("<https://example.com/n>; rel=next; title=, <https://example.com/m>; rel=last")
        #expect(header.links.map(\.target) == ["https://example.com/m"])
    }

    @Test("An empty first page is yielded as an empty page; an empty later page ends the sequence unyielded")
    func emptyFirstPage() async throws {
        let log = Recorded<URL>()
        let service = try PagesTests.service(log: log) { url in
            PagesTests.body("[]")
        }
        var pages: [[String]] = []
        for try await page in service.pages(ListEndpoint(path: "issues"), as: PagedItem.self, by: .linkHeader) {
            pages.append(page.map(\.id))
        }
        #expect(pages == [[]])
        #expect(log.all.count == 1)
    }

    @Test("A caller with a zero timeout has none: it waits for the shared response however long it takes")
    func zeroTimeoutMeansNone() async throws {
        let sharing = RequestSharing()
        let counter = SendCounter()
        var request = URLRequest(url: URL(string: "https://api.example.test/books/1")!)
        request.timeoutInterval = 0
        var joining = request
        joining.timeoutInterval = 30
        let send: @Sendable (TimeInterval) async throws -> RequestSharing.Answer = { _ in
            _ = counter.count(URLRequest(url: URL(string: "https://api.example.test/books/1")!))
            while !counter.released { try await Task.sleep(nanoseconds: 10_000_000) }
            let response = HTTPURLResponse(
                url: URL(string: "https://api.example.test/books/1")!, statusCode: 200, httpVersion: nil,
                headerFields: nil)!
            return (Data("ok".utf8), response)
        }
        let first = Task { try await sharing.response(to: request, send: send) }
        try await SharedRequestTests.waitUntil { counter.total == 1 }
        // The zero-timeout caller is still there when a second caller joins it.
        let second = Task { try await sharing.response(to: joining, send: send) }
        try await SharedRequestTests.waitUntil { sharing.waiterCount == 2 }
        counter.release()
        #expect(try await first.value.0 == Data("ok".utf8))
        #expect(try await second.value.0 == Data("ok".utf8))
        #expect(counter.total == 1)
    }
}
