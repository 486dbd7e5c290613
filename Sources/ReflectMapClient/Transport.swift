import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends a request and returns the response. `URLSessionTransport` is the real one; ``StubTransport``
/// answers in-process, and validation, retry and mapping still run on what it returns.
public protocol Transport: Sendable {
    /// Sends the request. Throws `URLError` (or `CancellationError`) when no response arrives.
    /// Must return promptly when its task is cancelled: timeouts and `cancel()` rely on it.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
    /// Releases resources; called when the service goes away.
    func invalidate()
}

extension Transport {
    public func invalidate() {}
}

/// A transport over one long-lived `URLSession`.
public final class URLSessionTransport: Transport {
    private let session: URLSession

    /// Creates a transport with its own session.
    public init(configuration: URLSessionConfiguration = .default) {
        session = URLSession(configuration: configuration)
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return (data, http)
    }

    public func invalidate() {
        session.finishTasksAndInvalidate()
    }
}

/// A transport that answers from a function, for tests and previews.
public struct StubTransport: Transport {
    /// A stubbed answer.
    public struct Response: Sendable {
        public var statusCode: Int
        public var headers: [String: String]
        public var body: Data

        /// Creates an answer.
        public init(statusCode: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
            self.statusCode = statusCode
            self.headers = headers
            self.body = body
        }
    }

    private let handler: @Sendable (URLRequest) async throws -> Response

    /// Creates a stub; `handler` may throw `URLError` to simulate a network failure.
    public init(_ handler: @escaping @Sendable (URLRequest) async throws -> Response) {
        self.handler = handler
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let answer = try await handler(request)
        guard let url = request.url,
              let response = HTTPURLResponse(url: url, statusCode: answer.statusCode, httpVersion: "HTTP/1.1", headerFields: answer.headers)
        else { throw URLError(.badURL) }
        return (answer.body, response)
    }
}
