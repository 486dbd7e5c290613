#if AsyncHTTPClient
import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import NIOHTTP1

/// Converts between the client's `URLRequest`/`HTTPURLResponse` and AsyncHTTPClient's request and
/// response, for ``AsyncHTTPClientTransport``.
enum AHCMessages {
    /// Bodies up to this size go in one buffer; larger ones, and any body with upload progress, go in
    /// chunks of this size, so that progress and the idle timeout see each chunk leave.
    static let chunkSize = 64 * 1024

    /// The AsyncHTTPClient request for a prepared request. Framing headers (`Content-Length`,
    /// `Transfer-Encoding`) are left to AsyncHTTPClient, which sets them from the body's length.
    static func request(
        _ prepared: PreparedRequest, progress: ProgressHandler?, watchdog: IdleWatchdog
    ) throws -> HTTPClientRequest {
        let urlRequest = prepared.urlRequest
        guard let url = urlRequest.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            throw URLError(.unsupportedURL)
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = NIOHTTP1.HTTPMethod(rawValue: (urlRequest.httpMethod ?? "GET").uppercased())
        for (name, value) in urlRequest.allHTTPHeaderFields ?? [:] {
            let lowered = name.lowercased()
            if lowered == "content-length" || lowered == "transfer-encoding" { continue }
            request.headers.add(name: name, value: value)
        }
        if let file = prepared.bodyFile {
            guard let size = prepared.bodySize else {
                throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: file.path])
            }
            request.body = .stream(
                BodyChunks(source: .file(file), size: size, progress: progress, watchdog: watchdog),
                length: .known(size))
        } else if let body = urlRequest.httpBody {
            if progress == nil, body.count <= chunkSize {
                request.body = .bytes(ByteBuffer(bytes: body))
            } else {
                let size = Int64(body.count)
                request.body = .stream(
                    BodyChunks(source: .memory(body), size: size, progress: progress, watchdog: watchdog),
                    length: .known(size))
            }
        }
        return request
    }

    /// The response head as an `HTTPURLResponse` for `url`; repeated header fields are joined with ", ".
    static func response(_ response: HTTPClientResponse, url: URL) throws -> HTTPURLResponse {
        var fields: [String: String] = [:]
        var names: [String: String] = [:]
        for (name, value) in response.headers {
            let key = names[name.lowercased()] ?? name
            names[name.lowercased()] = key
            fields[key] = fields[key].map { "\($0), \(value)" } ?? value
        }
        let version = "HTTP/\(response.version.major).\(response.version.minor)"
        guard
            let head = HTTPURLResponse(
                url: url, statusCode: Int(response.status.code), httpVersion: version, headerFields: fields)
        else {
            throw URLError(.badServerResponse)
        }
        return head
    }

    /// An AsyncHTTPClient, NIO or TLS error as a `URLError` with the closest code, so that services see
    /// the same ``APIError/network(message:code:)`` codes with either transport. `APIError`s (a pin
    /// mismatch) and cancellation pass through.
    static func translate(_ error: any Error) -> any Error {
        switch error {
        case is APIError, is CancellationError, is URLError:
            return error
        case let error as HTTPClientError:
            switch error {
            case .cancelled: return CancellationError()
            case .connectTimeout, .deadlineExceeded, .readTimeout, .writeTimeout: return urlError(.timedOut, error)
            case .remoteConnectionClosed: return urlError(.networkConnectionLost, error)
            case .invalidURL, .emptyHost, .emptyScheme: return urlError(.badURL, error)
            default: return urlError(.cannotParseResponse, error)
            }
        default:
            let text = String(describing: error)
            if text.contains("NIOSSL") || text.contains("BoringSSL") || text.contains("handshake") {
                return urlError(.secureConnectionFailed, error)
            }
            if text.contains("onnection refused") || text.contains("NIOConnectionError") || text.contains("connect") {
                return urlError(.cannotConnectToHost, error)
            }
            return urlError(.networkConnectionLost, error)
        }
    }

    private static func urlError(_ code: URLError.Code, _ error: any Error) -> URLError {
        URLError(
            code,
            userInfo: [NSLocalizedDescriptionKey: String(describing: error), NSUnderlyingErrorKey: error as NSError])
    }
}

/// A request body as chunks of ``AHCMessages/chunkSize`` bytes, from memory or read from a file as
/// AsyncHTTPClient asks for them; each chunk handed over counts as progress.
struct BodyChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    enum Source: Sendable {
        case memory(Data)
        case file(URL)
    }

    let source: Source
    let size: Int64
    let progress: ProgressHandler?
    let watchdog: IdleWatchdog

    func makeAsyncIterator() -> Iterator {
        Iterator(body: self)
    }

    struct Iterator: AsyncIteratorProtocol {
        let body: BodyChunks
        private var offset = 0
        private var handle: FileHandle?
        private var done = false

        init(body: BodyChunks) {
            self.body = body
        }

        mutating func next() async throws -> ByteBuffer? {
            guard !done else { return nil }
            let chunk: Data
            switch body.source {
            case .memory(let data):
                let end = Swift.min(data.count, offset + AHCMessages.chunkSize)
                chunk = data.subdata(in: data.startIndex + offset..<data.startIndex + end)
            case .file(let url):
                if handle == nil { handle = try FileHandle(forReadingFrom: url) }
                chunk = try handle?.read(upToCount: AHCMessages.chunkSize) ?? Data()
            }
            if chunk.isEmpty {
                done = true
                try? handle?.close()
                handle = nil
                return nil
            }
            offset += chunk.count
            body.watchdog.touch()
            body.progress?(TransferProgress(completed: Int64(offset), total: body.size))
            return ByteBuffer(bytes: chunk)
        }
    }
}
#endif
