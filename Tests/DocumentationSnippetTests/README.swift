// swift-format-ignore-file
import Foundation
import Observation
import ReflectMap
import ReflectMapClient
import Testing

// The README's Swift blocks.

/// The quick start's model.
enum README {
    final class User: Mappable {
        var id: Int64 = 0
        var screenName = ""
        var followersCount = 0
        var profileImageURL: URL?
        var lastSeen: Date?
        @JSONKey("user_name", alternates: "name", "login") var name = ""
        @JSONIgnored var isAdmin = false          // never read from or written to JSON
        required init() {}
    }
}

struct BookService {                            // one per domain of the API, holding its APIService
    let api: APIService

    func book(id: Int) async throws -> Book {
        try await api.get("books/\(id)", as: Book.self)
    }

    func page(_ number: Int) async throws -> [Book] {
        try await api.get("books", parameters: ["page": number], at: "data", as: [Book].self)  // {data, error} envelope
    }
}

enum BookRouter: Endpoint {                     // a router enum: one case per call
    case search(String), create(Book)
    var method: HTTPMethod { if case .create = self { .post } else { .get } }
    var path: String { "books" }
    var parameters: [String: any Sendable] { if case .search(let text) = self { ["q": text] } else { [:] } }
    var body: (any Mappable)? { if case .create(let book) = self { book } else { nil } }   // mapped to JSON
}

/// The client block, as written: it goes to the network, so it is compiled, not run. `Session` is the
/// Authentication article's.
func readmeClient(session: Session) async throws {
    let api = APIService(baseURL: URL(string: "https://api.example.com/v1")!, configuration: ServiceConfiguration(
        mapper: JSONMapper(keyTranslator: .snakeCase),
        headers: ["X-Client": "ios"], timeout: 30, userAgent: "BookApp/1.0",
        retryPolicy: RetryPolicy(delay: 0.2, backoffMultiplier: 2),
        interceptors: [AuthInterceptor(token: { await session.token }, refresh: { try await session.refresh() })],
        maximumConcurrentRequests: 4))
    let service = BookService(api: api)

    do {
        let results = try await api.send(Request(BookRouter.search("dune"), as: [Book].self)).value
        let dune = try await service.book(id: 7)
        print(results.count, dune.title)
    } catch let error as APIError {
        switch error {
        case .unacceptableStatus(let code, _, _):
            let body = error.errorModel(as: ServerError.self)   // {statusCode, message[], error}; nil for an HTML page
            print(code, body?.message ?? [])
        case .envelopeError(let failure): print(failure.code ?? "", failure.messageText ?? "")   // 200 with {"error": …}
        case .undecodable(let mapping, _): print("bad payload at", mapping.path)
        case .network, .cancelled, .invalidRequest, .publicKeyPinMismatch, .publicKeyPinningUnavailable: print(error)
        }
    }
}

/// The huge-documents block, as written; `Order` is the Streaming Large Documents article's.
func readmeHugeDocuments(mapper: JSONMapper, exportURL: URL) async throws -> Double {
    var total = 0.0
    for try await order in mapper.elements(Order.self, contentsOf: exportURL, layout: .array(at: "data.items")) {
        total += order.amount                                 // one order in memory, not the file
    }
    return total
}

/// The client's streaming block, as written.
func readmeClientStream(api: APIService) async throws {
    for try await book in api.stream(BookRouter.search("*"), as: Book.self) {   // a huge JSON array response,
        print(book.title)                                                       // mapped as its bytes arrive
    }
}

/// The types the "Every type an app has" blocks use.
enum READMETypes {
    nonisolated struct Money: Equatable, Sendable, CustomStringConvertible {
        var amount: Decimal = 0
        var currency = "USD"
        init() {}
        init?(_ text: String) {
            let parts = text.split(separator: " ")
            guard parts.count == 2, let amount = Decimal(string: String(parts[0])) else { return nil }
            self.amount = amount
            self.currency = String(parts[1])
        }
        var description: String { "\(amount) \(currency)" }
    }
    enum MoneyError: Error { case notMoney }
    struct Tag: Mappable, Equatable { var name = "" }
    struct Item: Mappable { var quantity = 0 }
    struct GeoPoint: Codable, Equatable, Sendable { var lat = 0.0, lng = 0.0 }

    struct MoneyAdapter: JSONAdapter {
        func read(_ json: JSONValue) throws -> Money {
            guard case .string(let text) = json, let money = Money(text) else { throw MoneyError.notMoney }
            return money                                       // "12.30 USD"
        }
        func write(_ value: Money) throws -> JSONValue { .string(value.description) }
    }

    struct Event: Mappable {
        @JSONTransform(SecondsSince1970()) var createdAt = Date()
        @JSONTransform(DateFormat("yyyy-MM-dd")) var day = Date()
        @JSONTransform(NumberAsString<Int64>()) var id: Int64 = 0      // "9007199254740993" both ways
        @JSONTransform(LossyArray<Tag>()) var tags: [Tag] = []        // drops bad elements, strict mode too
        @JSONKey(path: "location.lat") var latitude = 0.0             // {"location": {"lat": …}}
        var attendees: Set<String> = []
        var seatsByRow: [Int: String] = [:]                           // {"1": "A"}, as JSONEncoder writes it
    }

