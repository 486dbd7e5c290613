import Foundation
import ReflectMap
import ReflectMapClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// One measurement per process, so that each has its own peak RSS:
//   streaming-benchmark stream FILE (array|lines)     the elements streamed from the file
//   streaming-benchmark drift FILE (array|lines)      the elements streamed from the file into a model that
//                                                     lacks most of their keys, so that every element
//                                                     reports; the checksum is the report's entry count
//   streaming-benchmark memory FILE                   the whole file read, then mapped with map(_:from:at:)
//   streaming-benchmark client URL (array|lines) [urlsession|asynchttpclient]
//                                                     the elements streamed from a loopback server, over
//                                                     URLSessionTransport (the default) or, when built with
//                                                     the AsyncHTTPClient trait, AsyncHTTPClientTransport
// Prints one line: mode elements seconds baseline-KiB peak-KiB (peak is the process's high-water mark).

struct Order: Mappable {
    var id: Int64 = 0
    var status = ""
    var createdAt = ""
    var customerName = ""
    var customerEmail: String?
    var amount = 0.0
    var paid = false
    var tags: [String] = []
    var items: [OrderItem] = []
}

/// An order as a client that reads only two of its keys sees it: every element has unmapped keys.
struct OrderSummary: Mappable {
    var id: Int64 = 0
    var amount = 0.0
}

struct OrderItem: Mappable {
    var sku = ""
    var quantity = 0
    var unitPrice = 0.0
}

struct Download: Endpoint {
    var path: String
    var method: HTTPMethod { .get }
}

/// A line of /proc/self/status, in KiB.
func status(_ field: String) -> Int {
    let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(
        Data("usage: streaming-benchmark stream|memory|client FILE-OR-URL [array|lines]\n".utf8))
    exit(64)
}
let mode = arguments[1]
let target = arguments[2]
let layout: JSONStreamLayout = arguments.count > 3 && arguments[3] == "lines" ? .jsonLines : .array(at: "orders")
let mapper = JSONMapper(keyTranslator: .snakeCase)
var checksum = 0.0
let baseline = status("VmRSS")
let start = Date()
var count = 0

switch mode {
case "stream":
    var reader = try mapper.elementReader(Order.self, contentsOf: URL(fileURLWithPath: target), layout: layout)
    while let order = try reader.next() {
        count += 1
        checksum += order.amount
    }
case "drift":
    var reader = try mapper.elementReader(OrderSummary.self, contentsOf: URL(fileURLWithPath: target), layout: layout)
    while try reader.next() != nil { count += 1 }
    let report = reader.report
    checksum = Double(report.unmappedKeys.count + report.unfilledProperties.count + reader.repeatedEntries)
case "memory":
    let data = try Data(contentsOf: URL(fileURLWithPath: target))
    let orders = try mapper.map([Order].self, from: data, at: "orders")
    count = orders.count
    checksum = orders.reduce(0) { $0 + $1.amount }
case "client":
    guard let url = URL(string: target), let base = URL(string: "/", relativeTo: url) else { exit(64) }
    var configuration = ServiceConfiguration(mapper: mapper, timeout: 600)
    switch arguments.count > 4 ? arguments[4] : "urlsession" {
    case "urlsession":
        let session = URLSessionConfiguration.default
        session.timeoutIntervalForRequest = 600
        configuration.transport = URLSessionTransport(configuration: session)
    #if AsyncHTTPClient
    case "asynchttpclient":
        configuration.transport = AsyncHTTPClientTransport()
    #endif
    default:
        FileHandle.standardError.write(Data("unknown transport \(arguments[4])\n".utf8))
        exit(64)
    }
    let service = APIService(baseURL: base, configuration: configuration)
    let done = DispatchSemaphore(value: 0)
    let box = UnsafeResult()
    Task.detached {
        do {
            var seen = 0
            var sum = 0.0
            for try await order in service.stream(Download(path: url.path), as: Order.self, layout: layout) {
                seen += 1
                sum += order.amount
            }
            box.set(seen, sum)
        } catch {
            FileHandle.standardError.write(Data("client: \(error)\n".utf8))
        }
        done.signal()
    }
    done.wait()
    (count, checksum) = box.get()
default:
    exit(64)
}
let seconds = Date().timeIntervalSince(start)
print(mode, count, String(format: "%.3f", seconds), baseline, status("VmHWM"), String(format: "%.0f", checksum))

final class UnsafeResult: @unchecked Sendable {
    private let lock = NSLock()
    private var value = (0, 0.0)
    func set(_ count: Int, _ sum: Double) { lock.withLock { value = (count, sum) } }
    func get() -> (Int, Double) { lock.withLock { value } }
}
