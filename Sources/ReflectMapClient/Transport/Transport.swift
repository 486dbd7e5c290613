import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends a request and returns the response. ``URLSessionTransport`` and, with the `AsyncHTTPClient`
/// trait, `AsyncHTTPClientTransport` send over the network; ``StubTransport`` answers in-process, and
/// validation, retry and mapping still run on what it returns.
public protocol Transport: Sendable {
    /// Sends the request. Throws `URLError` (or `CancellationError`) when no response arrives.
    /// Must return promptly when its task is cancelled: timeouts and `cancel()` rely on it.
    /// - Parameters:
    ///   - request: The request, adapted by the interceptors.
    /// - Returns: The body and the HTTP response.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
    /// Releases resources; called when the service goes away.
    func invalidate()
}

extension Transport {
    /// Does nothing.
    public func invalidate() {}
}

/// A transport that answers from a function, for tests and previews.
public struct StubTransport: Transport {
    /// A stubbed answer.
    public struct Response: Sendable {
        /// The status code.
        public var statusCode: Int
        /// The response headers.
        public var headers: [String: String]
        /// The body.
        public var body: Data

        /// Creates an answer.
        /// - Parameters:
        ///   - statusCode: The status code.
        ///   - headers: The response headers.
        ///   - body: The body.
        public init(statusCode: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
            self.statusCode = statusCode
            self.headers = headers
            self.body = body
        }
    }

    private let handler: @Sendable (URLRequest) async throws -> Response

    /// Creates a stub.
    /// - Parameters:
    ///   - handler: Answers each request; it may throw `URLError` to simulate a network failure.
    public init(_ handler: @escaping @Sendable (URLRequest) async throws -> Response) {
        self.handler = handler
    }

    /// Answers the request with the handler's response.
    /// - Parameters:
    ///   - request: The request.
    /// - Returns: The handler's answer, as a body and an HTTP response for the request's URL.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let answer = try await handler(request)
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: answer.statusCode, httpVersion: "HTTP/1.1", headerFields: answer.headers)
        else { throw URLError(.badURL) }
        return (answer.body, response)
    }
}
