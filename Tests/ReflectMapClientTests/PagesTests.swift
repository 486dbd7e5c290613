import Foundation
import ReflectMap
import ReflectMapClient
import Testing

struct PagedItem: Mappable, Equatable {
    var id = ""
}

struct ListEndpoint: Endpoint {
    var path: String
    var method: HTTPMethod { .get }
    var parameters: [String: any Sendable] = [:]
    var envelope: ResponseEnvelope?
}

@Suite("Pages as an AsyncSequence")
struct PagesTests {
    static func query(_ url: URL?, _ name: String) -> String? {
        url.flatMap {
            URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
        }
    }

    static func service(
        log: Recorded<URL>, _ answer: @escaping @Sendable (URL) -> StubTransport.Response
    ) throws -> APIService {
        let transport = StubTransport { request in
            guard let url = request.url else { throw URLError(.badURL) }
            log.append(url)
            return answer(url)
        }
        return APIService(
            baseURL: try #require(URL(string: "https://api.example.test")),
            configuration: ServiceConfiguration(transport: transport))
    }

    static func body(_ text: String) -> StubTransport.Response { StubTransport.Response(body: Data(text.utf8)) }

    func collect(_ pages: Pages<PagedItem>) async throws -> [[String]] {
        var result: [[String]] = []
        for try await page in pages { result.append(page.map(\.id)) }
        return result
    }

