import Foundation
import ReflectMap

/// The HTTP verbs as methods, for calls that need no router enum: each sends a ``HTTPEndpoint`` with
/// ``send(_:)`` and returns the mapped model, async or with `success` and `failure` callbacks. For the
/// status code and headers, or a body that is not JSON, send a ``Request`` (`Request(.get(path),
/// as: Data.self)`) instead.
extension APIService {
    /// Sends a GET and maps the response (or the value at `keyPath`) into `type`.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - body: A model sent as the JSON body; the parameters then go into the query.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    /// - Returns: The mapped response.
    /// - Throws: ``APIError``, always.
    public func get<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil, as type: T.Type
    ) async throws -> sending T {
        try await send(Request(.get(path, parameters: parameters, body: body, at: keyPath), as: T.self)).value
    }

    /// Sends a GET and calls back with the mapped response class or the error, once.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - body: A model sent as the JSON body; the parameters then go into the query.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    ///   The callbacks run in the isolation they were written in (see ``send(_:success:failure:)``).
    @discardableResult
    public func get<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil, as type: T.Type,
        @_inheritActorContext success: @escaping @isolated(any) @Sendable (sending T) -> Void,
        @_inheritActorContext failure: @escaping @isolated(any) @Sendable (APIError) -> Void
    ) -> APICall {
        send(
            Request(.get(path, parameters: parameters, body: body, at: keyPath), as: T.self), success: success,
            failure: failure)
    }

    /// Sends a POST and maps the response (or the value at `keyPath`) into `type`.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - body: A model sent as the JSON body; the parameters then go into the query.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    /// - Returns: The mapped response.
    /// - Throws: ``APIError``, always.
    public func post<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil, as type: T.Type
    ) async throws -> sending T {
        try await send(Request(.post(path, parameters: parameters, body: body, at: keyPath), as: T.self)).value
    }

    /// Sends a POST and calls back with the mapped response class or the error, once.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - body: A model sent as the JSON body; the parameters then go into the query.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    ///   The callbacks run in the isolation they were written in (see ``send(_:success:failure:)``).
    @discardableResult
    public func post<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil, as type: T.Type,
        @_inheritActorContext success: @escaping @isolated(any) @Sendable (sending T) -> Void,
        @_inheritActorContext failure: @escaping @isolated(any) @Sendable (APIError) -> Void
    ) -> APICall {
        send(
            Request(.post(path, parameters: parameters, body: body, at: keyPath), as: T.self), success: success,
            failure: failure)
    }

    /// Sends a PUT and maps the response (or the value at `keyPath`) into `type`.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - body: A model sent as the JSON body; the parameters then go into the query.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    /// - Returns: The mapped response.
    /// - Throws: ``APIError``, always.
    public func put<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil, as type: T.Type
    ) async throws -> sending T {
        try await send(Request(.put(path, parameters: parameters, body: body, at: keyPath), as: T.self)).value
    }

    /// Sends a PUT and calls back with the mapped response class or the error, once.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - body: A model sent as the JSON body; the parameters then go into the query.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    ///   The callbacks run in the isolation they were written in (see ``send(_:success:failure:)``).
    @discardableResult
    public func put<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil, as type: T.Type,
        @_inheritActorContext success: @escaping @isolated(any) @Sendable (sending T) -> Void,
        @_inheritActorContext failure: @escaping @isolated(any) @Sendable (APIError) -> Void
    ) -> APICall {
        send(
            Request(.put(path, parameters: parameters, body: body, at: keyPath), as: T.self), success: success,
            failure: failure)
    }

    /// Sends a PATCH and maps the response (or the value at `keyPath`) into `type`.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - body: A model sent as the JSON body; the parameters then go into the query.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    /// - Returns: The mapped response.
    /// - Throws: ``APIError``, always.
    public func patch<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil, as type: T.Type
    ) async throws -> sending T {
        try await send(Request(.patch(path, parameters: parameters, body: body, at: keyPath), as: T.self)).value
    }

    /// Sends a PATCH and calls back with the mapped response class or the error, once.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - body: A model sent as the JSON body; the parameters then go into the query.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    ///   The callbacks run in the isolation they were written in (see ``send(_:success:failure:)``).
    @discardableResult
    public func patch<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil, as type: T.Type,
        @_inheritActorContext success: @escaping @isolated(any) @Sendable (sending T) -> Void,
        @_inheritActorContext failure: @escaping @isolated(any) @Sendable (APIError) -> Void
    ) -> APICall {
        send(
            Request(.patch(path, parameters: parameters, body: body, at: keyPath), as: T.self), success: success,
            failure: failure)
    }

    /// Sends a DELETE and maps the response (or the value at `keyPath`) into `type`.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - body: A model sent as the JSON body; the parameters then go into the query.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    /// - Returns: The mapped response.
    /// - Throws: ``APIError``, always.
    public func delete<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil, as type: T.Type
    ) async throws -> sending T {
        try await send(Request(.delete(path, parameters: parameters, body: body, at: keyPath), as: T.self)).value
    }

    /// Sends a DELETE and calls back with the mapped response class or the error, once.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - body: A model sent as the JSON body; the parameters then go into the query.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    ///   The callbacks run in the isolation they were written in (see ``send(_:success:failure:)``).
    @discardableResult
    public func delete<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil, as type: T.Type,
        @_inheritActorContext success: @escaping @isolated(any) @Sendable (sending T) -> Void,
        @_inheritActorContext failure: @escaping @isolated(any) @Sendable (APIError) -> Void
    ) -> APICall {
        send(
            Request(.delete(path, parameters: parameters, body: body, at: keyPath), as: T.self), success: success,
            failure: failure)
    }
}
