import Foundation
import ReflectMap
import ReflectMapClient
import Testing

struct Download: Endpoint {
    var size: Int
    var delayMilliseconds = 0
    /// When set, the server counts the blocks it has written as `sent-<key>`.
    var key: String?
    var method: HTTPMethod { .get }
    var path: String { "download/\(size)/\(delayMilliseconds)" + (key.map { "/\($0)" } ?? "") }
}

@Suite("Downloads")
struct DownloadTests {
    func service(_ transport: TransportKind) throws -> APIService {
        try transport.service()
    }

    func destination() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("download-\(UUID().uuidString).bin")
    }

    @Test("A slow large download streams to disk with progress, and the bytes are right", arguments: TransportKind.all)
    func slowLargeDownload(transport: TransportKind) async throws {
        let size = 8 * 1024 * 1024 + 5
        let target = destination()
        defer { try? FileManager.default.removeItem(at: target) }
        let progress = ProgressLog()
        let response = try await service(transport).download(Download(size: size, delayMilliseconds: 2), to: target) {
            progress.append($0)
        }
        #expect(response.value == target)
        #expect(response.statusCode == 200)
        let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
        #expect((attributes[.size] as? NSNumber)?.intValue == size)
        #expect(try CRC32.of(target) == UInt32(try #require(response.header("x-crc32").flatMap { UInt32($0) })))
        let reports = progress.all
        // Many reports means the body arrived, and was written, a chunk at a time.
        #expect(reports.count > 20)
        #expect(reports.last == TransferProgress(completed: Int64(size), total: Int64(size)))
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.completed < $1.completed })
    }

    @Test(
        "A download replaces the destination only on success; a 404 leaves no file and carries its body",
        arguments: TransportKind.all)
    func failureLeavesNothing(transport: TransportKind) async throws {
        let target = destination()
        defer { try? FileManager.default.removeItem(at: target) }
        try Data("old".utf8).write(to: target)
        _ = try await service(transport).download(Download(size: 10), to: target)
        #expect(try Data(contentsOf: target).count == 10)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("downloads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.json")
        do {
            _ = try await service(transport).download(BookPath(path: "status/404"), to: missing)
            Issue.record("expected a 404")
        } catch let error as APIError {
            #expect(error.statusCode == 404)
            #expect(error.errorModel(as: ServerError.self)?.message == ["no such book"])
        }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: missing.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(".reflectmap-download-") }
        #expect(leftovers.isEmpty)
    }

    @Test(
        "A failed download's error keeps its body whole up to 1 MiB, and its first 1 MiB beyond",
        arguments: TransportKind.all, [(1 << 20) - 1, 1 << 20, (1 << 20) + 1])
    func errorBodyCap(transport: TransportKind, size: Int) async throws {
        let target = destination()
        defer { try? FileManager.default.removeItem(at: target) }
        do {
            _ = try await service(transport).download(BookPath(path: "big-error/\(size)"), to: target)
            Issue.record("expected a 500")
        } catch let APIError.unacceptableStatus(code, _, body) {
            #expect(code == 500)
            #expect(body.count == min(size, 1 << 20))
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test(
        "A download whose request has a large body reports only the bytes received, never those sent",
        arguments: TransportKind.all)
    func downloadWithBody(transport: TransportKind) async throws {
        let target = destination()
        defer { try? FileManager.default.removeItem(at: target) }
        let body = Data(repeating: UInt8(ascii: "x"), count: 300_000)
        let endpoint = HTTPEndpoint(
            method: .post, path: "download/10/0", body: .data(body, contentType: "application/octet-stream"))
        let progress = ProgressLog()
        _ = try await service(transport).download(endpoint, to: target) { progress.append($0) }
        #expect(try Data(contentsOf: target).count == 10)
        let reports = progress.all
        #expect(reports.last == TransferProgress(completed: 10, total: 10))
        #expect(reports.allSatisfy { $0.completed <= 10 && $0.total == 10 }, "\(reports)")
    }

    @Test("Cancelling a download stops it and removes the partial file", arguments: TransportKind.all)
    func cancelDownload(transport: TransportKind) async throws {
        let target = destination()
        let service = try service(transport)
        let key = UUID().uuidString
        // 800 blocks 20 ms apart: the download would take 16 s. Cancel once the first block is written.
        let task = Task {
            try await service.download(Download(size: 50 * 1024 * 1024, delayMilliseconds: 20, key: key), to: target)
        }
        #expect(try await service.serverCount("sent-\(key)") >= 1)
        task.cancel()
        await #expect { _ = try await task.value } throws: { error in
            if case .cancelled? = error as? APIError { return true }
            return false
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }
}

struct BookPath: Endpoint {
    var path: String
    var method: HTTPMethod { .get }
}
