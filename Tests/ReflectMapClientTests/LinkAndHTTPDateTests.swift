import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReflectMap
@testable import ReflectMapClient
import Testing

/// Answers every failure with "send it again at once".
private struct RetryEverything: RequestInterceptor {
    func retry(_ request: URLRequest, failedWith error: APIError, attempt: Int) async -> RetryDecision {
        .retry(after: 0)
    }
}

@Suite("Links resolved by RFC 3986 and read by RFC 8288")
struct LinkResolutionTests {
    /// RFC 3986, section 5.4: reference, and its target against `http://a/b/c/d;p?q`.
    static let examples: [(String, String)] = [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"),
        // Section 5.4.2, the abnormal examples.
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"), ("g#s/./x", "http://a/b/c/g#s/./x"),
        ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
    ]

    @Test("Every reference-resolution example of RFC 3986 section 5.4 resolves as the RFC says")
    func rfc3986Examples() throws {
        for (reference, target) in Self.examples {
            #expect(URLText.resolved(reference, against: "http://a/b/c/d;p?q") == target, "\(reference)")
        }
        let base = try #require(URL(string: "http://a/b/c/d;p?q"))
        #expect(URLText.resolve("../g?y#s", against: base)?.absoluteString == "http://a/b/g?y#s")
    }