    @Test("Link headers lead from page to page until there is no next link")
    func linkHeader() async throws {
        let log = Recorded<URL>()
        let service = try Self.service(log: log) { url in
            let page = Int(Self.query(url, "page") ?? "1") ?? 1
            var response = Self.body(#"[{"id": "p\#(page)a"}, {"id": "p\#(page)b"}]"#)
            if page < 3 {
                response.headers["Link"] =
                    #"<https://api.example.test/issues?page=\#(page + 1)>; rel="next", <https://api.example.test/issues?page=3>; rel="last""#
            }
            return response
        }
        let pages = try await collect(service.pages(ListEndpoint(path: "issues"), as: PagedItem.self, by: .linkHeader))
        #expect(pages == [["p1a", "p1b"], ["p2a", "p2b"], ["p3a", "p3b"]])
        #expect(log.all.count == 3)
    }

    @Test("A cursor in the body is sent back until it is empty")
    func cursor() async throws {
        let log = Recorded<URL>()
        let service = try Self.service(log: log) { url in
            switch Self.query(url, "cursor") {
            case nil: Self.body(#"{"members": [{"id": "a"}], "response_metadata": {"next_cursor": "c2"}}"#)
            case "c2": Self.body(#"{"members": [{"id": "b"}], "response_metadata": {"next_cursor": "c3"}}"#)
            default: Self.body(#"{"members": [{"id": "c"}], "response_metadata": {"next_cursor": ""}}"#)
            }
        }
        let pages = service.pages(
            ListEndpoint(path: "users.list"), at: "members", as: PagedItem.self,
            by: .cursor(at: "response_metadata.next_cursor", parameter: "cursor"))
        #expect(try await collect(pages) == [["a"], ["b"], ["c"]])
    }

    @Test("The last item's id is sent back while has_more is true")
    func lastItem() async throws {
        let log = Recorded<URL>()
        let service = try Self.service(log: log) { url in
            switch Self.query(url, "starting_after") {
            case nil: Self.body(#"{"data": [{"id": "ch_1"}, {"id": "ch_2"}], "has_more": true}"#)
            default: Self.body(#"{"data": [{"id": "ch_3"}], "has_more": false}"#)
            }
        }
        let pages = service.pages(
            ListEndpoint(path: "charges", parameters: ["limit": 2]), at: "data", as: PagedItem.self,
            by: .lastItem(id: "id", hasMore: "has_more", parameter: "starting_after"))
        #expect(try await collect(pages) == [["ch_1", "ch_2"], ["ch_3"]])
        #expect(Self.query(log.all.last, "starting_after") == "ch_2" && Self.query(log.all.last, "limit") == "2")
    }

    @Test("Page numbers count up until an empty page, which ends the list")
    func pageNumbers() async throws {
        let log = Recorded<URL>()
        let service = try Self.service(log: log) { url in
            let page = Int(Self.query(url, "page") ?? "0") ?? 0
            return Self.body(page <= 2 ? #"[{"id": "n\#(page)"}]"# : "[]")
        }
        #expect(
            try await collect(service.pages(ListEndpoint(path: "list"), as: PagedItem.self, by: .pageNumbers)) == [
                ["n1"], ["n2"],
            ])
        #expect(log.all.count == 3)
    }

    @Test("A failing page ends the loop with its error after the pages already delivered, an envelope error too")
    func failingPage() async throws {
        let log = Recorded<URL>()
        let service = try Self.service(log: log) { url in
            switch Self.query(url, "page") {
            case "1": Self.body(#"{"data": [{"id": "ok"}], "error": null}"#)
            case "2": Self.body(#"{"data": null, "error": {"code": 7, "message": "expired"}}"#)
            default: StubTransport.Response(statusCode: 500)
            }
        }
        var delivered: [String] = []
        do {
            for try await page in service.pages(
                ListEndpoint(path: "list", envelope: .dataError), as: PagedItem.self, by: .pageNumbers)
            {
                delivered += page.map(\.id)
            }
            Issue.record("expected the second page to fail")
        } catch let APIError.envelopeError(failure) {
            #expect(failure.messageText == "expired")
        }
        #expect(delivered == ["ok"])
        await #expect {
            for try await _ in service.pages(
                ListEndpoint(path: "list", parameters: [:]), as: PagedItem.self,
                by: .pageNumber(parameter: "page", first: 3))
            {}
        } throws: { error in
            if case .unacceptableStatus(500, _, _)? = error as? APIError { return true }
            return false
        }
    }

    @Test(
        "The page limit, 100 by default, stops a server that always says there is more, and cancelling stops the requests"
    )
    func limitsAndCancellation() async throws {
        let log = Recorded<URL>()
        let limited = try await collect(
            Self.endless(log: log).pages(
                ListEndpoint(path: "loop?start=1"), as: PagedItem.self, by: .linkHeader, pageLimit: 4))
        #expect(limited.count == 4 && log.all.count == 4)
        // With no limit given, a hundred pages.
        let defaultLog = Recorded<URL>()
        let unlimited = try await collect(
            Self.endless(log: defaultLog).pages(ListEndpoint(path: "loop?start=1"), as: PagedItem.self, by: .linkHeader)
        )
        #expect(unlimited.count == 100 && defaultLog.all.count == 100)

        let cancelledLog = Recorded<URL>()
        let endless = try Self.endless(log: cancelledLog)
        let task = Task {
            var count = 0
            for try await _ in endless.pages(
                ListEndpoint(path: "loop?start=1"), as: PagedItem.self, by: .linkHeader, pageLimit: 1_000)
            {
                count += 1
                if count == 2 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        let result = await task.result
        #expect(throws: APIError.self) { try result.get() }
        #expect(cancelledLog.all.count == 2)
    }

    /// A server whose every page links to one more.
    static func endless(log: Recorded<URL>) throws -> APIService {
        try service(log: log) { url in
            var response = body(#"[{"id": "x"}]"#)
            response.headers["Link"] = "<\(url.absoluteString)&more=1>; rel=\"next\""
            return response
        }
    }

    @Test("A Link header lists several relations, quoted or not")
    func linkParsing() async throws {
        let log = Recorded<URL>()
        let service = try Self.service(log: log) { url in
            var response = Self.body(#"[{"id": "\#(url.path)"}]"#)
            if url.path == "/a" { response.headers["link"] = #"<https://api.example.test/b>; rel="prev next""# }
            if url.path == "/b" { response.headers["Link"] = "<https://api.example.test/c>; rel=next" }
            return response
        }
        #expect(
            try await collect(service.pages(ListEndpoint(path: "a"), as: PagedItem.self, by: .linkHeader)) == [
                ["/a"], ["/b"], ["/c"],
            ])
    }
}
