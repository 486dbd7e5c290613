import Foundation
import ReflectMap
import ReflectMapClient
import Testing

struct Redirected: Endpoint {
    var code: String
    var method: HTTPMethod
    var target = "echo"
    var httpBody: HTTPBody? {
        method == .get || method == .head ? nil : .data(Data("payload".utf8), contentType: "text/plain")
    }
    var path: String { "redirect/\(code)/\(target)" }
}

@Suite("Redirects")
struct RedirectTests {
    func service(_ transport: TransportKind, _ policy: RedirectPolicy = .follow) throws -> APIService {
        try transport.service(ServiceConfiguration(redirectPolicy: policy))
    }

    @Test("307 and 308 keep the method and the body", arguments: TransportKind.all, ["307", "308", "307abs", "308abs"])
    func keepMethodAndBody(transport: TransportKind, code: String) async throws {
        for method in [HTTPMethod.post, .put, .patch] {
            let echo = try await service(transport).send(Request(Redirected(code: code, method: method), as: Echo.self))
                .value
            #expect(echo.method == method.rawValue)
            #expect(echo.path == "/echo")
            #expect(echo.body == "payload")
            #expect(echo.headers["content-type"] == "text/plain")
        }
    }

    @Test(
        "303 turns a POST into a GET without a body; 301 and 302 do so for POST only", arguments: TransportKind.all,
        ["301", "302", "303"])
    func browserRules(transport: TransportKind, code: String) async throws {
        let post = try await service(transport).send(Request(Redirected(code: code, method: .post), as: Echo.self))
            .value
        #expect(post.method == "GET")
        #expect(post.body.isEmpty)
        #expect(post.headers["content-type"] == nil)
        let put = try await service(transport).send(Request(Redirected(code: code, method: .put), as: Echo.self)).value
        #expect(put.method == (code == "303" ? "GET" : "PUT"))
        #expect(put.body == (code == "303" ? "" : "payload"))
    }

    @Test("A redirected response reports the final URL, and the query survives", arguments: TransportKind.all)
    func finalURL(transport: TransportKind) async throws {
        let response = try await service(transport).send(
            Request(Redirected(code: "302", method: .get, target: "echo?a=1"), as: Echo.self))
        #expect(response.url?.path == "/echo")
        #expect(response.value.query == "a=1")
    }

    @Test("doNotFollow returns the 3xx itself", arguments: TransportKind.all)
    func doNotFollow(transport: TransportKind) async throws {
        do {
            _ = try await service(transport, .doNotFollow).send(
                Request(Redirected(code: "307", method: .post), as: Echo.self)
            ).value
            Issue.record("expected a 307")
        } catch let error as APIError {
            #expect(error.statusCode == 307)
            #expect(error.header("Location") == "/echo")
        }
    }

    @Test("Twenty redirects are followed, and a twenty-first fails", arguments: TransportKind.all)
    func redirectLimit(transport: TransportKind) async throws {
        let service = try service(transport)
        #expect(try await service.get("redirect-chain/20", as: Echo.self).path == "/echo")
        await #expect { _ = try await service.get("redirect-chain/21", as: Echo.self) } throws: { error in
            if case .network(_, let code)? = error as? APIError {
                return code == URLError.Code.httpTooManyRedirects.rawValue
            }
            return false
        }
    }

    @Test("A redirect loop fails after 20 redirects", arguments: TransportKind.all)
    func loop(transport: TransportKind) async throws {
        await #expect { _ = try await service(transport).get("redirect-loop", as: Empty.self) } throws: { error in
            if case .network(_, let code)? = error as? APIError {
                return code == URLError.Code.httpTooManyRedirects.rawValue
            }
            return false
        }
    }
}
