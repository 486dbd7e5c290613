import Foundation
import ReflectMap
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Endpoint → `URLRequest`: URL, method, headers, and parameters or body in the chosen encoding.
struct RequestBuilder {
    let baseURL: URL
    let configuration: ServiceConfiguration

    func request(for endpoint: some Endpoint) throws -> URLRequest {
        guard let target = url(for: endpoint.path),
              var components = URLComponents(url: target, resolvingAgainstBaseURL: true) else {
            throw ApiError.invalidRequest("\"\(endpoint.path)\" does not form a URL with \(baseURL).")
        }
        let mapper = configuration.mapper
        // With a body model, parameters go into the query unless the endpoint says otherwise.
        let encoding = endpoint.encoding ?? (endpoint.body == nil ? .default(for: endpoint.method) : .query)
        var body: Data?
        var contentType: String?
        if let model = endpoint.body {
            body = try RequestBody.data(model, mapper: mapper)
            contentType = "application/json"
        }
        if !endpoint.parameters.isEmpty {
            switch encoding {
            case .query:
                let query = try FormEncoder.encode(endpoint.parameters, mapper: mapper)
                components.percentEncodedQuery = [components.percentEncodedQuery, query].compactMap { $0 }.joined(separator: "&")
            case .json:
                guard body == nil else {
                    throw ApiError.invalidRequest("An endpoint with a body model cannot also send its parameters in the body; use the .query encoding.")
                }
                body = try RequestBody.data(endpoint.parameters as [String: Any], mapper: mapper)
                contentType = "application/json"
            case .form:
                guard body == nil else {
                    throw ApiError.invalidRequest("An endpoint with a body model cannot also send its parameters in the body; use the .query encoding.")
                }
                body = Data(try FormEncoder.encode(endpoint.parameters, mapper: mapper).utf8)
                contentType = "application/x-www-form-urlencoded; charset=utf-8"
            }
        }
        guard let url = components.url else {
            throw ApiError.invalidRequest("\"\(endpoint.path)\" does not form a URL with \(baseURL).")
        }
        var request = URLRequest(url: url, timeoutInterval: endpoint.timeout ?? configuration.timeout)
        request.httpMethod = endpoint.method.rawValue
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        if let userAgent = configuration.userAgent { request.setValue(userAgent, forHTTPHeaderField: "User-Agent") }
        // The endpoint's headers win, whatever their capitalisation: they are set last.
        for (name, value) in configuration.headers { request.setValue(value, forHTTPHeaderField: name) }
        for (name, value) in endpoint.headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// An absolute http(s) URL is used as it is; anything else (including `accounts:signIn`) is a path
    /// appended to the base URL.
    private func url(for path: String) -> URL? {
        if let absolute = URL(string: path), let scheme = absolute.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            return absolute
        }
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let relative = path.drop(while: { $0 == "/" })
        return URL(string: relative.isEmpty ? base : "\(base)/\(relative)")
    }
}

/// Response body → response class, with the service's mapper.
struct ResponseMapper {
    let mapper: JSONMapper

    func map<T: Mappable>(_ data: Data, response: HTTPURLResponse, method: HTTPMethod, keyPath: String?, as type: T.Type) -> Result<T, ApiError> {
        // `Empty` needs nothing from the body, so 204, HEAD and any other body succeed for it.
        if T.self == Empty.self { return .success(T()) }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .failure(.undecodable(MappingError(.malformedJSON("The response body is empty.")), body: data))
        }
        do {
            if let keyPath {
                return .success(try mapper.map(T.self, from: data, at: keyPath))
            }
            return .success(try mapper.map(T.self, from: data))
        } catch let error as MappingError {
            return .failure(.undecodable(error, body: data))
        } catch {
            return .failure(.undecodable(MappingError(.malformedJSON("\(error)")), body: data))
        }
    }
}
