import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Observation
import ReflectMap
import ReflectMapClient
import ReflectMapHandyJSON
import Testing

// One conformance to each public protocol of the three products that app code adopts, written as an app
// written in a new Xcode 26 target writes it (main-actor isolation by default, approachable concurrency),
// with no `nonisolated` unless the docs show it. Each is then used by the library from a detached task,
// off the main actor: an isolated conformance would trap there in the runtime's isolation check.

// MARK: ReflectMap

final class Profile: Mappable {
    var id = 0
    var name = ""
    var stamp = Stamp()
    @Clamped var level = 0
    required init() {}
}

struct Stamp: Mappable {
    var at = Date(timeIntervalSince1970: 0)
}

@Observable final class LiveScore: Mappable {
    var points = 0
    required init() {}
}

class Shape: JSONPolymorphic {
    class var typeKey: String { "kind" }
    class var subtypes: [String: any Mappable.Type] { ["circle": Circle.self] }
    class var unknownSubtype: (any JSONUnknownSubtype.Type)? { UnknownShape.self }
    var id = ""
    required init() {}
}
nonisolated final class Circle: Shape { var radius = 0.0 }  // nonisolated: see Declaring Models
nonisolated final class UnknownShape: Shape, JSONUnknownSubtype {
    @JSONIgnored var unknownJSON: JSONValue = .null
}

struct Photo: Mappable { var url = "" }
struct Clip: Mappable { var seconds = 0 }

enum Media: JSONPolymorphicEnum {
    case photo(Photo)
    case clip(Clip)
    case other(JSONValue)

    static var typeKey: String { "type" }
    static var cases: [JSONEnumCase<Media>] { [.init("photo", Media.photo), .init("clip", Media.clip)] }
    static var unknownCase: ((JSONValue) -> Media)? { Media.other }
}

struct Gallery: Mappable {
    var items: [Media] = []
    @JSONTransform(EmbeddedJSON<Photo>()) var cover = Photo()
}

struct Cents: JSONAdapter {
    func read(_ json: JSONValue) throws -> Int {
        guard case .string(let text) = json, let value = Double(text) else {
            throw MappingError(.typeMismatch(expected: "a price", found: "\(json)"))
        }
        return Int((value * 100).rounded())
    }
    func write(_ value: Int) throws -> JSONValue { .string(String(format: "%.2f", Double(value) / 100)) }
}

struct Priced: Mappable {
    @JSONTransform(Cents()) var price = 0
}

struct Account: MappableCodable {
    var id = 0
    var email = ""
}

@propertyWrapper struct Clamped: JSONPropertyWrapper {
    var wrappedValue: Int { didSet { wrappedValue = min(max(wrappedValue, 0), 10) } }
    init(wrappedValue: Int) { self.wrappedValue = min(max(wrappedValue, 0), 10) }
    var jsonWrappedValue: Int { wrappedValue }
}

// MARK: ReflectMapClient

enum ProfileRouter: Endpoint {
    case show(id: Int)
    var method: HTTPMethod { .get }
    var path: String {
        switch self {
        case .show(let id): "profiles/\(id)"
        }
    }
}

final class TokenInterceptor: RequestInterceptor {
    func adapt(_ request: URLRequest) async throws -> URLRequest {
        var request = request
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        return request
    }
}

final class Recorder: EventMonitor, @unchecked Sendable {
    private let lock = NSLock()
    private var finished: [Int] = []
    func requestDidFinish(_ request: URLRequest, response: HTTPURLResponse?, data: Data?, error: APIError?) {
        lock.withLock { finished.append(response?.statusCode ?? -1) }
    }
    var statuses: [Int] { lock.withLock { finished } }
}

struct EchoTransport: Transport {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let authorised = request.value(forHTTPHeaderField: "Authorization") == "Bearer t"
        let body = Data(#"{"id": 7, "name": "\#(authorised ? "ada" : "anonymous")", "level": 42}"#.utf8)
        let url = request.url ?? URL(fileURLWithPath: "/")
        guard let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])
        else {
            throw URLError(.badServerResponse)
        }
        return (body, response)
    }
}

final class LoopbackConnection: WebSocketConnection, @unchecked Sendable {
    let incoming: AsyncThrowingStream<WebSocketPayload, any Error>
    private let continuation: AsyncThrowingStream<WebSocketPayload, any Error>.Continuation

    init() {
        (incoming, continuation) = AsyncThrowingStream.makeStream()
    }

    func send(_ payload: WebSocketPayload) async throws { continuation.yield(payload) }
    func ping() async throws {}
    func close(code: WebSocketCloseCode, reason: String) async { continuation.finish() }
}

struct LoopbackConnector: WebSocketConnector {
    func connect(_ request: URLRequest) async throws -> any WebSocketConnection { LoopbackConnection() }
}

