// swift-format-ignore-file
import Foundation
import ReflectMap
import ReflectMapClient
import Testing

/// The "Errors Inside Successful Responses" article.
struct SignedInUser: Mappable {
    var name = ""
}

struct ServerFault: Mappable {
    var code = 0
    var message = ""
}

func loadProfile(from api: APIService) async -> String {
    do {
        let profile = try await api.get("me", as: SignedInUser.self)
        return profile.name
    } catch APIError.envelopeError(let failure) {
        return "\(failure.codeText ?? "?"): \(failure.messageText ?? "")"
    } catch let error as APIError {
        return error.errorModel(as: ServerFault.self)?.message ?? error.description
    } catch {
        return "\(error)"
    }
}

enum AccountRouter: Endpoint {
    case health, legacyProfile

    var method: HTTPMethod { .get }
    var path: String {
        switch self {
        case .health: "health"
        case .legacyProfile: "v1/profile"
        }
    }
    var envelope: ResponseEnvelope? {
        switch self {
        case .health: ResponseEnvelope.none
        case .legacyProfile: ResponseEnvelope(value: "result", error: .flag("success"), message: "reason")
        }
    }
}

@Suite("Errors Inside Successful Responses article")
struct ErrorsInsideSuccessfulResponsesSnippets {
    static func service(_ envelope: ResponseEnvelope, body: String) -> APIService {
        let transport = StubTransport { _ in StubTransport.Response(body: Data(body.utf8)) }
        return APIService(baseURL: URL(string: "https://api.example.com")!, configuration: ServiceConfiguration(transport: transport, envelope: envelope))
    }

    @Test("A code that is not a success code becomes the server's code and message")
    func coded() async throws {
        let envelope = ResponseEnvelope(value: "data", error: .code("code", success: ["0", "200"]), code: "code", message: "msg")
        let api = APIService(
            baseURL: URL(string: "https://api.example.com")!,
            configuration: ServiceConfiguration(envelope: envelope)
        )
        #expect(api.configuration.envelope == envelope)
        let failing = Self.service(envelope, body: #"{"code": 40001, "msg": "sign in again", "data": null}"#)
        #expect(await loadProfile(from: failing) == "40001: sign in again")
        let fine = Self.service(envelope, body: #"{"code": 0, "data": {"name": "Ada"}}"#)
        #expect(await loadProfile(from: fine) == "Ada")
    }

    @Test("An endpoint turns the envelope off, or brings its own")
    func perEndpoint() async throws {
        let health = Self.service(.dataError, body: #"{"name": "ok"}"#)
        #expect(try await health.send(Request(AccountRouter.health, as: SignedInUser.self)).value.name == "ok")
        let legacy = Self.service(.dataError, body: #"{"success": false, "reason": "gone"}"#)
        await #expect(throws: APIError.self) { _ = try await legacy.send(Request(AccountRouter.legacyProfile, as: SignedInUser.self)).value }
    }
}
