import Foundation
@testable import ReflectMapClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The redirect rule on its own, for every status, method and change of origin: which responses are
/// followed, which requests turn into a GET without their body, and which lose their credentials.
@Suite("Redirect decisions")
struct RedirectDecisionTests {
    static let origin = "https://api.example.com:8443/v1/items"

    func next(
        _ status: Int, _ method: String, to location: String = "/v1/other"
    ) throws -> (request: URLRequest, keepsBody: Bool)? {
        let url = try #require(URL(string: Self.origin))
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = Data("payload".utf8)
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        request.setValue("7", forHTTPHeaderField: "Content-Length")
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        request.setValue("sid=1", forHTTPHeaderField: "Cookie")
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: ["Location": location]))
        return RedirectPolicy.next(after: response, for: request)
    }

    @Test(
        "Only 301, 302, 303, 307 and 308 are followed",
        arguments: [200, 300, 301, 302, 303, 304, 305, 306, 307, 308, 309])
    func followedStatuses(status: Int) throws {
        let followed = try next(status, "GET") != nil
        #expect(followed == [301, 302, 303, 307, 308].contains(status))
    }

    @Test(
        "Only an http or https target is followed, in any case",
        arguments: [
            ("http://a.test/x", true), ("HTTPS://a.test/x", true), ("ftp://a.test/x", false),
            ("mailto:a@a.test", false),
            ("file:///etc/passwd", false),
        ])
    func followedSchemes(location: String, followed: Bool) throws {
        let result = try next(302, "GET", to: location)
        #expect((result != nil) == followed)
    }

    @Test(
        "303 turns every method but HEAD into a GET without a body; 301 and 302 turn only POST; 307 and 308 none",
        arguments: [301, 302, 303, 307, 308], ["GET", "HEAD", "POST", "PUT", "DELETE", "post"])
    func methods(status: Int, method: String) throws {
        let decided = try next(status, method)
        let result = try #require(decided)
        let becomesGET =
            (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method.uppercased() == "POST")
        #expect(result.keepsBody == !becomesGET)
        #expect(result.request.httpMethod == (becomesGET ? "GET" : method.uppercased()))
        #expect((result.request.httpBody == nil) == becomesGET)
        #expect((result.request.value(forHTTPHeaderField: "Content-Type") == nil) == becomesGET)
        #expect((result.request.value(forHTTPHeaderField: "Content-Length") == nil) == becomesGET)
    }

    @Test(
        "Credentials go along to the same scheme, host and port only",
        arguments: [
            ("/v1/other", true), ("https://API.example.com:8443/x", true), ("http://api.example.com:8443/x", false),
            ("https://cdn.example.com:8443/x", false), ("https://api.example.com/x", false),
            ("https://api.example.com:8444/x", false),
        ])
    func credentials(location: String, kept: Bool) throws {
        let decided = try next(307, "GET", to: location)
        let request = try #require(decided).request
        #expect((request.value(forHTTPHeaderField: "Authorization") == "Bearer t") == kept)
        #expect((request.value(forHTTPHeaderField: "Cookie") == "sid=1") == kept)
    }
}
