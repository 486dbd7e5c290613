import Foundation
import ReflectMap
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Deprecated and unavailable call forms, each naming its replacement: a form whose replacement does the
// same work forwards to it and is deprecated; a form with no such replacement is unavailable, with a
// message that says what to write instead. The "Migrating to 1.0" article lists each form beside its
// replacement.

extension APIService {
    /// Sends an endpoint and maps the response into `type`.
    @available(*, deprecated, message: "send a Request: try await send(Request(endpoint, as: T.self)).value")
    public func request<T: Mappable>(_ endpoint: some Endpoint, as type: T.Type) async throws -> sending T {
        try await send(Request(endpoint, as: T.self)).value
    }

    /// Sends an endpoint and returns the mapped response with its status code and headers.
    @available(*, deprecated, message: "send a Request: try await send(Request(endpoint, as: T.self))")
    public func response<T: Mappable>(_ endpoint: some Endpoint, as type: T.Type) async throws -> sending Response<T> {
        try await send(Request(endpoint, as: T.self))
    }

    /// Sends an endpoint and returns the body's bytes.
    @available(*, deprecated, message: "send a Request for Data: try await send(Request(endpoint, as: Data.self))")
    public func data(_ endpoint: some Endpoint) async throws -> Response<Data> {
        try await send(Request(endpoint, as: Data.self))
    }

    /// Sends an endpoint and returns the body as text.
    @available(*, deprecated, message: "send a Request for String: try await send(Request(endpoint, as: String.self))")
    public func string(_ endpoint: some Endpoint) async throws -> Response<String> {
        try await send(Request(endpoint, as: String.self))
    }

    /// Sends an endpoint and calls back with the mapped response or the error.
    @available(
        *, deprecated,
        message: "send a Request: send(Request(endpoint, as: T.self), success: …, failure: …)"
    )
    @discardableResult
    public func request<T: Mappable>(
        _ endpoint: some Endpoint, as type: T.Type,
        @_inheritActorContext success: @escaping @isolated(any) @Sendable (sending T) -> Void,
        @_inheritActorContext failure: @escaping @isolated(any) @Sendable (APIError) -> Void
    ) -> APICall {
        send(Request(endpoint, as: T.self), success: success, failure: failure)
    }

    /// Sends an endpoint and completes with the mapped response or the error.
    @available(
        *, deprecated,
        message:
            "send a Request: send(Request(endpoint, as: T.self)) { result in … }, whose Result holds a Response (add .value)"
    )
    @discardableResult
    public func request<T: Mappable>(
        _ endpoint: some Endpoint, as type: T.Type,
        @_inheritActorContext completion: @escaping @isolated(any) @Sendable (sending Result<T, APIError>) -> Void
    ) -> APICall {
        values(of: Request(endpoint, as: T.self), to: completion)
    }

