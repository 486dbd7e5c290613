import Foundation
import ReflectMap
import ReflectMapClient
import Testing

struct EnvelopeBook: Mappable, Equatable {
    var id = 0
    var title = ""
}

struct EnvelopeErrorInfo: Mappable, Equatable {
    var code = 0
    var message = ""
}

/// An endpoint with its own envelope (or `.none`).
struct EnvelopeEndpoint: Endpoint {
    var path: String
    var method: HTTPMethod { .get }
    var envelope: ResponseEnvelope?
}

@Suite("Errors inside 2xx envelopes")
struct EnvelopeTests {
    static let bodies: [String: (Int, String)] = [
        "/failed": (200, #"{"data": null, "error": {"code": 1002, "message": "token expired"}}"#),
        "/ok": (200, #"{"data": {"id": 7, "title": "Dune"}, "error": null}"#),
        "/coded-ok": (200, #"{"code": 0, "msg": "ok", "data": {"id": 8, "title": "Emma"}}"#),
        "/coded-failed": (200, #"{"code": "40001", "msg": "sign in again", "data": null}"#),
        "/flag-failed": (200, #"{"success": false, "message": "quota", "result": null}"#),
        "/flag-ok": (200, #"{"success": true, "result": {"id": 9, "title": "Ulysses"}}"#),
        "/plain": (200, #"{"id": 1, "title": "Plain"}"#),
        "/coded-missing": (200, #"{"msg": "ok", "data": {"id": 10, "title": "Nana"}}"#),
        "/coded-null": (200, #"{"code": null, "data": {"id": 10, "title": "Nana"}}"#),
        "/coded-object": (200, #"{"code": {"value": 5}, "data": {"id": 10, "title": "Nana"}}"#),
        "/server-error": (500, #"{"data": null, "error": {"code": 1, "message": "down"}}"#),
        "/repeated": (
            200, #"{"code": 1, "data": {"id": 1, "title": "A"}, "code": 0, "data": {"id": 2, "title": "B"}}"#
        ),
        "/late-error": (200, #"{"data": {"id": 3, "title": "C"}, "error": {"code": 5, "message": "late"}}"#),
        "/broken": (200, "{\"data\": {\"id\": 3},\n \"error\": }"),
    ]

    func service(_ envelope: ResponseEnvelope?) throws -> APIService {
        let transport = StubTransport { request in
            let (status, body) = Self.bodies[request.url?.path ?? ""] ?? (404, "{}")
            return StubTransport.Response(
                statusCode: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
        return APIService(
            baseURL: try #require(URL(string: "https://api.example.test")),
            configuration: ServiceConfiguration(transport: transport, envelope: envelope)
        )
    }

    func envelopeFailure(_ body: () async throws -> Void) async -> EnvelopeFailure? {
        do {
            try await body()
        } catch let APIError.envelopeError(failure) {
            return failure
        } catch {
            Issue.record("expected an envelope error, got \(error)")
        }
        return nil
    }

    @Test(
        "An error member that is present fails the call with the server's code and message, and maps into the app's model"
    )
    func errorMember() async throws {
        let service = try service(.dataError)
        do {
            _ = try await service.get("failed", as: EnvelopeBook.self)
            Issue.record("expected an envelope error")
        } catch let error as APIError {
            guard case .envelopeError(let failure) = error else { Issue.record("got \(error)"); return }
            #expect(failure.status == 200 && error.statusCode == 200)
            #expect(failure.code == .number(.integer(1002)))
            #expect(failure.message == .string("token expired") && failure.messageText == "token expired")
            #expect(error.body == Data(Self.bodies["/failed"]!.1.utf8))
            #expect(
                error.errorModel(as: EnvelopeErrorInfo.self) == EnvelopeErrorInfo(code: 1002, message: "token expired"))
            #expect(error.description == "The server answered 200 with error 1002: token expired.")
        }
    }

    @Test(
        "The verdict and the value come from one reading: a repeated key's last member, an error after the value, malformed JSON"
    )
    func oneReading() async throws {
        let coded = try service(ResponseEnvelope(error: .code("code", success: ["0"])))
        #expect(try await coded.get("repeated", as: EnvelopeBook.self) == EnvelopeBook(id: 2, title: "B"))
        let failure = await envelopeFailure {
            _ = try await service(.dataError).get("late-error", as: EnvelopeBook.self)
        }
        #expect(failure?.codeText == "5" && failure?.messageText == "late")
        do {
            _ = try await service(.dataError).get("broken", as: EnvelopeBook.self)
            Issue.record("expected malformed JSON")
        } catch APIError.undecodable(let error, _) {
            guard case .malformedJSON = error.kind else { Issue.record("got \(error)"); return }
            #expect(error.location?.line == 2)
        }
    }

    @Test("An error member that is null lets the value map, from its key path")
    func errorMemberNull() async throws {
        #expect(try await service(.dataError).get("ok", as: EnvelopeBook.self) == EnvelopeBook(id: 7, title: "Dune"))
    }

    @Test("A code at a key path fails unless it is a success code, compared as text")
    func successCodes() async throws {
        let envelope = ResponseEnvelope(
            value: "data", error: .code("code", success: ["0"]), code: "code", message: "msg")
        let service = try service(envelope)
        #expect(try await service.get("coded-ok", as: EnvelopeBook.self) == EnvelopeBook(id: 8, title: "Emma"))
        let failure = await envelopeFailure { _ = try await service.get("coded-failed", as: EnvelopeBook.self) }
        #expect(failure?.code == .string("40001") && failure?.messageText == "sign in again")
    }

    @Test("A response without a code, or whose code is null or not a scalar, is not an error")
    func missingCodeIsNoError() async throws {
        let envelope = ResponseEnvelope(
            value: "data", error: .code("code", success: ["0"]), code: "code", message: "msg")
        let service = try service(envelope)
        for path in ["coded-missing", "coded-null", "coded-object"] {
            #expect(
                try await service.get(path, as: EnvelopeBook.self) == EnvelopeBook(id: 10, title: "Nana"), "\(path)")
        }
        let flagged = try self.service(ResponseEnvelope(value: "data", error: .flag("success")))
        #expect(try await flagged.get("coded-missing", as: EnvelopeBook.self) == EnvelopeBook(id: 10, title: "Nana"))
    }

    @Test("A Boolean success member that is false fails the call")
    func successFlag() async throws {
        let envelope = ResponseEnvelope(value: "result", error: .flag("success"), message: "message")
        let service = try service(envelope)
        #expect(try await service.get("flag-ok", as: EnvelopeBook.self) == EnvelopeBook(id: 9, title: "Ulysses"))
        let failure = await envelopeFailure { _ = try await service.get("flag-failed", as: EnvelopeBook.self) }
        #expect(failure?.messageText == "quota" && failure?.code == nil)
    }

    @Test("Callbacks and send(_:) honour the envelope too, and so does the Empty response class")
    func everyCallForm() async throws {
        let service = try service(.dataError)
        let result: Result<EnvelopeBook, APIError> = await withCheckedContinuation { continuation in
            service.send(Request(.get("failed"), as: EnvelopeBook.self)) {
                continuation.resume(returning: $0.map(\.value))
            }
        }
        guard case .failure(.envelopeError(let failure)) = result else { Issue.record("got \(result)"); return }
        #expect(failure.messageText == "token expired")
        let viaResponse = await envelopeFailure {
            _ = try await service.send(Request(EnvelopeEndpoint(path: "failed"), as: EnvelopeBook.self))
        }
        #expect(viaResponse?.status == 200)
        let empty = await envelopeFailure { _ = try await service.get("failed", as: Empty.self) }
        #expect(empty != nil)
        let response = try await service.send(Request(EnvelopeEndpoint(path: "ok"), as: EnvelopeBook.self))
        #expect(response.value.id == 7 && response.statusCode == 200)
    }

    @Test(
        "Each recognition rule fails a callback call the same way",
        arguments: [
            (ResponseEnvelope.dataError, "failed", "token expired"),
            (
                ResponseEnvelope(value: "data", error: .code("code", success: ["0"]), code: "code", message: "msg"),
                "coded-failed", "sign in again"
            ),
            (ResponseEnvelope(value: "result", error: .flag("success"), message: "message"), "flag-failed", "quota"),
        ])
    func rulesWithCallbacks(_ envelope: ResponseEnvelope, _ path: String, _ message: String) async throws {
        let service = try service(envelope)
        let result: Result<EnvelopeBook, APIError> = await withCheckedContinuation { continuation in
            service.send(Request(EnvelopeEndpoint(path: path), as: EnvelopeBook.self)) {
                continuation.resume(returning: $0.map(\.value))
            }
        }
        guard case .failure(.envelopeError(let failure)) = result else { Issue.record("got \(result)"); return }
        #expect(failure.messageText == message && failure.status == 200)
        let success: Result<EnvelopeBook, APIError> = await withCheckedContinuation { continuation in
            let okPath = path == "failed" ? "ok" : path == "coded-failed" ? "coded-ok" : "flag-ok"
            service.send(Request(EnvelopeEndpoint(path: okPath), as: EnvelopeBook.self)) {
                continuation.resume(returning: $0.map(\.value))
            }
        }
        #expect((try? success.get())?.id != nil)
    }

    @Test("A status the service does not accept is still unacceptableStatus")
    func nonSuccessStatus() async throws {
        await #expect {
            _ = try await service(.dataError).get("server-error", as: EnvelopeBook.self)
        } throws: { error in
            if case .unacceptableStatus(500, _, _)? = error as? APIError { return true }
            return false
        }
    }

    @Test("An endpoint overrides the service's envelope, or turns it off; a service without one is unaffected")
    func overrides() async throws {
        let wrapped = try service(.dataError)
        let plain = try await wrapped.send(
            Request(EnvelopeEndpoint(path: "plain", envelope: ResponseEnvelope.none), as: EnvelopeBook.self)
        ).value
        #expect(plain.title == "Plain")
        let flagged = ResponseEnvelope(value: "result", error: .flag("success"))
        #expect(
            try await wrapped.send(Request(EnvelopeEndpoint(path: "flag-ok", envelope: flagged), as: EnvelopeBook.self))
                .value.id == 9)
        let unwrapped = try service(nil)
        #expect(try await unwrapped.get("plain", as: EnvelopeBook.self).title == "Plain")
        await #expect {
            _ = try await unwrapped.get("failed", at: "data", as: EnvelopeBook.self)
        } throws: { error in
            if case .undecodable? = error as? APIError { return true }
            return false
        }
    }

    @Test("A service's report handler hears about responses that drift from the model")
    func driftFromTheClient() async throws {
        let log = Recorded<[String]>()
        var mapper = JSONMapper()
        mapper.reportHandler = { log.append($0.report.unmappedKeys) }
        let transport = StubTransport { _ in
            StubTransport.Response(body: Data(#"{"id": 1, "title": "t", "isbn": "x"}"#.utf8))
        }
        let service = APIService(
            baseURL: try #require(URL(string: "https://api.example.test")),
            configuration: ServiceConfiguration(mapper: mapper, transport: transport)
        )
        _ = try await service.get("book", as: EnvelopeBook.self)
        #expect(log.all == [["isbn"]])
    }

    @Test("A service's report handler hears about each streamed line that drifts from the model, by its place")
    func driftFromAStream() async throws {
        let log = Recorded<[String]>()
        var mapper = JSONMapper()
        mapper.reportHandler = { log.append($0.report.unmappedKeys) }
        let lines = #"{"id": 1, "title": "t"}"# + "\n" + #"{"id": 2, "title": "u", "isbn": "x"}"# + "\n"
        let transport = StubTransport { _ in StubTransport.Response(body: Data(lines.utf8)) }
        let service = APIService(
            baseURL: try #require(URL(string: "https://api.example.test")),
            configuration: ServiceConfiguration(mapper: mapper, transport: transport)
        )
        var ids: [Int] = []
        for try await book in service.stream(BookPath(path: "books"), as: EnvelopeBook.self, layout: .jsonLines) {
            ids.append(book.id)
        }
        #expect(ids == [1, 2])
        #expect(log.all == [["[1].isbn"]])
    }
}
