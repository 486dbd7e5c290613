import Foundation
import ReflectMap
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Uploads with progress, and downloads written to disk as they arrive.
extension APIService {
    /// Uploads a multipart form and maps the response into `type`. File parts stream from disk.
    /// - Parameters:
    ///   - form: The form.
    ///   - path: The path, relative to the base URL.
    ///   - method: The method; `POST` by default.
    ///   - type: The class the response maps into.
    ///   - progress: Told of the bytes sent so far, on a background thread.
    /// - Returns: The mapped response.
    /// - Throws: ``APIError``, always.
    public func upload<T: Mappable>(_ form: MultipartFormData, to path: String, method: HTTPMethod = .post,
                                    as type: T.Type, progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws -> T {
        try await response(PathEndpoint(method: method, path: path, content: .multipart(form)), as: T.self, progress: progress).value
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
    public func download(_ endpoint: some Endpoint, to destination: URL,
                         progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws -> Response<URL> {
        let prepared = try prepare(endpoint)
        defer { prepared.cleanUp() }
        let options = CallOptions(endpoint, configuration: configuration)
        let directory = destination.deletingLastPathComponent()
        let transport = self.transport
        let redirects = configuration.redirectPolicy
        let result = await registered {
            UncheckedBox(await self.perform(prepared, options: options,
                                            attempt: { try await transport.download($0, into: directory, redirects: redirects, progress: progress) },
                                            monitored: { _ in nil },
                                            errorBody: { file in Self.takeErrorBody(from: file) }))
        }
        let (file, response) = try result.get()
        do {
            if FileManager.default.fileExists(atPath: destination.path) {
                try FileManager.default.removeItem(at: destination)
            }
            try FileManager.default.moveItem(at: file, to: destination)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw APIError.invalidRequest("The download could not be moved to \(destination.path): \(error.localizedDescription)")
        }
        return Response(value: destination, statusCode: response.statusCode, headers: response.stringHeaders, url: response.url)
    }

    /// The start of a failed download's body (at most 1 MiB), for the error; the file is removed.
    private static func takeErrorBody(from file: URL) -> Data {
        defer { try? FileManager.default.removeItem(at: file) }
        guard let handle = try? FileHandle(forReadingFrom: file) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 1 << 20)) ?? Data()
    }
}
