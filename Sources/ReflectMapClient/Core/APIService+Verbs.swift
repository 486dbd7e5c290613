import Foundation
import ReflectMap

/// The HTTP verbs as methods, for calls that need no router enum.
extension APIService {
    /// Sends a GET and maps the response (or the value at `keyPath`) into `type`.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    /// - Returns: The mapped response.
    /// - Throws: ``APIError``, always.
    public func get<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type) async throws -> sending T {
        try await request(PathEndpoint(method: .get, path: path, parameters: parameters, keyPath: keyPath), as: T.self)
    }

    /// Sends a POST with the parameters as a JSON body.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    /// - Returns: The mapped response.
    /// - Throws: ``APIError``, always.
    public func post<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type) async throws -> sending T {
        try await request(PathEndpoint(method: .post, path: path, parameters: parameters, keyPath: keyPath), as: T.self)
    }

    /// Sends a POST with a model as the JSON body.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - body: A model sent as the JSON body.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    /// - Returns: The mapped response.
    /// - Throws: ``APIError``, always.
    public func post<T: Mappable>(_ path: String, body: some Mappable, at keyPath: String? = nil, as type: T.Type) async throws -> sending T {
        try await request(PathEndpoint(method: .post, path: path, body: body, keyPath: keyPath), as: T.self)
    }

    /// Sends a PUT with the parameters as a JSON body.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    /// - Returns: The mapped response.
    /// - Throws: ``APIError``, always.
    public func put<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type) async throws -> sending T {
        try await request(PathEndpoint(method: .put, path: path, parameters: parameters, keyPath: keyPath), as: T.self)
    }

    /// Sends a PATCH with the parameters as a JSON body.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    /// - Returns: The mapped response.
    /// - Throws: ``APIError``, always.
    public func patch<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type) async throws -> sending T {
        try await request(PathEndpoint(method: .patch, path: path, parameters: parameters, keyPath: keyPath), as: T.self)
    }

    /// Sends a DELETE with the parameters in the query.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    /// - Returns: The mapped response.
    /// - Throws: ``APIError``, always.
    public func delete<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type) async throws -> sending T {
        try await request(PathEndpoint(method: .delete, path: path, parameters: parameters, keyPath: keyPath), as: T.self)
    }
}