    /// Sends a GET and completes with the mapped response or the error.
    @available(
        *, deprecated,
        message:
            "use success:failure:, or send(Request(.get(path), as: T.self)) { result in … }, whose Result holds a Response (add .value)"
    )
    @discardableResult
    public func get<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type,
        @_inheritActorContext completion: @escaping @isolated(any) @Sendable (sending Result<T, APIError>) -> Void
    ) -> APICall {
        values(of: Request(.get(path, parameters: parameters, at: keyPath), as: T.self), to: completion)
    }

    /// Sends a POST and completes with the mapped response or the error.
    @available(
        *, deprecated,
        message:
            "use success:failure:, or send(Request(.post(path), as: T.self)) { result in … }, whose Result holds a Response (add .value)"
    )
    @discardableResult
    public func post<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil, as type: T.Type,
        @_inheritActorContext completion: @escaping @isolated(any) @Sendable (sending Result<T, APIError>) -> Void
    ) -> APICall {
        values(of: Request(.post(path, parameters: parameters, body: body, at: keyPath), as: T.self), to: completion)
    }

    /// Sends a PUT and completes with the mapped response or the error.
    @available(
        *, deprecated,
        message:
            "use success:failure:, or send(Request(.put(path), as: T.self)) { result in … }, whose Result holds a Response (add .value)"
    )
    @discardableResult
    public func put<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type,
        @_inheritActorContext completion: @escaping @isolated(any) @Sendable (sending Result<T, APIError>) -> Void
    ) -> APICall {
        values(of: Request(.put(path, parameters: parameters, at: keyPath), as: T.self), to: completion)
    }

    /// Sends a PATCH and completes with the mapped response or the error.
    @available(
        *, deprecated,
        message:
            "use success:failure:, or send(Request(.patch(path), as: T.self)) { result in … }, whose Result holds a Response (add .value)"
    )
    @discardableResult
    public func patch<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type,
        @_inheritActorContext completion: @escaping @isolated(any) @Sendable (sending Result<T, APIError>) -> Void
    ) -> APICall {
        values(of: Request(.patch(path, parameters: parameters, at: keyPath), as: T.self), to: completion)
    }

    /// Sends a DELETE and completes with the mapped response or the error.
    @available(
        *, deprecated,
        message:
            "use success:failure:, or send(Request(.delete(path), as: T.self)) { result in … }, whose Result holds a Response (add .value)"
    )
    @discardableResult
    public func delete<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type,
        @_inheritActorContext completion: @escaping @isolated(any) @Sendable (sending Result<T, APIError>) -> Void
    ) -> APICall {
        values(of: Request(.delete(path, parameters: parameters, at: keyPath), as: T.self), to: completion)
    }

    /// Sends a GET and calls back with the mapped response or the error.
    @available(*, deprecated, renamed: "get(_:parameters:at:as:success:failure:)")
    @discardableResult
    public func get<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, responseClass: T.Type,
        @_inheritActorContext success: @escaping @isolated(any) @Sendable (sending T) -> Void,
        @_inheritActorContext failure: @escaping @isolated(any) @Sendable (APIError) -> Void
    ) -> APICall {
        get(path, parameters: parameters, at: keyPath, as: T.self, success: success, failure: failure)
    }

    /// Sends a POST and calls back with the mapped response or the error.
    @available(*, deprecated, renamed: "post(_:parameters:at:as:success:failure:)")
    @discardableResult
    public func post<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, responseClass: T.Type,
        @_inheritActorContext success: @escaping @isolated(any) @Sendable (sending T) -> Void,
        @_inheritActorContext failure: @escaping @isolated(any) @Sendable (APIError) -> Void
    ) -> APICall {
        post(path, parameters: parameters, at: keyPath, as: T.self, success: success, failure: failure)
    }

    /// Sends a PUT and calls back with the mapped response or the error.
    @available(*, deprecated, renamed: "put(_:parameters:at:as:success:failure:)")
    @discardableResult
    public func put<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, responseClass: T.Type,
        @_inheritActorContext success: @escaping @isolated(any) @Sendable (sending T) -> Void,
        @_inheritActorContext failure: @escaping @isolated(any) @Sendable (APIError) -> Void
    ) -> APICall {
        put(path, parameters: parameters, at: keyPath, as: T.self, success: success, failure: failure)
    }

    /// Sends a PATCH and calls back with the mapped response or the error.
    @available(*, deprecated, renamed: "patch(_:parameters:at:as:success:failure:)")
    @discardableResult
    public func patch<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, responseClass: T.Type,
        @_inheritActorContext success: @escaping @isolated(any) @Sendable (sending T) -> Void,
        @_inheritActorContext failure: @escaping @isolated(any) @Sendable (APIError) -> Void
    ) -> APICall {
        patch(path, parameters: parameters, at: keyPath, as: T.self, success: success, failure: failure)
    }

    /// Sends a DELETE and calls back with the mapped response or the error.
    @available(*, deprecated, renamed: "delete(_:parameters:at:as:success:failure:)")
    @discardableResult
    public func delete<T: Mappable>(
        _ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, responseClass: T.Type,
        @_inheritActorContext success: @escaping @isolated(any) @Sendable (sending T) -> Void,
        @_inheritActorContext failure: @escaping @isolated(any) @Sendable (APIError) -> Void
    ) -> APICall {
        delete(path, parameters: parameters, at: keyPath, as: T.self, success: success, failure: failure)
    }

    /// Uploads a multipart form and maps the response into `type`.
    @available(
        *, deprecated,
        message:
            "upload a Request: try await upload(Request(HTTPEndpoint(method: .post, path: path, body: .multipart(form)), as: T.self)) { progress in … }.value"
    )
    public func upload<T: Mappable>(
        _ form: MultipartFormData, to path: String, method: HTTPMethod = .post, as type: T.Type,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> T {
        let endpoint = HTTPEndpoint(method: method, path: path, body: .multipart(form))
        return try await upload(Request(endpoint, as: T.self), progress: progress ?? { _ in }).value
    }

    /// The completion form's old shape: the value alone, in the completion's isolation.
    private func values<T>(
        of request: Request<T>,
        to completion: @escaping @isolated(any) @Sendable (sending Result<T, APIError>) -> Void
    ) -> APICall {
        callingBack(request) { result, queue in await Callback.run(completion, with: result.map(\.value), queue: queue)
        }
    }
}

extension RetryPolicy {
    /// A policy with a retry limit of its own.
    @available(
        *, unavailable,
        message:
            "a policy has no limit of its own: set ServiceConfiguration.retryLimit (2 by default, three tries in all), or an endpoint's retryLimit, beside its retryPolicy"
    )
    public init(
        limit: Int, delay: TimeInterval, backoffMultiplier: Double = 1,
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504],
        retryableMethods: Set<HTTPMethod> = Set(HTTPMethod.allCases.filter(\.isIdempotent)),
        honorsRetryAfter: Bool = true
    ) {
        self.init(
            delay: delay, backoffMultiplier: backoffMultiplier, retryableStatusCodes: retryableStatusCodes,
            retryableMethods: retryableMethods, honorsRetryAfter: honorsRetryAfter)
    }
}
