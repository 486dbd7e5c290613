import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Uploads, downloads and streams over any ``Transport``: through ``SessionTransport`` when the
/// transport is one, otherwise built on ``Transport/send(_:)`` (a ``StubTransport`` in tests, say), with
/// the body read whole and a timeout enforced around the call.
extension Transport {
    func data(
        _ request: PreparedRequest, redirects: RedirectPolicy, progress: ProgressHandler?
    ) async throws -> (Data, HTTPURLResponse) {
        if let session = self as? any SessionTransport {
            return try await session.data(request, redirects: redirects, progress: progress)
        }
        var urlRequest = request.urlRequest
        if let file = request.bodyFile { urlRequest.httpBody = try Data(contentsOf: file) }
        let result = try await sendWithTimeout(urlRequest)
        if let progress, let size = urlRequest.httpBody?.count {
            progress(TransferProgress(completed: Int64(size), total: Int64(size)))
        }
        return result
    }

    func download(
        _ request: PreparedRequest, into directory: URL, redirects: RedirectPolicy,
        progress: ProgressHandler?
    ) async throws -> (URL, HTTPURLResponse) {
        if let session = self as? any SessionTransport {
            return try await session.download(request, into: directory, redirects: redirects, progress: progress)
        }
        let (data, response) = try await self.data(request, redirects: redirects, progress: nil)
        let file = directory.appendingPathComponent(".reflectmap-download-\(UUID().uuidString)")
        try data.write(to: file)
        progress?(TransferProgress(completed: Int64(data.count), total: Int64(data.count)))
        return (file, response)
    }

    func open(
        _ request: PreparedRequest, redirects: RedirectPolicy
    ) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        if let session = self as? any SessionTransport {
            return try await session.open(request, redirects: redirects)
        }
        let (data, response) = try await self.data(request, redirects: redirects, progress: nil)
        let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        continuation.yield(data)
        continuation.finish()
        return (response, stream)
    }

    /// The transport's answer, or `URLError(.timedOut)` after the request's timeout, read by
    /// `APIService.timeout(_:)`. (``URLSessionTransport`` enforces timeouts itself, without cancelling a
    /// task group around the call.)
    private func sendWithTimeout(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let limit = APIService.timeoutNanoseconds(request.timeoutInterval) else {
            return try await send(request)
        }
        return try await withThrowingTaskGroup(of: UncheckedBox<(Data, HTTPURLResponse)>.self) { group in
            group.addTask { UncheckedBox(try await self.send(request)) }
            group.addTask {
                try await Task.sleep(nanoseconds: limit)
                throw URLError(.timedOut)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw URLError(.unknown) }
            return first.value
        }
    }
}