    @Test("A Link target keeps the commas and semicolons inside its brackets, and quoted parameters keep theirs")
    func linkGrammar() throws {
        let base = try #require(URL(string: "https://api.example.com/v1/items"))
        let field =
            #"<https://api.example.com/items?fields=id,name&page=2;x=1>; title="a, b; c"; rel="next", "#
            + #"<https://api.example.com/items?page=9>; rel=last"#
        #expect(
            LinkHeader(field).target(of: "next", relativeTo: base)?.absoluteString
                == "https://api.example.com/items?fields=id,name&page=2;x=1")
        #expect(
            LinkHeader(field).target(of: "last", relativeTo: base)?.absoluteString
                == "https://api.example.com/items?page=9")
        // A broken link-value is skipped, and the links after it still count.
        let broken = #"<https://x.test/a>; rel="next, <https://x.test/b>; rel=prev"#
        #expect(LinkHeader(broken).target(of: "next", relativeTo: base) == nil)
        let skipped = #"https://x.test/a; rel=next, <https://x.test/b>; rel="next""#
        #expect(LinkHeader(skipped).target(of: "next", relativeTo: base)?.absoluteString == "https://x.test/b")
        // An escaped quote inside a quoted parameter, and a relation listed with others.
        let escaped = #"<https://x.test/c>; title="say \"hi\", then go"; rel="prev NEXT""#
        #expect(LinkHeader(escaped).target(of: "next", relativeTo: base)?.absoluteString == "https://x.test/c")
        // A quoted-pair stands for its second character, wherever it falls in the value.
        let pairs = #"<https://x.test/d>; rel="\n\ex\t""#
        #expect(LinkHeader(pairs).target(of: "next", relativeTo: base)?.absoluteString == "https://x.test/d")
        let pairThenText = #"<https://x.test/e>; rel="ne\xt""#
        #expect(LinkHeader(pairThenText).target(of: "next", relativeTo: base)?.absoluteString == "https://x.test/e")
        // A backslash that escapes the closing quote leaves the value open: the link is broken.
        let open = #"<https://x.test/f>; rel="next\""#
        #expect(LinkHeader(open).target(of: "next", relativeTo: base) == nil)
        // A token is the visible characters from `!` to `~` but separators: a space ends it (then
        // BWS before `=`), and DEL breaks the link-value.
        let spaced = #"<https://x.test/g>; rel =next"#
        #expect(LinkHeader(spaced).target(of: "next", relativeTo: base)?.absoluteString == "https://x.test/g")
        let edges = #"<https://x.test/h>; a!~=!~; rel=next"#
        #expect(LinkHeader(edges).target(of: "next", relativeTo: base)?.absoluteString == "https://x.test/h")
        let delete = "<https://x.test/i>; rel=ne\u{7F}xt, <https://x.test/j>; rel=next"
        #expect(LinkHeader(delete).links.count == 1)
        #expect(LinkHeader(delete).target(of: "next", relativeTo: base)?.absoluteString == "https://x.test/j")
        // Skipping a broken link-value passes over commas in quotes, steps over an escaped quote, and
        // stops at the comma after the closing one.
        let brokenQuoted = #"<https://x.test/k> junk; title="x\"", <https://x.test/l>; rel="next""#
        #expect(LinkHeader(brokenQuoted).target(of: "next", relativeTo: base)?.absoluteString == "https://x.test/l")
        let quotedLink =
            #"<https://x.test/m> junk; title="a, <https://x.test/n>; rel=next, b", <https://x.test/o>; rel=next"#
        #expect(LinkHeader(quotedLink).target(of: "next", relativeTo: base)?.absoluteString == "https://x.test/o")
    }

    @Test(
        "A link-value may end anywhere its grammar allows: after an empty target, a name, or a parameter with no space")
    func linkValueEnds() throws {
        let empty = LinkHeader("<>; rel=self, <https://x.test/p>; rel=next").links
        #expect(empty.map(\.target) == ["", "https://x.test/p"])
        let tight = LinkHeader("<https://x.test/q>;rel=next;title=x").links
        #expect(tight.first?.relations == ["next"])
        #expect(tight.first?.parameters.map(\.name) == ["rel", "title"])
        // A parameter with no value ends the field; one with `=` and nothing after it breaks the link.
        let bare = LinkHeader("<https://x.test/r>; rel=next; crossorigin").links
        #expect(bare.first?.parameters.map(\.name) == ["rel", "crossorigin"])
        #expect(bare.first?.parameters.last?.value == "")
        #expect(LinkHeader("<https://x.test/s>; rel=").links.isEmpty)
        #expect(LinkHeader("<https://x.test/t>; rel=next; title=\"").links.isEmpty)
        #expect(LinkHeader("<https://x.test/u").links.isEmpty)
        #expect(LinkHeader("<https://x.test/v>; rel=next; title=\"x\\").links.isEmpty)
    }

    @Test("Spaces and commas before, between and after the links are passed over", arguments: ["", " ", ",", " , \t,"])
    func listSeparators(_ separators: String) throws {
        let base = try #require(URL(string: "https://api.example.com/v1/items"))
        #expect(LinkHeader(separators).links.isEmpty)
        let field =
            separators + #"<https://x.test/1>; rel=prev"# + separators + ", <https://x.test/2>; rel=next" + separators
        let links = LinkHeader(field).links
        #expect(links.map(\.target) == ["https://x.test/1", "https://x.test/2"])
        #expect(LinkHeader(field).target(of: "next", relativeTo: base)?.absoluteString == "https://x.test/2")
    }

    @Test("Pages follow a next link whose URL holds a comma, and lose no item")
    func commaInLink() async throws {
        let log = Recorded<URL>()
        let items = ["1", "2", "3", "4", "5", "6", "7"]
        let service = try PagesTests.service(log: log) { url in
            let page = Int(PagesTests.query(url, "page") ?? "1") ?? 1
            let chunk = items.dropFirst((page - 1) * 3).prefix(3)
            var response = PagesTests.body("[" + chunk.map { #"{"id": "\#($0)"}"# }.joined(separator: ",") + "]")
            if page < 3 {
                response.headers["Link"] =
                    #"<https://api.example.test/items?fields=id,name&page=\#(page + 1)>; rel="next""#
            }
            return response
        }
        var seen: [String] = []
        for try await page in service.pages(ListEndpoint(path: "items"), as: PagedItem.self, by: .linkHeader) {
            seen += page.map(\.id)
        }
        #expect(seen == items)
        #expect(log.all.dropFirst().allSatisfy { PagesTests.query($0, "fields") == "id,name" })
    }

    @Test(
        "Relative next links are resolved against the page's URL, under a base URL with a path",
        arguments: [
            ("</v1/items?page=2>", "https://api.example.com/v1/items?page=2"),
            ("<?page=2>", "https://api.example.com/v1/items?page=2"),
            ("<items?page=2>", "https://api.example.com/v1/items?page=2"),
            ("<../v2/items?page=2>", "https://api.example.com/v2/items?page=2"),
        ])
    func relativeLinks(link: String, expected: String) async throws {
        let log = Recorded<URL>()
        let transport = StubTransport { request in
            guard let url = request.url else { throw URLError(.badURL) }
            log.append(url)
            var response = StubTransport.Response(body: Data(#"[{"id": "\#(log.all.count)"}]"#.utf8))
            if log.all.count == 1 { response.headers["Link"] = "\(link); rel=\"next\"" }
            return response
        }
        let service = APIService(
            baseURL: try #require(URL(string: "https://api.example.com/v1")),
            configuration: ServiceConfiguration(transport: transport))
        var pages = 0
        for try await _ in service.pages(ListEndpoint(path: "items"), as: PagedItem.self, by: .linkHeader) {
            pages += 1
        }
        #expect(pages == 2)
        #expect(log.all.map(\.absoluteString) == ["https://api.example.com/v1/items", expected])
    }
}

@Suite("HTTP dates in all three forms")
struct HTTPDateTests {
    static let instant = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test(
        "The IMF-fixdate, RFC 850 and asctime forms, and the cookie form, name the same instant",
        arguments: [
            "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
            "Sun, 06-Nov-1994 08:49:37 GMT",
        ])
    func threeForms(text: String) {
        #expect(HTTPDate.date(from: text, now: Date(timeIntervalSince1970: 1_700_000_000)) == Self.instant)
    }

    @Test(
        "Tokens are told apart by their length: a month by its first three letters, a day by one or two digits",
        arguments: [
            "Sunday, 06 November 1994 08:49:37 GMT", "Sun, 6 NOVEMBER 1994 08:49:37 GMT",
            // Three digits are neither a day nor a year, and are passed over.
            "Sun, 123 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 123 1994 08:49:37 GMT",
        ])
    func tokenLengths(text: String) {
        #expect(HTTPDate.date(from: text, now: Date(timeIntervalSince1970: 1_700_000_000)) == Self.instant)
    }

    @Test("A two-digit year more than 50 years ahead is read in the century before")
    func twoDigitYears() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023
        // 2074 would be 51 years ahead of 2023: 1974. 2070 is 47 years ahead, and stays.
        #expect(
            HTTPDate.date(from: "Tuesday, 01-Jan-74 00:00:00 GMT", now: now) == Date(timeIntervalSince1970: 126_230_400)
        )
        #expect(
            HTTPDate.date(from: "Wednesday, 01-Jan-70 00:00:00 GMT", now: now)
                == Date(timeIntervalSince1970: 3_155_760_000))
    }

    @Test(
        "Text that names no date is refused",
        arguments: [
            "", "tomorrow", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Nov 1994 GMT",
            // A time's parts are one or two digits each, none empty.
            "Sun, 06 Nov 1994 08:49::37 GMT", "Sun, 06 Nov 1994 08:49:037 GMT", "Sun, 06 Nov 1994 008:49:37 GMT",
        ])
    func refused(text: String) {
        #expect(HTTPDate.date(from: text) == nil)
    }

    @Test("Retry-After takes an HTTP date in each form")
    func retryAfterForms() {
        let now = Date(timeIntervalSince1970: 784_111_777 - 120)
        for text in ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"] {
            #expect(RetryPolicy.retryAfter(["retry-after": text], now: now) == 120, "\(text)")
        }
    }
}

@Suite("Final errors")
struct FinalErrorTests {
    @Test("A public-key pin mismatch is not retried, whatever an interceptor answers")
    func pinMismatchIsFinal() async throws {
        let sends = Recorded<URL>()
        let transport = StubTransport { request in
            if let url = request.url { sends.append(url) }
            throw APIError.publicKeyPinMismatch(host: "api.example.test")
        }
        let service = APIService(
            baseURL: try #require(URL(string: "https://api.example.test")),
            configuration: ServiceConfiguration(
                retryPolicy: RetryPolicy(delay: 0), interceptors: [RetryEverything()], transport: transport,
                retryLimit: 3)
        )
        await #expect {
            try await service.get("x", as: PagedItem.self)
        } throws: { error in
            if case .publicKeyPinMismatch("api.example.test")? = error as? APIError { return true }
            return false
        }
        #expect(sends.all.count == 1)
        #expect(APIError.cancelled.isFinal && !APIError.network(message: "", code: nil).isFinal)
    }
}
