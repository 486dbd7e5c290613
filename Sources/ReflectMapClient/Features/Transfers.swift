import Foundation
import ReflectMap
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Uploads with progress, and downloads written to disk as they arrive.
extension APIService {
    /// Sends a request with upload progress: ``send(_:)`` for a large body, such as a file
    /// (``HTTPBody/file(_:contentType:)``) or a multipart form (``HTTPBody/multipart(_:)``), whose file
    /// parts stream from disk.
    ///
    /// ```swift
    /// var form = MultipartFormData()
    /// form.append(fileURL: photoFile, name: "photo", mimeType: "image/jpeg")
    /// let upload = HTTPEndpoint(method: .post, path: "photos", body: .multipart(form))
    /// let photo = try await service.upload(Request(upload, as: Photo.self)) { progress in
    ///     report(progress.fractionCompleted ?? 0)
    /// }
    /// ```
    /// - Parameters:
    ///   - request: The endpoint with its body, and what the response body becomes.
    ///   - progress: Told of the bytes sent so far, on a background thread.
    /// - Returns: The value with the status code, headers and final URL.
    /// - Throws: ``APIError``, always.
    public func upload<Value>(
        _ request: Request<Value>,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> sending Response<Value> {
        try await operation(request, progress: progress)().value.get()
    }

    /// Downloads the response body into a file, a chunk at a time: the body is never held in memory.
    /// The file appears at `destination` (replacing what was there) only when the call succeeds.
    /// - Parameters:
    ///   - endpoint: The request to send.
    ///   - destination: A file URL; its directory must exist.
    ///   - progress: Told of the bytes received so far, and of `Content-Length` when the server sent it,
    ///     on a background thread.
    /// - Returns: `destination`, with the status code, headers and final URL.
    /// - Throws: ``APIError``, always. An unacceptable status carries the first mebibyte of the body.
    public func download(
        _ endpoint: some Endpoint, to destination: URL,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> Response<URL> {
        let call = begin(endpoint)
        let directory = destination.deletingLastPathComponent()
        let transport = self.transport
        let redirects = configuration.redirectPolicy
        let receiving = Receiving<URL>(
            attempt: { try await transport.download($0, into: directory, redirects: redirects, progress: progress) },
            monitored: { _ in nil },
            errorBody: { file in Self.takeErrorBody(from: file) })
        return try await run(call, receiving) { file, response in
            UncheckedBox(Self.move(file, to: destination).map { Response($0, response) })
        }.get()
    }

    /// Moves a finished download to where the caller asked, replacing what was there.
    private static func move(_ file: URL, to destination: URL) -> Result<URL, APIError> {
        do {
            if FileManager.default.fileExists(atPath: destination.path) {
                try FileManager.default.removeItem(at: destination)
            }
            try FileManager.default.moveItem(at: file, to: destination)
            return .success(destination)
        } catch {
            try? FileManager.default.removeItem(at: file)
            return .failure(
                .invalidRequest("The download could not be moved to \(destination.path): \(error.localizedDescription)")
            )
        }
    }

    /// The start of a failed download's body (at most `APIError.streamedBodyLimit` bytes), for the
    /// error; the file is removed.
    private static func takeErrorBody(from file: URL) -> Data {
        defer { try? FileManager.default.removeItem(at: file) }
        guard let handle = try? FileHandle(forReadingFrom: file) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: APIError.streamedBodyLimit)) ?? Data()
    }
}
