// The client benchmark: loopback GETs of twitter.json through `APIService` (plain, inside a
// `{code, message, data}` envelope, and five pages of a cursor-paged list), each against a raw
// URLSession fetch of the same body followed by the mapper's own `map` of it. One process, rounds
// that interleave the rows, and medians (run.sh starts the server and prints the table).
//
//   client-benchmark <base URL> <rounds>
//
// Each line it prints is `row median-ms median-allocations`; the allocations are counted only when
// run.sh preloads its counting `malloc` (otherwise they print as -1).
import Foundation
import ReflectMap
import ReflectMapClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class User: Mappable {
    var id: Int64 = 0
    var screenName = ""
    var name = ""
    var followersCount = 0
    var description = ""
    required init() {}
}

final class Status: Mappable {
    var id: Int64 = 0
    var text = ""
    var createdAt = ""
    var retweetCount = 0
    var favorited = false
    var user = User()
    required init() {}
}

final class Feed: Mappable {
    var statuses: [Status] = []
    required init() {}
}

/// The allocations the preloaded counter has seen, or -1 without it.
let allocationCount: () -> Int = {
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "reflectmap_allocations") else {
        return { -1 }
    }
    let counter = unsafeBitCast(symbol, to: (@convention(c) () -> Int).self)
    return { counter() }
}()

struct Page: Endpoint {
    var method: HTTPMethod { .get }
    var path: String { "paged.json" }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let base = URL(string: arguments[1]), let rounds = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: client-benchmark <base URL> <rounds>\n".utf8))
    exit(2)
}
let mapper = JSONMapper(keyTranslator: .snakeCase)
let session = URLSession(configuration: .ephemeral)
/// A service over URLSessionTransport (the default on Linux without the AsyncHTTPClient trait, which this
/// build turns on for its own rows).
func overURLSession(envelope: ResponseEnvelope? = nil) -> APIService {
    var configuration = ServiceConfiguration(mapper: mapper, envelope: envelope)
    configuration.transport = URLSessionTransport()
    return APIService(baseURL: base, configuration: configuration)
}
let plain = overURLSession()
let enveloped = overURLSession(envelope: ResponseEnvelope(error: .code("code", success: ["0"]), message: "message"))
let pageCount = 5

func fetch(_ name: String) async throws -> Data {
    let (data, response) = try await session.data(for: URLRequest(url: base.appendingPathComponent(name)))
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
    return data
}

/// Each row: what it does once, returning the statuses it mapped (checked to agree with its raw row).
var rows: [(name: String, run: () async throws -> Int)] = [
    ("raw fetch + map", { try mapper.map(Feed.self, from: try await fetch("twitter.json")).statuses.count }),
    ("send", { try await plain.get("twitter.json", as: Feed.self).statuses.count }),
    (
        "raw fetch + map at data",
        { try mapper.map(Feed.self, from: try await fetch("enveloped.json"), at: "data").statuses.count }
    ),
    ("send, envelope", { try await enveloped.get("enveloped.json", as: Feed.self).statuses.count }),
    (
        "raw fetch + map, 5 pages",
        {
            var count = 0
            for _ in 0..<pageCount {
                count += try mapper.map([Status].self, from: try await fetch("paged.json"), at: "statuses").count
            }
            return count
        }
    ),
    (
        "pages, 5",
        {
            var count = 0
            let pages = plain.pages(
                Page(), at: "statuses", as: Status.self, by: .cursor(at: "next", parameter: "cursor"),
                pageLimit: pageCount)
            for try await page in pages { count += page.count }
            return count
        }
    ),
]

#if AsyncHTTPClient
// The same call over AsyncHTTPClientTransport, against the same raw URLSession fetch.
let overNIO = APIService(
    baseURL: base,
    configuration: {
        var configuration = ServiceConfiguration(mapper: mapper)
        configuration.transport = AsyncHTTPClientTransport()
        return configuration
    }())
rows += [
    rows[0],
    ("send, AsyncHTTPClient", { try await overNIO.get("twitter.json", as: Feed.self).statuses.count }),
]
#endif

var times = Array(repeating: [Double](), count: rows.count)
var allocations = Array(repeating: [Int](), count: rows.count)
var counts = Array(repeating: 0, count: rows.count)
// Three rounds warm the connections, the plans and the allocator before any is measured.
for round in 0..<(rounds + 3) {
    for (index, row) in rows.enumerated() {
        let allocated = allocationCount()
        let start = DispatchTime.now().uptimeNanoseconds
        counts[index] = try await row.run()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        if round >= 3 {
            times[index].append(elapsed)
            allocations[index].append(allocationCount() - allocated)
        }
    }
}
for pair in stride(from: 0, to: rows.count, by: 2) where counts[pair] != counts[pair + 1] {
    FileHandle.standardError.write(
        Data("\(rows[pair + 1].name) mapped \(counts[pair + 1]), not \(counts[pair])\n".utf8))
    exit(1)
}
func median<T: Comparable>(_ values: [T]) -> T { values.sorted()[values.count / 2] }
for (index, row) in rows.enumerated() {
    print("\(row.name.replacingOccurrences(of: " ", with: "_")) \(median(times[index])) \(median(allocations[index]))")
}
