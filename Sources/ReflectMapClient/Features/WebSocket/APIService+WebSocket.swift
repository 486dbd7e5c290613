import Foundation
import ReflectMap
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// WebSockets next to the REST calls, with the same base URL, headers, interceptors and mapper.
extension APIService {
    /// Opens a WebSocket whose incoming messages are mapped into `type`.
    ///
    /// The URL is `path` against the service's base URL, with `http` turned into `ws` and `https` into
    /// `wss`; an absolute `ws://` or `wss://` URL is used as it is. The opening handshake carries the
    /// service's headers and `User-Agent` and the options' headers, and then goes through the service's
    /// interceptors, so an auth interceptor adds its header; it does so again on every reconnection.
    /// ```swift
    /// let socket = try await service.webSocket("live", as: Quote.self)
    /// ```
    /// - Parameters:
    ///   - path: The path relative to the base URL, or an absolute `ws`/`wss` URL.
    ///   - type: The model each incoming message maps into.
    ///   - options: Keep-alive pings, reconnection, extra headers and the connector.
    /// - Returns: The open socket.
    /// - Throws: ``WebSocketError`` when the first connection cannot be opened; reconnection only
    ///   applies once a connection was open.
    public func webSocket<Model: Mappable>(
        _ path: String,
        as type: Model.Type,
        options: WebSocketOptions = WebSocketOptions()
    ) async throws -> MappedWebSocket<Model> {
        let connector = options.connector ?? DefaultWebSocketConnector.shared
        let headers = options.headers
        let socket = MappedWebSocket<Model>(mapper: configuration.mapper, options: options) {
            try await connector.connect(try await self.webSocketRequest(path, headers: headers))
        }
        try await socket.start()
        return socket
    }

    /// The opening handshake's request: built like any call's, adapted by the interceptors, with a
    /// `ws` or `wss` URL.
    func webSocketRequest(_ path: String, headers: [String: String]) async throws(WebSocketError) -> URLRequest {
        var request: URLRequest
        do {
            // A ws(s) URL goes through the request builder as http(s), which takes absolute URLs as they are.
            request = try begin(WebSocketEndpoint(path: Self.spelledAsHTTP(path), headers: headers)).request.get()
                .urlRequest
        } catch {
            throw .invalidRequest(error.description)
        }
        request.setValue(nil, forHTTPHeaderField: "Accept")
        switch await adapt(request, by: configuration.interceptors) {
        case .success(let adapted): request = adapted
        case .failure(.cancelled): throw .cancelled
        case .failure(let error): throw .invalidRequest(error.description)
        }
        guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), components.host?.isEmpty == false
        else {
            throw .invalidRequest("\(request.url?.absoluteString ?? path) has no scheme or host.")
        }
        switch scheme {
        case "http", "ws": components.scheme = "ws"
        case "https", "wss": components.scheme = "wss"
        default: throw .invalidRequest("\(url.absoluteString) is not a ws, wss, http or https URL.")
        }
        request.url = components.url
        return request
    }

    /// `ws://…` as `http://…` and `wss://…` as `https://…`; anything else as it is.
    private static func spelledAsHTTP(_ path: String) -> String {
        for (socket, http) in [("ws://", "http://"), ("wss://", "https://")]
        where path.lowercased().hasPrefix(socket) {
            return http + path.dropFirst(socket.count)
        }
        return path
    }
}

/// The opening handshake as an endpoint, so it is built like every other request.
private struct WebSocketEndpoint: Endpoint {
    var path: String
    var headers: [String: String]
    var method: HTTPMethod { .get }
}
