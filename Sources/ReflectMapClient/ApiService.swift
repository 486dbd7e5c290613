import Foundation
import ReflectMap
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The base class for an API's services: subclass it per domain (`BookService`, `AccountService`) and
/// give each call a method that names its response class (seed 000's `RBApiService`).
///
/// ```swift
/// final class BookService: ApiService {
///     func book(id: Int) async throws -> Book {
///         try await get("books/\(id)", as: Book.self)
///     }
///     @discardableResult
///     func books(page: Int, success: @escaping @Sendable ([Book]) -> Void,
///                failure: @escaping @Sendable (ApiError) -> Void) -> ApiCall {
///         get("books", parameters: ["page": page], responseClass: [Book].self, success: success, failure: failure)
///     }
/// }
/// ```
///
/// Every call: builds the request (``ParameterEncoding``), lets the interceptors adapt it, sends it
/// through the transport (at most ``ServiceConfiguration/maximumConcurrentRequests`` at once), checks the
/// status code, retries as the interceptors or the ``RetryPolicy`` say, and maps the body with the
/// configuration's `JSONMapper`. Errors are always ``ApiError``.
open class ApiService: @unchecked Sendable {
    /// The URL that paths are relative to.
    public let baseURL: URL
    /// How calls are built, sent, checked and mapped.
    public let configuration: ServiceConfiguration
    let transport: any Transport
    /// Whether the service made its transport, and so invalidates it when it goes away.
    private let ownsTransport: Bool
    private let registry = CallRegistry()
    private let limiter: ConcurrencyLimiter?

    /// Creates a service. Without a transport in the configuration, the service owns one `URLSession`,
    /// invalidated when the service goes away.
    public init(baseURL: URL, configuration: ServiceConfiguration = ServiceConfiguration()) {
        self.baseURL = baseURL
        self.configuration = configuration
        if let transport = configuration.transport {
            self.transport = transport
            ownsTransport = false
        } else {
            ownsTransport = true
            let session = URLSessionConfiguration.default
            session.timeoutIntervalForRequest = configuration.timeout
            self.transport = URLSessionTransport(configuration: session)
        }
        limiter = configuration.maximumConcurrentRequests.map { ConcurrencyLimiter(limit: $0) }
    }

    deinit {
        registry.cancelAll()
        if ownsTransport { transport.invalidate() }
    }

    /// Cancels every call in flight; each reports ``ApiError/cancelled``.
    public func cancelAll() {
        registry.cancelAll()
    }

    // MARK: async

