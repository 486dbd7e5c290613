import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReflectMap
import ReflectMapClient
import Testing

// The calls of the releases before 1.0 still compile, with a deprecation that names their replacement,
// and do what the replacement does. They are called here through a protocol whose witness is deprecated,
// so that the test itself builds without warnings.

protocol MigrationCalls {
    static func run(_ service: APIService) async throws -> [String]
}

enum OldCalls: MigrationCalls {
    @available(*, deprecated, message: "calls every call of the releases before 1.0")
    static func run(_ service: APIService) async throws -> [String] {
        let endpoint = HTTPEndpoint.get("books")
        var seen: [String] = []
        seen.append("request \(try await service.request(endpoint, as: [Book].self).count)")
        seen.append("response \(try await service.response(endpoint, as: [Book].self).statusCode)")
        seen.append("data \(try await service.data(endpoint).value.count > 0)")
        seen.append("string \(try await service.string(endpoint).value.hasPrefix("["))")
        let inbox = Inbox<[String]>()
        let collected = LockedBox([String]())
        @Sendable func note(_ text: String) {
            let all = collected.withLock {
                $0.append(text)
                return $0
            }
            if all.count == 13 { Task { await inbox.put(all) } }
        }
        service.request(
            endpoint, as: [Book].self, success: { note("request-callbacks \($0.count)") }, failure: { note("\($0)") })
        service.request(endpoint, as: [Book].self) { note("request-completion \((try? $0.get())?.count ?? -1)") }
        service.get("books", as: [Book].self) { note("get-completion \((try? $0.get())?.count ?? -1)") }
        service.post("books", as: Book.self) { note("post-completion \((try? $0.get())?.id ?? -1)") }
        service.post("books", body: Book(id: 5, title: "x"), as: Book.self) {
            note("post-body \((try? $0.get())?.id ?? -1)")
        }
        service.put("books", as: Book.self) { note("put-completion \((try? $0.get())?.id ?? -1)") }
        service.patch("books", as: Book.self) { note("patch-completion \((try? $0.get())?.id ?? -1)") }
        service.delete("books", as: Book.self) { note("delete-completion \((try? $0.get())?.id ?? -1)") }
        service.get(
            "books", responseClass: [Book].self, success: { note("get-class \($0.count)") }, failure: { note("\($0)") })
        service.post(
            "books", responseClass: Book.self, success: { note("post-class \($0.id)") }, failure: { note("\($0)") })
        service.put(
            "books", responseClass: Book.self, success: { note("put-class \($0.id)") }, failure: { note("\($0)") })
        service.patch(
            "books", responseClass: Book.self, success: { note("patch-class \($0.id)") }, failure: { note("\($0)") })
        service.delete(
            "books", responseClass: Book.self, success: { note("delete-class \($0.id)") }, failure: { note("\($0)") })
        seen += await inbox.take().sorted()
        var form = MultipartFormData()
        form.append(Data("hi".utf8), name: "note")
        seen.append("upload \(try await service.upload(form, to: "uploads", as: Book.self).id)")
        return seen
    }
}

@Suite("Migrating to 1.0")
struct MigrationTests {
    @Test("Every call of the releases before 1.0 still works, as its replacement does")
    func oldCallsForward() async throws {
        let stub = StubTransport { request in
            let body: String =
                switch (request.httpMethod ?? "", request.url?.path ?? "") {
                case ("GET", "/books"): #"[{"id": 1, "title": "A"}, {"id": 2, "title": "B"}]"#
                case ("POST", "/uploads"):
                    (request.value(forHTTPHeaderField: "Content-Type") ?? "").hasPrefix("multipart/form-data")
                        ? #"{"id": 9}"# : #"{"id": -9}"#
                case (let method, _): #"{"id": \#(method.count)}"#
                }
            return .init(body: Data(body.utf8))
        }
        let service = APIService(
            baseURL: try #require(URL(string: "https://api.example.com")),
            configuration: ServiceConfiguration(transport: stub))
        let seen = try await (OldCalls.self as any MigrationCalls.Type).run(service)
        #expect(
            seen == [
                "request 2", "response 200", "data true", "string true",
                "delete-class 6", "delete-completion 6", "get-class 2", "get-completion 2", "patch-class 5",
                "patch-completion 5", "post-body 4", "post-class 4", "post-completion 4", "put-class 3",
                "put-completion 3", "request-callbacks 2", "request-completion 2",
                "upload 9",
            ])
    }

    @Test("An endpoint's retry limit takes the place of the service's, on both sides of it")
    func endpointRetryLimit() async throws {
        struct Flaky: Endpoint {
            var path: String { "flaky" }
            var method: HTTPMethod { .get }
            var retryLimit: Int?
        }
        for (limit, attempts) in [(nil, 3), (0, 1), (1, 2), (4, 5), (-1, 1)] as [(Int?, Int)] {
            let count = LockedBox(0)
            let stub = StubTransport { _ in
                count.withLock { $0 += 1 }
                return .init(statusCode: 503)
            }
            let service = APIService(
                baseURL: try #require(URL(string: "https://api.example.com")),
                configuration: ServiceConfiguration(retryPolicy: RetryPolicy(delay: 0), transport: stub))
            await #expect(throws: APIError.self) {
                try await service.send(Request(Flaky(retryLimit: limit), as: Data.self))
            }
            #expect(count.withLock { $0 } == attempts, "limit \(String(describing: limit))")
        }
    }
}