    class Animal: JSONPolymorphic {
        class var typeKey: String { "type" }
        class var subtypes: [String: any Mappable.Type] { ["dog": Dog.self, "cat": Cat.self] }
        var name = ""
        required init() {}
    }
    nonisolated final class Dog: Animal { var barks = true }   // nonisolated: see Declaring Models
    nonisolated final class Cat: Animal { var lives = 9 }

    struct Account: MappableCodable {
        var id = 0
        @JSONKey("user_name") var name = ""
        var home: GeoPoint?                                   // a Codable struct from another library
    }

    @Observable final class Basket: Mappable {
        var items: [Item] = []
        var total = 0
        required init() {}
        func didFinishMapping() throws { total = items.reduce(0) { $0 + $1.quantity } }
    }

    struct Price: Mappable { var total = Money() }

    static func register() throws -> Money {
        let shop = JSONMapper(keyTranslator: .snakeCase, adapters: [MoneyAdapter()])
        return try shop.map(Price.self, from: json(#"{"total": "12.30 USD"}"#)).total
    }

    static func decode(_ data: Data) throws -> Account {
        let account = try JSONDecoder().decode(Account.self, from: data)
        return account
    }

    struct BasketState: Mappable {
        var items: [Item] = []
        var total = 0
        mutating func didFinishMapping() throws { total = items.reduce(0) { $0 + $1.quantity } }
    }

    @Observable final class Store { var basket = BasketState() }  // BasketState: a Mappable struct

    static func update(_ store: Store, with patch: Data) throws {
        let mapper = JSONMapper()
        try mapper.update(&store.basket, from: patch)             // only the keys present change; observers hear it
    }
}

@Suite("README")
struct READMESnippets {
    @Test("The quick start maps bytes, text, arrays and envelopes, and writes back")
    func quickStart() throws {
        typealias User = README.User
        let data = json(#"{"id": 1, "screen_name": "ada", "login": "ada_l", "followers_count": 3}"#)
        let listData = json(#"[{"id": 1}, {"id": 2}]"#)
        let envelope = json(#"{"data": {"users": [{"id": 3, "name": "Cy"}]}}"#)

        let mapper = JSONMapper(keyTranslator: .snakeCase)   // screenName ⇄ screen_name, profileImageURL ⇄ profile_image_url
        let user = try mapper.map(User.self, from: data)                          // Data → model
        let users = try mapper.mapArray(User.self, from: listData)                // top-level JSON array
        let first = try mapper.map(User.self, from: envelope, at: "data.users.0") // unwrap an envelope
        let dictionary = try mapper.dictionary(from: user)                        // model → [String: Any]
        let bytes = try mapper.data(from: user)                                   // model → JSON Data
        let text = try mapper.string(from: user)                                  // model → JSON String
        let again = try mapper.map(User.self, from: text)                         // String → model

        #expect(user.screenName == "ada" && user.name == "ada_l" && users.count == 2 && first.name == "Cy")
        #expect(dictionary["user_name"] as? String == "ada_l")
        #expect(try mapper.map(User.self, from: bytes).followersCount == 3)
        #expect(again.followersCount == 3 && text == String(decoding: bytes, as: UTF8.self))
    }

    @Test("The README's adapter, transforms, polymorphism, Codable and hook examples work")
    func everyType() throws {
        #expect(try READMETypes.register() == READMETypes.Money("12.30 USD"))
        let event = try JSONMapper().map(READMETypes.Event.self, from: json("""
        {"createdAt": 0, "day": "2024-01-02", "id": "9007199254740993", "tags": [{"name": "a"}, 1],
         "location": {"lat": 1.5}, "attendees": ["x", "x"], "seatsByRow": {"1": "A"}}
        """))
        #expect(event.id == 9_007_199_254_740_993 && event.tags.count == 1 && event.latitude == 1.5)
        #expect(event.attendees == ["x"] && event.seatsByRow == [1: "A"])
        let pets = try JSONMapper().map([READMETypes.Animal].self, from: json(#"[{"type": "cat", "lives": 3}]"#))
        #expect((pets.first as? READMETypes.Cat)?.lives == 3)
        #expect(try READMETypes.decode(json(#"{"id": "4", "user_name": "ada"}"#)).id == 4)
        let basket = try JSONMapper().map(READMETypes.Basket.self, from: json(#"{"items": [{"quantity": 2}]}"#))
        #expect(basket.total == 2)
        var updateBasket = READMETypes.Basket()
        #expect(throws: MappingError.self) { try JSONMapper().update(&updateBasket, from: json(#"{"total": 5}"#)) }
        let store = READMETypes.Store()
        let heard = Flag()
        withObservationTracking { _ = store.basket } onChange: { heard.raise() }
        try READMETypes.update(store, with: json(#"{"items": [{"quantity": 5}]}"#))
        #expect(store.basket.total == 5 && heard.isRaised)
    }

    @Test("The README's service and router send their requests and map the responses")
    func client() async throws {
        let stub = BookStub([
            "GET /v1/books/7": #"{"id": 7, "title": "Dune"}"#,
            "GET /v1/books": #"{"data": [{"id": 1, "title": "A"}]}"#,
        ])
        let api = stubbedService(APIService.init, stub)
        let service = BookService(api: api)
        #expect(try await service.book(id: 7).title == "Dune")
        #expect(try await service.page(1).count == 1)
        _ = try? await api.send(Request(BookRouter.create(Book(id: 0, title: "New")), as: Book.self)).value
        #expect(stub.requests.last?.httpMethod == "POST")
    }
}
