import Foundation
import ReflectMap
@testable import ReflectMapClient
import Testing

final class MultipartEcho: Mappable, @unchecked Sendable {
    var contentType = ""
    var contentLength = 0
    var parts: [EchoedPart] = []
    required init() {}
}

struct EchoedPart: Mappable, Sendable {
    var name = ""
    var fileName: String?
    var contentType: String?
    var size = 0
    var crc32 = 0
    var text = ""
}

/// Collects progress reports from any thread.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [TransferProgress] = []

    func append(_ progress: TransferProgress) {
        lock.lock()
        reports.append(progress)
        lock.unlock()
    }

    var all: [TransferProgress] {
        lock.lock()
        defer { lock.unlock() }
        return reports
    }
}

struct RawUpload: Endpoint {
    var httpBody: HTTPBody?
    var method: HTTPMethod { .put }
    var path: String { "echo" }
}

@Suite("Uploads")
struct UploadTests {
    func service(_ transport: TransportKind) throws -> APIService {
        try transport.service()
    }

    /// A file of `size` bytes of a repeating pattern.
    static func makeFile(size: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).bin")
        var data = Data(count: size)
        for index in 0..<size { data[index] = UInt8(index % 253) }
        try data.write(to: url)
        return url
    }

    @Test(
        "Fields, in-memory files and files from disk arrive as multipart parts, with escaped names",
        arguments: TransportKind.all)
    func multipart(transport: TransportKind) async throws {
        let file = try Self.makeFile(size: 3 * 1024 * 1024 + 17)
        defer { try? FileManager.default.removeItem(at: file) }
        var form = MultipartFormData()
        form.append("Dune", name: "title")
        form.append("quote \" and\r\nbreak", name: "odd \"name\"\r\n")
        form.append(Data("{\"a\":1}".utf8), name: "meta", fileName: "meta.json")
        form.append(fileURL: file, name: "manuscript", fileName: "draft \"final\".bin", mimeType: "application/x-draft")
        let progress = ProgressLog()
        let upload = HTTPEndpoint(method: .post, path: "multipart", body: .multipart(form))
        let echo = try await service(transport).upload(Request(upload, as: MultipartEcho.self)) { progress.append($0) }
            .value
        #expect(echo.contentType == form.contentType)
        #expect(echo.parts.map(\.name) == ["title", "odd %22name%22%0D%0A", "meta", "manuscript"])
        #expect(echo.parts[0].text == "Dune" && echo.parts[0].contentType == nil && echo.parts[0].fileName == nil)
        #expect(echo.parts[1].text == "quote \" and\r\nbreak")
        #expect(echo.parts[2].fileName == "meta.json" && echo.parts[2].contentType == "application/json")
        #expect(echo.parts[3].fileName == "draft %22final%22.bin")
        #expect(echo.parts[3].contentType == "application/x-draft")
        #expect(echo.parts[3].size == 3 * 1024 * 1024 + 17)
        #expect(echo.parts[3].crc32 == Int(try CRC32.of(file)))
        let reports = progress.all
        #expect(reports.count > 1)
        #expect(reports.last?.completed == Int64(echo.contentLength))
        #expect(reports.last?.total == Int64(echo.contentLength))
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.completed <= $1.completed })
        // This form's temporary body file is gone once the call returns (other tests' uploads may
        // have files of their own in the directory, so only this form's boundary is looked for).
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
            .filter { $0.hasPrefix("reflectmap-multipart-\(form.boundary)-") }
        #expect(leftovers.isEmpty)
    }

    @Test("A form of fields only is encoded in memory with correct boundaries")
    func inMemoryEncoding() throws {
        var form = MultipartFormData()
        form.append("1", name: "a")
        form.append(Data([0, 1]), name: "b", fileName: "b.png")
        let body = String(decoding: try MultipartEncoder.data(form), as: UTF8.self)
        let b = form.boundary
        #expect(
            body == "--\(b)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"
                + "--\(b)\r\nContent-Disposition: form-data; name=\"b\"; filename=\"b.png\"\r\nContent-Type: image/png\r\n\r\n\u{0}\u{1}\r\n"
                + "--\(b)--\r\n")
        #expect(MultipartFormData().boundary != form.boundary)
    }

    @Test("Raw Data and file bodies go with their content type", arguments: TransportKind.all)
    func rawBodies(transport: TransportKind) async throws {
        let data = try await service(transport).send(
            Request(RawUpload(httpBody: .data(Data("<a/>".utf8), contentType: "application/xml")), as: Echo.self)
        ).value
        #expect(data.method == "PUT" && data.body == "<a/>" && data.headers["content-type"] == "application/xml")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("raw-\(UUID().uuidString).txt")
        try Data("from disk".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = try await service(transport).send(
            Request(RawUpload(httpBody: .file(file, contentType: "text/plain")), as: Echo.self)
        ).value
        #expect(fromFile.body == "from disk" && fromFile.headers["content-type"] == "text/plain")
        #expect(fromFile.headers["content-length"] == "9")
    }
}
