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
}
