import Foundation
import ReflectMap
import ReflectMapClient
import Testing

enum EchoRouter: Endpoint {
    case search(String, page: Int)
    case form([String: any Sendable])
    case create(Book)

    var method: HTTPMethod {
        switch self {
        case .search: .get
        case .form, .create: .post
        }
    }

    var path: String { "echo" }

    var parameters: [String: any Sendable] {
        switch self {
        case .search(let text, let page): ["q": text, "page": page]
        case .form(let fields): fields
        case .create: [:]
        }
    }

    var encoding: ParameterEncoding? {
        if case .form = self { return .form }
        return nil
    }

    var body: (any Mappable)? {
        if case .create(let book) = self { return book }
        return nil
    }

    var headers: [String: String] { ["X-Router": "echo"] }
}

struct NewBook: Mappable {
    var bookTitle = ""
    var pageCount = 0
}

struct ColonPath: Endpoint {
    var method: HTTPMethod { .post }
    var path: String { "accounts:signInWithPassword" }
    var parameters: [String: any Sendable] { ["key": "abc"] }
    var body: (any Mappable)? { Book(id: 1, title: "t") }
    var headers: [String: String] { ["authorization": "endpoint"] }
}

@Suite("Building requests")
struct RequestBuildingTests {
    func service(
        _ transport: TransportKind, _ configuration: ServiceConfiguration = ServiceConfiguration()
    ) throws -> APIService {
        try transport.service(configuration)
    }

    func service(_ configuration: ServiceConfiguration = ServiceConfiguration()) throws -> APIService {
        APIService(baseURL: try TestServer.shared.url(), configuration: configuration)
    }

    @Test("GET parameters go into a percent-encoded query, nested values with brackets")
    func queryEncoding() async throws {
        let echo = try await service().get(
            "echo",
            parameters: [
                "q": "a b&c=d/é", "page": 2, "flag": true,
                "filter": ["tags": ["x", "y"], "owner": "me"] as [String: any Sendable],
            ], as: Echo.self)
        #expect(echo.method == "GET")
        #expect(
            echo.query
                == "filter%5Bowner%5D=me&filter%5Btags%5D%5B%5D=x&filter%5Btags%5D%5B%5D=y&flag=true&page=2&q=a%20b%26c%3Dd/%C3%A9"
        )
        #expect(echo.queryItems["q"] == ["a b&c=d/é"])
        #expect(echo.queryItems["filter[tags][]"] == ["x", "y"])
    }

    @Test("POST parameters go into a JSON body")
    func jsonBody() async throws {
        let echo = try await service().post(
            "echo", parameters: ["name": "Ada", "tags": ["a"], "age": 36], as: Echo.self)
        #expect(echo.headers["content-type"] == "application/json")
        let body = try JSONSerialization.jsonObject(with: Data(echo.body.utf8)) as? [String: Any]
        #expect(body?["name"] as? String == "Ada")
        #expect(body?["age"] as? Int == 36)
        #expect(body?["tags"] as? [String] == ["a"])
    }

    @Test("A form endpoint sends application/x-www-form-urlencoded")
    func formBody() async throws {
        let echo = try await service().send(Request(EchoRouter.form(["name": "A&B", "n": 1]), as: Echo.self)).value
        #expect(echo.headers["content-type"] == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(echo.body == "n=1&name=A%26B")
    }

    @Test("A Mappable model is sent as the JSON body through the service's mapper")
    func modelBody() async throws {
        let snake = ServiceConfiguration(mapper: JSONMapper(keyTranslator: .snakeCase))
        let echo = try await service(snake).post(
            "echo", body: NewBook(bookTitle: "Dune", pageCount: 412), as: Echo.self)
        #expect(echo.method == "POST")
        #expect(echo.body == #"{"book_title":"Dune","page_count":412}"#)
        let routed = try await service().send(Request(EchoRouter.create(Book(id: 5, title: "Emma")), as: Echo.self))
            .value
        #expect(routed.body == #"{"id":5,"title":"Emma"}"#)
        let posted = try await service().post("echo", body: Book(id: 1, title: "x"), as: Echo.self)
        #expect(posted.body == #"{"id":1,"title":"x"}"#)
    }

    @Test("A router endpoint supplies method, path, parameters and headers")
    func routerEndpoint() async throws {
        let configuration = ServiceConfiguration(headers: ["X-App": "tests"], userAgent: "ReflectMapTests/1.0")
        let echo = try await service(configuration).send(Request(EchoRouter.search("swift", page: 3), as: Echo.self))
            .value
        #expect(echo.query == "page=3&q=swift")
        #expect(echo.headers["x-router"] == "echo")
        #expect(echo.headers["x-app"] == "tests")
        #expect(echo.headers["user-agent"] == "ReflectMapTests/1.0")
        #expect(echo.headers["accept"] == "application/json")
    }

    @Test(
        "PUT, PATCH and DELETE reach the server with their parameters", arguments: TransportKind.all,
        [HTTPMethod.put, .patch, .delete])
    func everyMethod(transport: TransportKind, method: HTTPMethod) async throws {
        let service = try service(transport)
        let echo: Echo
        switch method {
        case .put: echo = try await service.put("echo", parameters: ["v": 1], as: Echo.self)
        case .patch: echo = try await service.patch("echo", parameters: ["v": 1], as: Echo.self)
        default: echo = try await service.delete("echo", parameters: ["v": 1], as: Echo.self)
        }
        #expect(echo.method == method.rawValue)
        if method == .delete {
            #expect(echo.query == "v=1" && echo.body.isEmpty)
        } else {
            #expect(echo.body == #"{"v":1}"# && echo.query.isEmpty)
        }
    }

    @Test("Paths join the base URL whatever their slashes", arguments: TransportKind.all)
    func pathJoining(transport: TransportKind) async throws {
        let base = try TestServer.shared.url()
        let withSlash = APIService(
            baseURL: try #require(URL(string: base.absoluteString + "/")),
            configuration: transport.configure(ServiceConfiguration()))
        #expect(try await withSlash.get("/echo", as: Echo.self).path == "/echo")
        #expect(try await withSlash.get("echo", as: Echo.self).path == "/echo")
        #expect(try await service(transport).get("/echo", as: Echo.self).path == "/echo")
    }

    @Test("A path with a colon is a path, a body model sends parameters in the query, endpoint headers win")
    func pathsHeadersAndBody() async throws {
        let log = RequestLog()
        let service = try stubbedService(ServiceConfiguration(headers: ["Authorization": "service"]), log: log)
        _ = try await service.send(Request(ColonPath(), as: Empty.self)).value
        let request = try #require(await log.requests.first)
        #expect(
            request.url?.absoluteString == "https://identitytoolkit.example.com/v1/accounts:signInWithPassword?key=abc")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "endpoint")
        #expect(request.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"id":1,"title":"t"}"#)
    }
}
