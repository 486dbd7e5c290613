import Foundation
import ReflectMap
@testable import ReflectMapClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cookies a response sets are stored, and cookies it expires are deleted, on every response the
/// transport sees, redirects included (signing out through httpbin's `/cookies/delete`,
/// a 302, left the cookie set). Each test uses cookie names of its own: the session shares
/// `HTTPCookieStorage.shared` with every other test. URLSession keeps cookies; AsyncHTTPClientTransport
/// does not, so these run over URLSession whatever the default transport.
@Suite("Cookies")
struct CookieTests {
    func service() throws -> APIService {
        try TransportKind.urlSession.service()
    }

    /// The `Cookie` header the server received on the next call.
    func sentCookies(_ service: APIService) async throws -> String {
        try await service.get("echo", as: Echo.self).headers["cookie"] ?? ""
    }

    @Test(
        "A cookie set on a 200 is sent, and Max-Age=0 or an Expires in the past on a 200 deletes it",
        arguments: ["maxage", "expires"])
    func deletionOnA200(style: String) async throws {
        let service = try service()
        let name = "c200\(style)\(UInt32.random(in: 0...UInt32.max))"
        _ = try await service.get("cookies/set/\(name)/yes", as: Empty.self)
        #expect(try await sentCookies(service).contains("\(name)=yes"))
        _ = try await service.get("cookies/delete/\(name)/\(style)", as: Empty.self)
        #expect(try await !sentCookies(service).contains(name))
    }

    @Test(
        "A cookie set on a 302 is sent on the redirect, and one expired on a 302 is not sent after it",
        arguments: ["maxage", "expires"])
    func deletionOnARedirect(style: String) async throws {
        let service = try service()
        let name = "c302\(style)\(UInt32.random(in: 0...UInt32.max))"
        let redirected = try await service.get("cookies/redirect-set/\(name)/yes", as: Echo.self)
        #expect(redirected.path == "/echo")
        #expect(redirected.headers["cookie"]?.contains("\(name)=yes") == true)
        #expect(try await sentCookies(service).contains("\(name)=yes"))
        let afterDelete = try await service.get("cookies/redirect-delete/\(name)/\(style)", as: Echo.self)
        #expect(afterDelete.path == "/echo")
        #expect(!(afterDelete.headers["cookie"] ?? "").contains(name))
        #expect(try await !sentCookies(service).contains(name))
    }

    @Test("Joined Set-Cookie headers split into cookies, and a comma inside an Expires date stays in it")
    func joinedHeadersParse() {
        let cookies = ExpiredCookies.cookies(
            in:
                "a=1; Path=/, b=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/x, c=; Max-Age=0, d=2; Max-Age=60; Expires=Thu, 01 Jan 1970 00:00:00 GMT"
        )
        #expect(cookies.map(\.name) == ["a", "b", "c", "d"])
        #expect(cookies.map { $0.isExpired(at: Date()) } == [false, true, true, false])
        #expect(cookies[1].path == "/x")
        #expect(cookies[1].expires == Date(timeIntervalSince1970: 0))
    }

    @Test("A cookie expires at a Max-Age of zero or less, or at its Expires instant itself")
    func expiryLimits() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let ages = [-1, 0, 1].map { ExpiredCookies.SetCookie(name: "a", maxAge: $0).isExpired(at: now) }
        #expect(ages == [true, true, false])
        let dates = [-1.0, 0, 1].map {
            ExpiredCookies.SetCookie(name: "a", expires: now.addingTimeInterval($0)).isExpired(at: now)
        }
        #expect(dates == [true, true, false])
        // Max-Age wins over Expires, either way.
        #expect(!ExpiredCookies.SetCookie(name: "a", maxAge: 1, expires: now).isExpired(at: now))
        #expect(ExpiredCookies.SetCookie(name: "a", maxAge: 0, expires: now.addingTimeInterval(60)).isExpired(at: now))
        #expect(!ExpiredCookies.SetCookie(name: "a").isExpired(at: now))
        // An attribute's value runs to the end: only its first `=` separates it from the name.
        #expect(ExpiredCookies.cookies(in: "a=1; Path=/a=b; Max-Age = 5").first?.path == "/a=b")
        #expect(ExpiredCookies.cookies(in: "a=1; Path=/a=b; Max-Age = 5").first?.maxAge == 5)
        // Attributes with no value at all.
        #expect(ExpiredCookies.cookies(in: "a=1; Secure; HttpOnly; Max-Age=0; Path").first?.maxAge == 0)
    }

    @Test("Blank pieces between joined headers belong to no cookie", arguments: [",,", ", ,", ",", ", "])
    func blankPiecesBetweenHeaders(separator: String) {
        let cookies = ExpiredCookies.cookies(in: "a=; Max-Age=0" + separator + "b=2; Path=/p" + separator)
        #expect(cookies.map(\.name) == ["a", "b"])
        #expect(cookies.first?.maxAge == 0)
        #expect(cookies.last?.path == "/p")
    }

    @Test("An expired cookie is deleted for its host and the domains above it, never for another domain or path")
    func expiryKeepsToItsDomainAndPath() throws {
        let storage = HTTPCookieStorage.shared
        let name = "scope\(UInt32.random(in: 0...UInt32.max))"
        func cookie(_ domain: String, _ path: String) throws -> HTTPCookie {
            try #require(
                HTTPCookie(properties: [.name: name, .value: "v", .domain: domain, .path: path]))
        }
        let ownHost = try cookie("api.example.com", "/")
        let parent = try cookie(".example.com", "/")
        let otherDomain = try cookie("badexample.com", "/")
        let otherPath = try cookie("api.example.com", "/other")
        for stored in [ownHost, parent, otherDomain, otherPath] { storage.setCookie(stored) }
        defer { for stored in storage.cookies ?? [] where stored.name == name { storage.deleteCookie(stored) } }
        let response = try #require(
            HTTPURLResponse(
                url: URL(string: "http://api.example.com/account")!, statusCode: 200, httpVersion: nil,
                headerFields: ["Set-Cookie": "\(name)=; Max-Age=0; Path=/"]))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = storage
        configuration.httpShouldSetCookies = true
        ExpiredCookies.delete(expiredBy: response, in: configuration)
        let left = Set((storage.cookies ?? []).filter { $0.name == name }.map { "\($0.domain) \($0.path)" })
        #expect(left == ["badexample.com /", "api.example.com /other"])
    }

    @Test(
        "Without a Path, an expired cookie is deleted at the directory of the request's path",
        arguments: [("/account", "/"), ("/shop/cart", "/shop"), ("/shop/cart/", "/shop/cart"), ("", "/")])
    func defaultPath(requestPath: String, directory: String) throws {
        let storage = HTTPCookieStorage.shared
        let name = "path\(UInt32.random(in: 0...UInt32.max))"
        let paths = ["/", "/shop", "/shop/cart"]
        for path in paths {
            storage.setCookie(
                try #require(
                    HTTPCookie(properties: [.name: name, .value: "v", .domain: "api.example.com", .path: path])))
        }
        defer { for stored in storage.cookies ?? [] where stored.name == name { storage.deleteCookie(stored) } }
        let url = try #require(URL(string: "http://api.example.com" + requestPath))
        let response = try #require(
            HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: nil, headerFields: ["Set-Cookie": "\(name)=; Max-Age=0"]))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = storage
        configuration.httpShouldSetCookies = true
        ExpiredCookies.delete(expiredBy: response, in: configuration)
        let left = Set((storage.cookies ?? []).filter { $0.name == name }.map(\.path))
        #expect(left == Set(paths).subtracting([directory]))
    }
}
