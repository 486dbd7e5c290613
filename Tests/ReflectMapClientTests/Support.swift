import Foundation
import ReflectMapClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// CRC-32 (the zlib polynomial), to compare files with what the Python server saw.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func update(_ crc: UInt32, _ data: Data) -> UInt32 {
        var value = ~crc
        data.withUnsafeBytes { bytes in
            for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        }
        return ~value
    }

    /// The CRC of a file, read a chunk at a time.
    static func of(_ url: URL) throws -> UInt32 {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var crc: UInt32 = 0
        while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty { crc = update(crc, chunk) }
        return crc
    }
}

/// Records the requests a stub receives.
actor RequestLog {
    private(set) var requests: [URLRequest] = []
    func append(_ request: URLRequest) { requests.append(request) }

    /// A stub that records each request here and answers it with `status` and no body.
    nonisolated func stub(answering status: Int) -> StubTransport {
        StubTransport { request in
            await self.append(request)
            return .init(statusCode: status)
        }
    }
}

/// A service on a stub transport that records each request in `log` and answers every one with
/// `status`, `headers` and an empty JSON object.
func stubbedService(
    _ configuration: ServiceConfiguration, log: RequestLog, status: Int = 200, headers: [String: String] = [:]
) throws -> APIService {
    var configuration = configuration
    configuration.transport = StubTransport { request in
        await log.append(request)
        return .init(statusCode: status, headers: headers, body: Data("{}".utf8))
    }
    return APIService(
        baseURL: try #require(URL(string: "https://identitytoolkit.example.com/v1/")), configuration: configuration)
}

extension APIService {
    /// The test server's count `key` once it reaches `target`, or after the server's longest wait (25 s)
    /// if it never does: a test waits for what the server observes, never for a length of time.
    func serverCount(_ key: String, reaching target: Int = 1) async throws -> Int {
        try await get("await/\(key)/\(target)", as: Count.self).count
    }
}
