import Foundation
import ReflectMap
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request ready for the transport: the `URLRequest`, and the file its body streams from when the
/// body is a file or a multipart form with file parts.
struct PreparedRequest: Sendable {
    var urlRequest: URLRequest
    /// The body's file; `urlRequest.httpBody` is `nil` when this is set.
    var bodyFile: URL?
    /// Whether ``bodyFile`` is a temporary file the call made, removed when the call ends.
    var ownsBodyFile = false

    /// The body's size in bytes, when there is a body.
    var bodySize: Int64? {
        if let bodyFile {
            return (try? FileManager.default.attributesOfItem(atPath: bodyFile.path)[.size] as? NSNumber)?.int64Value
        }
        return urlRequest.httpBody.map { Int64($0.count) }
    }

    /// Removes the temporary body file, if the call made one.
    func cleanUp() {
        if ownsBodyFile, let bodyFile { try? FileManager.default.removeItem(at: bodyFile) }
    }
}

/// Endpoint → `URLRequest`: URL, method, headers, and parameters or body in the chosen encoding.
struct RequestBuilder {
    let baseURL: URL
    let configuration: ServiceConfiguration

    /// Builds the request; a file or multipart body with files is left on disk for the transport.
    func prepare(_ endpoint: some Endpoint) throws -> PreparedRequest {
        guard let target = url(for: endpoint.path),
            var components = URLComponents(url: target, resolvingAgainstBaseURL: true)
        else {
            throw APIError.invalidRequest("\"\(endpoint.path)\" does not form a URL with \(baseURL).")
        }
        let mapper = configuration.mapper
        let content = endpoint.httpBody
        // With a body, parameters go into the query unless the endpoint says otherwise.
        let encoding = endpoint.encoding ?? (content == nil ? .default(for: endpoint.method) : .query)
        var body: Data?
        var bodyFile: URL?
        var ownsBodyFile = false
        var contentType: String?
        switch content {
        case nil:
            break
        case .model(let model):
            body = try JSONBody.data(model, mapper: mapper)
            contentType = "application/json"
        case .data(let data, let type):
            body = data
            contentType = type
        case .file(let url, let type):
            bodyFile = url
            contentType = type
        case .multipart(let form):
            if form.hasFileParts {
                bodyFile = try MultipartEncoder.file(form)
                ownsBodyFile = true
            } else {
                body = try MultipartEncoder.data(form)
            }
            contentType = form.contentType
        }
        let prepared = { (request: URLRequest) in
            PreparedRequest(urlRequest: request, bodyFile: bodyFile, ownsBodyFile: ownsBodyFile)
        }
        do {
            if !endpoint.parameters.isEmpty {
                let inBody =
                    "An endpoint with a body cannot also send its parameters in the body; use the .query encoding."
                switch encoding {
                case .query:
                    let query = try FormEncoder.encode(endpoint.parameters, mapper: mapper)
                    components.percentEncodedQuery = [components.percentEncodedQuery, query].compactMap { $0 }.joined(
                        separator: "&")
                case .json:
                    guard content == nil else { throw APIError.invalidRequest(inBody) }
                    body = try JSONBody.data(endpoint.parameters as [String: Any], mapper: mapper)
                    contentType = "application/json"
                case .form:
                    guard content == nil else { throw APIError.invalidRequest(inBody) }
                    body = Data(try FormEncoder.encode(endpoint.parameters, mapper: mapper).utf8)
                    contentType = "application/x-www-form-urlencoded; charset=utf-8"
                }
            }
            guard let url = components.url else {
                throw APIError.invalidRequest("\"\(endpoint.path)\" does not form a URL with \(baseURL).")
            }
            var request = URLRequest(url: url, timeoutInterval: endpoint.timeout ?? configuration.timeout)
            request.httpMethod = endpoint.method.rawValue
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
            if let size = prepared(request).bodySize, bodyFile != nil {
                request.setValue(String(size), forHTTPHeaderField: "Content-Length")
            }
            if let userAgent = configuration.userAgent { request.setValue(userAgent, forHTTPHeaderField: "User-Agent") }
            // The endpoint's headers win, whatever their capitalisation: they are set last.
            for (name, value) in configuration.headers { request.setValue(value, forHTTPHeaderField: name) }
            for (name, value) in endpoint.headers { request.setValue(value, forHTTPHeaderField: name) }
            return prepared(request)
        } catch {
            prepared(URLRequest(url: target)).cleanUp()
            throw error
        }
    }

    /// An absolute http(s) URL is used as it is; anything else (including `accounts:signIn`) is a path
    /// appended to the base URL.
    private func url(for path: String) -> URL? {
        if let absolute = URLText.url(path), let scheme = absolute.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        {
            return absolute
        }
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let relative = path.drop(while: { $0 == "/" })
        return URLText.url(relative.isEmpty ? base : "\(base)/\(relative)")
    }
}
