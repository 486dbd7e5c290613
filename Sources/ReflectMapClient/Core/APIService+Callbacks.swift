import Foundation
import ReflectMap

/// Calls with callbacks instead of `async`, for every verb and for an endpoint: each returns an
/// ``APICall`` that can cancel it, and calls back exactly once, on
/// ``ServiceConfiguration/callbackQueue`` when there is one, with the mapped response or the error
/// (`success`/`failure`), or with a `Result` (`completion`). Each takes the same arguments as its
/// `async` form, and all of them send through ``request(_:as:completion:)``.
extension APIService {
    // MARK: success and failure

    /// Sends a GET and calls back with the mapped response class or the error.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    @discardableResult
    public func get<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type,
        success: @escaping @Sendable (sending T) -> Void, failure: @escaping @Sendable (APIError) -> Void) -> APICall {
        get(path, parameters: parameters, at: keyPath, as: T.self) { Result.deliver($0, success, failure) }
    }

    /// Sends a POST and calls back with the mapped response class or the error.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    @discardableResult
    public func post<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type,
        success: @escaping @Sendable (sending T) -> Void, failure: @escaping @Sendable (APIError) -> Void) -> APICall {
        post(path, parameters: parameters, at: keyPath, as: T.self) { Result.deliver($0, success, failure) }
    }

    /// Sends a POST and calls back with the mapped response class or the error.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - body: A model sent as the JSON body.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    @discardableResult
    public func post<T: Mappable>(_ path: String, body: some Mappable, at keyPath: String? = nil, as type: T.Type,
        success: @escaping @Sendable (sending T) -> Void, failure: @escaping @Sendable (APIError) -> Void) -> APICall {
        post(path, body: body, at: keyPath, as: T.self) { Result.deliver($0, success, failure) }
    }

    /// Sends a PUT and calls back with the mapped response class or the error.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    @discardableResult
    public func put<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type,
        success: @escaping @Sendable (sending T) -> Void, failure: @escaping @Sendable (APIError) -> Void) -> APICall {
        put(path, parameters: parameters, at: keyPath, as: T.self) { Result.deliver($0, success, failure) }
    }

    /// Sends a PATCH and calls back with the mapped response class or the error.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    @discardableResult
    public func patch<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type,
        success: @escaping @Sendable (sending T) -> Void, failure: @escaping @Sendable (APIError) -> Void) -> APICall {
        patch(path, parameters: parameters, at: keyPath, as: T.self) { Result.deliver($0, success, failure) }
    }

    /// Sends a DELETE and calls back with the mapped response class or the error.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    @discardableResult
    public func delete<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type,
        success: @escaping @Sendable (sending T) -> Void, failure: @escaping @Sendable (APIError) -> Void) -> APICall {
        delete(path, parameters: parameters, at: keyPath, as: T.self) { Result.deliver($0, success, failure) }
    }

    /// Sends an endpoint's request and calls back with the mapped response class or the error.
    /// - Parameters:
    ///   - endpoint: The request to send.
    ///   - type: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    @discardableResult
    public func request<T: Mappable>(_ endpoint: some Endpoint, as type: T.Type,
        success: @escaping @Sendable (sending T) -> Void, failure: @escaping @Sendable (APIError) -> Void) -> APICall {
        request(endpoint, as: T.self) { Result.deliver($0, success, failure) }
    }

    // MARK: completion

    /// Sends a GET and completes with a `Result`.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - completion: Called with the result, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `completion` then gets ``APIError/cancelled``.
    @discardableResult
    public func get<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type,
        completion: @escaping @Sendable (sending Result<T, APIError>) -> Void) -> APICall {
        request(PathEndpoint(method: .get, path: path, parameters: parameters, keyPath: keyPath), as: T.self, completion: completion)
    }

    /// Sends a POST and completes with a `Result`.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - completion: Called with the result, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `completion` then gets ``APIError/cancelled``.
    @discardableResult
    public func post<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type,
        completion: @escaping @Sendable (sending Result<T, APIError>) -> Void) -> APICall {
        request(PathEndpoint(method: .post, path: path, parameters: parameters, keyPath: keyPath), as: T.self, completion: completion)
    }

    /// Sends a POST and completes with a `Result`.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - body: A model sent as the JSON body.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - completion: Called with the result, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `completion` then gets ``APIError/cancelled``.
    @discardableResult
    public func post<T: Mappable>(_ path: String, body: some Mappable, at keyPath: String? = nil, as type: T.Type,
        completion: @escaping @Sendable (sending Result<T, APIError>) -> Void) -> APICall {
        request(PathEndpoint(method: .post, path: path, body: body, keyPath: keyPath), as: T.self, completion: completion)
    }

    /// Sends a PUT and completes with a `Result`.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - completion: Called with the result, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `completion` then gets ``APIError/cancelled``.
    @discardableResult
    public func put<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type,
        completion: @escaping @Sendable (sending Result<T, APIError>) -> Void) -> APICall {
        request(PathEndpoint(method: .put, path: path, parameters: parameters, keyPath: keyPath), as: T.self, completion: completion)
    }

    /// Sends a PATCH and completes with a `Result`.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - completion: Called with the result, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `completion` then gets ``APIError/cancelled``.
    @discardableResult
    public func patch<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type,
        completion: @escaping @Sendable (sending Result<T, APIError>) -> Void) -> APICall {
        request(PathEndpoint(method: .patch, path: path, parameters: parameters, keyPath: keyPath), as: T.self, completion: completion)
    }

    /// Sends a DELETE and completes with a `Result`.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    ///   - type: The class the response maps into.
    ///   - completion: Called with the result, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `completion` then gets ``APIError/cancelled``.
    @discardableResult
    public func delete<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type,
        completion: @escaping @Sendable (sending Result<T, APIError>) -> Void) -> APICall {
        request(PathEndpoint(method: .delete, path: path, parameters: parameters, keyPath: keyPath), as: T.self, completion: completion)
    }

    /// Sends an endpoint's request and completes with a `Result`.
    /// - Parameters:
    ///   - endpoint: The request to send.
    ///   - type: The class the response maps into.
    ///   - completion: Called with the result, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `completion` then gets ``APIError/cancelled``.
    @discardableResult
    public func request<T: Mappable>(_ endpoint: some Endpoint, as type: T.Type,
        completion: @escaping @Sendable (sending Result<T, APIError>) -> Void) -> APICall {
        let operation = send(endpoint, as: T.self, progress: nil)
        let queue = configuration.callbackQueue
        return APICall(task: Task {
            let result = UncheckedBox(await operation().value.map(\.value))
            if let queue {
                queue.async { completion(result.value) }
            } else {
                completion(result.value)
            }
        })
    }
}

extension Result where Failure == APIError {
    /// Hands the result to one of two callbacks. The result is `sending`: the caller gives it away, so
    /// the callback may send the model on (to the main actor, say).
    static func deliver(_ result: sending Self, _ success: (sending Success) -> Void, _ failure: (APIError) -> Void) {
        switch result {
        case .success(let value): success(value)
        case .failure(let error): failure(error)
        }
    }
}
