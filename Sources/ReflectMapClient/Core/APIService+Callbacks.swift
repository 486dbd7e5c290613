import Foundation
import ReflectMap

/// Calls with callbacks instead of `async`: each returns an ``APICall`` that can cancel it, and calls back
/// exactly once, with the mapped response or the error (`success`/`failure`), or with a `Result` (`completion`).
extension APIService {
    /// Sends a GET and calls back with the mapped response class or the error.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - responseClass: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    @discardableResult
    public func get<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], responseClass: T.Type,
                                 success: @escaping @Sendable (sending T) -> Void, failure: @escaping @Sendable (APIError) -> Void) -> APICall {
        request(PathEndpoint(method: .get, path: path, parameters: parameters), responseClass: T.self) { Result.deliver($0, success, failure) }
    }

    /// Sends a POST and calls back.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - responseClass: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    @discardableResult
    public func post<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], responseClass: T.Type,
                                  success: @escaping @Sendable (sending T) -> Void, failure: @escaping @Sendable (APIError) -> Void) -> APICall {
        request(PathEndpoint(method: .post, path: path, parameters: parameters), responseClass: T.self) { Result.deliver($0, success, failure) }
    }

    /// Sends a PUT and calls back.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - responseClass: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    @discardableResult
    public func put<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], responseClass: T.Type,
                                 success: @escaping @Sendable (sending T) -> Void, failure: @escaping @Sendable (APIError) -> Void) -> APICall {
        request(PathEndpoint(method: .put, path: path, parameters: parameters), responseClass: T.self) { Result.deliver($0, success, failure) }
    }

    /// Sends a PATCH and calls back.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - responseClass: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    @discardableResult
    public func patch<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], responseClass: T.Type,
                                   success: @escaping @Sendable (sending T) -> Void, failure: @escaping @Sendable (APIError) -> Void) -> APICall {
        request(PathEndpoint(method: .patch, path: path, parameters: parameters), responseClass: T.self) { Result.deliver($0, success, failure) }
    }

    /// Sends a DELETE and calls back.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - responseClass: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    @discardableResult
    public func delete<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], responseClass: T.Type,
                                    success: @escaping @Sendable (sending T) -> Void, failure: @escaping @Sendable (APIError) -> Void) -> APICall {
        request(PathEndpoint(method: .delete, path: path, parameters: parameters), responseClass: T.self) { Result.deliver($0, success, failure) }
    }

    /// Sends an endpoint's request and calls back.
    /// - Parameters:
    ///   - endpoint: The request to send.
    ///   - responseClass: The class the response maps into.
    ///   - success: Called with the mapped response, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    @discardableResult
    public func request<T: Mappable>(_ endpoint: some Endpoint, responseClass: T.Type,
                                     success: @escaping @Sendable (sending T) -> Void, failure: @escaping @Sendable (APIError) -> Void) -> APICall {
        request(endpoint, responseClass: T.self) { Result.deliver($0, success, failure) }
    }

    /// Sends a GET and completes with a `Result`.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - responseClass: The class the response maps into.
    ///   - completion: Called once with the result, on ``ServiceConfiguration/callbackQueue`` when there is one.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `completion` then gets ``APIError/cancelled``.
    @discardableResult
    public func get<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], responseClass: T.Type,
                                 completion: @escaping @Sendable (sending Result<T, APIError>) -> Void) -> APICall {
        request(PathEndpoint(method: .get, path: path, parameters: parameters), responseClass: T.self, completion: completion)
    }

    /// Sends a POST and completes with a `Result`.
    /// - Parameters:
    ///   - path: The path, relative to the base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - responseClass: The class the response maps into.
    ///   - completion: Called once with the result, on ``ServiceConfiguration/callbackQueue`` when there is one.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `completion` then gets ``APIError/cancelled``.
    @discardableResult
    public func post<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], responseClass: T.Type,
                                  completion: @escaping @Sendable (sending Result<T, APIError>) -> Void) -> APICall {
        request(PathEndpoint(method: .post, path: path, parameters: parameters), responseClass: T.self, completion: completion)
    }

    /// Sends an endpoint's request and completes with a `Result`.
    /// - Parameters:
    ///   - endpoint: The request to send.
    ///   - responseClass: The class the body maps into.
    ///   - completion: Called once, on ``ServiceConfiguration/callbackQueue`` when there is one.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `completion` then gets ``APIError/cancelled``.
    @discardableResult
    public func request<T: Mappable>(_ endpoint: some Endpoint, responseClass: T.Type,
                                     completion: @escaping @Sendable (sending Result<T, APIError>) -> Void) -> APICall {
        let prepared: PreparedRequest
        do {
            prepared = try prepare(endpoint)
        } catch {
            let failure = APIError.wrapping(error)
            return APICall(task: Task { self.callBack(completion, with: UncheckedBox(.failure(failure))) })
        }
        let options = CallOptions(endpoint, configuration: configuration)
        let id = UUID()
        let task = Task {
            let result = await self.execute(prepared, options: options, progress: nil, as: T.self).map(\.value)
            prepared.cleanUp()
            self.registry.remove(id)
            self.callBack(completion, with: UncheckedBox(result))
        }
        registry.insert(task, id: id)
        return APICall(task: task)
    }

    private func callBack<T>(_ completion: @escaping @Sendable (sending Result<T, APIError>) -> Void, with result: UncheckedBox<Result<T, APIError>>) {
        if let queue = configuration.callbackQueue {
            queue.async { completion(result.value) }
        } else {
            completion(result.value)
        }
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