    /// Sends a GET and maps the response (or the value at `keyPath`) into `type`.
    public func get<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type) async throws -> T {
        try await request(PathEndpoint(method: .get, path: path, parameters: parameters, keyPath: keyPath), as: T.self)
    }

    /// Sends a POST with the parameters as a JSON body.
    public func post<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type) async throws -> T {
        try await request(PathEndpoint(method: .post, path: path, parameters: parameters, keyPath: keyPath), as: T.self)
    }

    /// Sends a POST with a model as the JSON body.
    public func post<T: Mappable>(_ path: String, body: some Mappable, at keyPath: String? = nil, as type: T.Type) async throws -> T {
        try await request(PathEndpoint(method: .post, path: path, body: body, keyPath: keyPath), as: T.self)
    }

    /// Sends a PUT with the parameters as a JSON body.
    public func put<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type) async throws -> T {
        try await request(PathEndpoint(method: .put, path: path, parameters: parameters, keyPath: keyPath), as: T.self)
    }

    /// Sends a PATCH with the parameters as a JSON body.
    public func patch<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type) async throws -> T {
        try await request(PathEndpoint(method: .patch, path: path, parameters: parameters, keyPath: keyPath), as: T.self)
    }

    /// Sends a DELETE with the parameters in the query.
    public func delete<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], at keyPath: String? = nil, as type: T.Type) async throws -> T {
        try await request(PathEndpoint(method: .delete, path: path, parameters: parameters, keyPath: keyPath), as: T.self)
    }

    /// Sends an endpoint's request and maps the response into `type`.
    /// - Throws: ``ApiError``, always.
    public func request<T: Mappable>(_ endpoint: some Endpoint, as type: T.Type) async throws -> T {
        let built = try RequestBuilder(baseURL: baseURL, configuration: configuration).request(for: endpoint)
        let method = endpoint.method
        let keyPath = endpoint.keyPath
        // Run as a registered task so cancelAll() reaches async callers too.
        let id = UUID()
        // The result crosses from the task to this caller once; models need not be Sendable.
        let task = Task { UncheckedBox(await self.execute(built, method: method, keyPath: keyPath, as: T.self)) }
        registry.insert(task, id: id)
        defer { registry.remove(id) }
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        return try result.value.get()
    }

    // MARK: callbacks

    /// Sends a GET and calls back with the mapped response class or the error (seed 000's style).
    @discardableResult
    public func get<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], responseClass: T.Type,
                                 success: @escaping @Sendable (T) -> Void, failure: @escaping @Sendable (ApiError) -> Void) -> ApiCall {
        request(PathEndpoint(method: .get, path: path, parameters: parameters), responseClass: T.self) { $0.deliver(success, failure) }
    }

    /// Sends a POST and calls back.
    @discardableResult
    public func post<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], responseClass: T.Type,
                                  success: @escaping @Sendable (T) -> Void, failure: @escaping @Sendable (ApiError) -> Void) -> ApiCall {
        request(PathEndpoint(method: .post, path: path, parameters: parameters), responseClass: T.self) { $0.deliver(success, failure) }
    }

    /// Sends a PUT and calls back.
    @discardableResult
    public func put<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], responseClass: T.Type,
                                 success: @escaping @Sendable (T) -> Void, failure: @escaping @Sendable (ApiError) -> Void) -> ApiCall {
        request(PathEndpoint(method: .put, path: path, parameters: parameters), responseClass: T.self) { $0.deliver(success, failure) }
    }

    /// Sends a PATCH and calls back.
    @discardableResult
    public func patch<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], responseClass: T.Type,
                                   success: @escaping @Sendable (T) -> Void, failure: @escaping @Sendable (ApiError) -> Void) -> ApiCall {
        request(PathEndpoint(method: .patch, path: path, parameters: parameters), responseClass: T.self) { $0.deliver(success, failure) }
    }

    /// Sends a DELETE and calls back.
    @discardableResult
    public func delete<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], responseClass: T.Type,
                                    success: @escaping @Sendable (T) -> Void, failure: @escaping @Sendable (ApiError) -> Void) -> ApiCall {
        request(PathEndpoint(method: .delete, path: path, parameters: parameters), responseClass: T.self) { $0.deliver(success, failure) }
    }

    /// Sends an endpoint's request and calls back.
    @discardableResult
    public func request<T: Mappable>(_ endpoint: some Endpoint, responseClass: T.Type,
                                     success: @escaping @Sendable (T) -> Void, failure: @escaping @Sendable (ApiError) -> Void) -> ApiCall {
        request(endpoint, responseClass: T.self) { $0.deliver(success, failure) }
    }

    /// Sends a GET and completes with a `Result` (seed 004's style).
    @discardableResult
    public func get<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], responseClass: T.Type,
                                 completion: @escaping @Sendable (Result<T, ApiError>) -> Void) -> ApiCall {
        request(PathEndpoint(method: .get, path: path, parameters: parameters), responseClass: T.self, completion: completion)
    }

    /// Sends a POST and completes with a `Result`.
    @discardableResult
    public func post<T: Mappable>(_ path: String, parameters: [String: any Sendable] = [:], responseClass: T.Type,
                                  completion: @escaping @Sendable (Result<T, ApiError>) -> Void) -> ApiCall {
        request(PathEndpoint(method: .post, path: path, parameters: parameters), responseClass: T.self, completion: completion)
    }

    /// Sends an endpoint's request and completes with a `Result`.
    @discardableResult
    public func request<T: Mappable>(_ endpoint: some Endpoint, responseClass: T.Type,
                                     completion: @escaping @Sendable (Result<T, ApiError>) -> Void) -> ApiCall {
        let built: URLRequest
        do {
            built = try RequestBuilder(baseURL: baseURL, configuration: configuration).request(for: endpoint)
        } catch {
            let failure = (error as? ApiError) ?? .invalidRequest("\(error)")
            return ApiCall(task: Task { self.callBack(completion, with: UncheckedBox(.failure(failure))) })
        }
        let method = endpoint.method
        let keyPath = endpoint.keyPath
        let id = UUID()
        let task = Task {
            let result = await self.execute(built, method: method, keyPath: keyPath, as: T.self)
            self.registry.remove(id)
            self.callBack(completion, with: UncheckedBox(result))
        }
        registry.insert(task, id: id)
        return ApiCall(task: task)
    }

    private func callBack<T>(_ completion: @escaping @Sendable (Result<T, ApiError>) -> Void, with result: UncheckedBox<Result<T, ApiError>>) {
        if let queue = configuration.callbackQueue {
            queue.async { completion(result.value) }
        } else {
            completion(result.value)
        }
    }

    // MARK: the pipeline

    /// Adapt, send, validate, retry, map. Never throws: every failure becomes an ``ApiError``.
    func execute<T: Mappable>(_ original: URLRequest, method: HTTPMethod, keyPath: String?, as type: T.Type) async -> Result<T, ApiError> {
        var attempt = 0
        while true {
            attempt += 1
            let (outcome, sent) = await send(original)
            let error: ApiError
            switch outcome {
            case .success(let (data, response)):
                if let status = validate(response, data: data) {
                    error = status
                } else {
                    return ResponseMapper(mapper: configuration.mapper).map(data, response: response, method: method, keyPath: keyPath, as: T.self)
                }
            case .failure(let failure):
                error = failure
            }
            if case .cancelled = error { return .failure(error) }
            guard let wait = await retryWait(sent, error: error, attempt: attempt, method: method),
                  let nanoseconds = Self.nanoseconds(wait)
            else {
                return .failure(Task.isCancelled ? .cancelled : error)
            }
            do {
                if nanoseconds > 0 { try await Task.sleep(nanoseconds: nanoseconds) }
            } catch {
                return .failure(.cancelled)
            }
        }
    }

    /// Adapts and sends one attempt; returns the outcome and the request as it was sent.
    private func send(_ original: URLRequest) async -> (Result<(Data, HTTPURLResponse), ApiError>, URLRequest) {
        if Task.isCancelled { return (.failure(.cancelled), original) }
        var request = original
        do {
            for interceptor in configuration.interceptors {
                request = try await interceptor.adapt(request)
            }
        } catch {
            if error is CancellationError || Task.isCancelled { return (.failure(.cancelled), request) }
            return (.failure((error as? ApiError) ?? .invalidRequest("An interceptor failed: \(error)")), request)
        }
        return (await transmit(request), request)
    }

    private func transmit(_ request: URLRequest) async -> Result<(Data, HTTPURLResponse), ApiError> {
        await limiter?.acquire()
        defer { if let limiter { Task { await limiter.release() } } }
        if Task.isCancelled { return .failure(.cancelled) }
        do {
            return .success(try await sendWithTimeout(request))
        } catch let error as URLError where error.code == .cancelled {
            return .failure(.cancelled)
        } catch is CancellationError {
            return .failure(.cancelled)
        } catch let error as URLError {
            return .failure(Task.isCancelled ? .cancelled : .network(message: error.localizedDescription, code: error.code.rawValue))
        } catch {
            return .failure(Task.isCancelled ? .cancelled : .network(message: "\(error)", code: nil))
        }
    }

    /// The transport's answer, or `URLError(.timedOut)` after the request's timeout: FoundationNetworking
    /// does not enforce `URLRequest.timeoutInterval` on its own. A timeout that is not a positive finite
    /// number means no timeout.
    private func sendWithTimeout(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let transport = self.transport
        guard request.timeoutInterval > 0, let limit = Self.nanoseconds(request.timeoutInterval) else {
            return try await transport.send(request)
        }
        return try await withThrowingTaskGroup(of: UncheckedBox<(Data, HTTPURLResponse)>.self) { group in
            group.addTask { UncheckedBox(try await transport.send(request)) }
            group.addTask {
                try await Task.sleep(nanoseconds: limit)
                throw URLError(.timedOut)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw URLError(.unknown) }
            return first.value
        }
    }

    /// Seconds as nanoseconds for `Task.sleep`, or `nil` for a wait that is not finite or longer than a
    /// day (which would trap the conversion, or hang the call).
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64? {
        guard seconds.isFinite, seconds <= 86_400 else { return nil }
        return UInt64(max(0, seconds) * 1_000_000_000)
    }

    private func validate(_ response: HTTPURLResponse, data: Data) -> ApiError? {
        guard !configuration.acceptableStatusCodes.contains(response.statusCode) else { return nil }
        var headers: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            headers["\(key)"] = "\(value)"
        }
        return .unacceptableStatus(code: response.statusCode, headers: headers, body: data)
    }

    private func retryWait(_ request: URLRequest, error: ApiError, attempt: Int, method: HTTPMethod) async -> TimeInterval? {
        for interceptor in configuration.interceptors {
            switch await interceptor.retry(request, failedWith: error, attempt: attempt) {
            case .retry(let after): return max(0, after)
            case .doNotRetry: return nil
            case .useDefault: continue
            }
        }
        return configuration.retryPolicy?.wait(before: attempt, method: method, after: error)
    }
}

extension Result where Failure == ApiError {
    func deliver(_ success: (Success) -> Void, _ failure: (ApiError) -> Void) {
        switch self {
        case .success(let value): success(value)
        case .failure(let error): failure(error)
        }
    }
}

/// Carries a result to the callback queue; the callback is `@Sendable` and takes it by value.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