// MARK: ReflectMapHandyJSON

final class Member: HandyJSON {
    var name: String?
    var version: Version?
    var role: Role = .guest
    required init() {}

    func mapping(mapper: HelpingMapper) {
        mapper <<< self.name <-- Upper()
    }
}

enum Role: String, HandyJSONEnum {
    case guest, admin
}

struct Version: HandyJSONCustomTransformable {
    var parts: [Int] = []
    static func _transform(from object: Any) -> Version? {
        (object as? String).map { Version(parts: $0.split(separator: ".").compactMap { Int($0) }) }
    }
    func _plainValue() -> Any? { parts.map(String.init).joined(separator: ".") }
}

final class Upper: TransformType {
    typealias Object = String
    typealias JSON = String
    func transformFromJSON(_ value: Any?) -> String? { (value as? String)?.uppercased() }
    func transformToJSON(_ value: String?) -> String? { value?.lowercased() }
}

// MARK: Each conformance, used off the main actor

@Suite("Conformances written in an Xcode 26 app target work off the main actor")
struct XcodeAppConformanceTests {
    @Test("Models, polymorphic bases, adapters, wrappers and Codable models map on a detached task")
    func reflectMapProtocols() async throws {
        try await Task.detached {
            let mapper = JSONMapper()
            let profile = try mapper.map(
                Profile.self,
                from: Data(#"{"id": 1, "name": "a", "stamp": {"at": "2024-10-05T17:08:34.650Z"}, "level": 42}"#.utf8))
            #expect(profile.id == 1 && profile.level == 10)
            #expect(
                try String(decoding: mapper.data(from: profile.stamp), as: UTF8.self)
                    == #"{"at":"2024-10-05T17:08:34.650Z"}"#)
            #expect(try mapper.map(LiveScore.self, from: Data(#"{"points": 3}"#.utf8)).points == 3)
            let shapes = try mapper.map(
                [Shape].self, from: Data(#"[{"kind": "circle", "radius": 2}, {"kind": "star"}]"#.utf8))
            #expect((shapes.first as? Circle)?.radius == 2 && shapes.last is UnknownShape)
            #expect(try mapper.map(Priced.self, from: Data(#"{"price": "12.30"}"#.utf8)).price == 1230)
            #expect(try JSONDecoder().decode(Account.self, from: Data(#"{"id": 4, "email": "e"}"#.utf8)).id == 4)
            let gallery = try mapper.map(
                Gallery.self,
                from: Data(
                    #"""
                    {"items": [{"type": "clip", "seconds": 3}, {"type": "gif"}], "cover": "{\"url\": \"c.png\"}"}
                    """#.utf8))
            guard case .clip(let clip) = gallery.items.first, case .other = gallery.items.last else {
                Issue.record("unexpected cases: \(gallery.items)")
                return
            }
            #expect(clip.seconds == 3 && gallery.cover.url == "c.png")
        }.value
    }

    @Test("Endpoints, transports, interceptors and monitors run a call on a detached task")
    func clientProtocols() async throws {
        let recorder = Recorder()
        let service = APIService(
            baseURL: URL(string: "https://api.example.com")!,
            configuration: ServiceConfiguration(
                interceptors: [TokenInterceptor()], transport: EchoTransport(), monitors: [recorder])
        )
        let (name, level) = try await Task.detached {
            let profile = try await service.send(Request(ProfileRouter.show(id: 7), as: Profile.self)).value
            return (profile.name, profile.level)
        }.value
        #expect(name == "ada" && level == 10)
        #expect(recorder.statuses == [200])
    }

    @Test("A WebSocket connector and connection carry mapped messages on a detached task")
    func webSocketProtocols() async throws {
        let service = APIService(baseURL: URL(string: "https://api.example.com")!)
        let stamp = try await Task.detached {
            let socket = try await service.webSocket(
                "live", as: Stamp.self, options: WebSocketOptions(connector: LoopbackConnector()))
            try await socket.send(Stamp(at: Date(timeIntervalSince1970: 1)))
            for try await message in socket.messages {
                await socket.close()
                return message.model
            }
            return nil
        }.value
        #expect(stamp?.at == Date(timeIntervalSince1970: 1))
    }

    @Test("HandyJSON models, enums, custom types and transforms map on a detached task")
    func handyJSONProtocols() async {
        await Task.detached {
            let member = Member.deserialize(from: #"{"name": "ada", "version": "1.2.3", "role": "admin"}"#)
            #expect(member?.name == "ADA" && member?.version?.parts == [1, 2, 3] && member?.role == .admin)
            let json = member?.toJSONString()
            #expect(json?.contains(#""version":"1.2.3""#) == true && json?.contains(#""name":"ada""#) == true)
        }.value
    }
}
