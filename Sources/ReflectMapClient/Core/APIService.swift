import Foundation
import ReflectMap
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The base class for an API's services: subclass it per domain (`BookService`, `AccountService`) and
/// give each call a method that names its response class.
///
/// A subclass restates the base class's `@unchecked Sendable`, as Swift 6 requires of a subclass of
/// an `@unchecked Sendable` class; keep its stored properties immutable or protected by a lock.
///
/// ```swift
/// final class BookService: APIService, @unchecked Sendable {
///     func book(id: Int) async throws -> Book {
///         try await get("books/\(id)", as: Book.self)
///     }
///     @discardableResult
///     @discardableResult
///     func books(page: Int, success: @escaping @Sendable ([Book]) -> Void,
///                failure: @escaping @Sendable (APIError) -> Void) -> APICall {
///         get("books", parameters: ["page": page], as: [Book].self, success: success, failure: failure)
///     }
/// }
/// ```
///
/// Every call: builds the request (``ParameterEncoding``, ``HTTPBody``), lets the interceptors adapt it,
/// tells the ``EventMonitor``s, sends it through the transport (at most
/// ``ServiceConfiguration/maximumConcurrentRequests`` at once), checks the status code, retries as the
/// interceptors say (a ``RetryPolicy`` is one), and maps the body with the configuration's `JSONMapper`.
/// Errors are always ``APIError``.
open class APIService: @unchecked Sendable {
    /// The URL that paths are relative to.
    public let baseURL: URL
    /// How calls are built, sent, checked and mapped.
    public let configuration: ServiceConfiguration
    let transport: any Transport
    /// Whether the service made its transport, and so invalidates it when it goes away.
    private let ownsTransport: Bool
    let registry = CallRegistry()
    let limiter: ConcurrencyLimiter?
    /// Identical GETs in flight, when the configuration shares them.
    let sharing: RequestSharing?

    /// Creates a service. Without a transport in the configuration, the service owns one, released when
    /// the service goes away: an `AsyncHTTPClientTransport` on Linux when the package's `AsyncHTTPClient`
    /// trait is on, otherwise a ``URLSessionTransport``.
    ///
    /// When the configuration pins public keys that the transport cannot enforce, every call fails with
    /// ``APIError/publicKeyPinningUnavailable(_:)`` and sends nothing; ``init(baseURL:validating:)``
    /// reports it here instead.
    /// - Parameters:
    ///   - baseURL: The URL that paths are relative to.
    ///   - configuration: How calls are built, sent, checked and mapped.
    public init(baseURL: URL, configuration: ServiceConfiguration = ServiceConfiguration()) {
        self.baseURL = baseURL
        self.configuration = configuration
        let chosen: any Transport
        if let transport = configuration.transport {
            chosen = transport
            ownsTransport = false
        } else {
            ownsTransport = true
            chosen = configuration.makeTransport?(configuration) ?? Self.defaultTransport(for: configuration)
        }
        if let problem = Self.pinningProblem(configuration.publicKeyPins, transport: chosen) {
            if ownsTransport { chosen.invalidate() }
            transport = RefusingTransport(error: problem)
        } else {
            transport = chosen
        }
        limiter = configuration.maximumConcurrentRequests.map { ConcurrencyLimiter(limit: $0) }
        sharing = configuration.sharesInFlightRequests ? RequestSharing() : nil
    }

    /// Creates a service, and fails when the configuration cannot be honoured: public-key pins that the
    /// transport cannot enforce (``URLSessionTransport`` on Linux, or a transport made without the same
    /// pins).
    /// - Parameters:
    ///   - baseURL: The URL that paths are relative to.
    ///   - configuration: How calls are built, sent, checked and mapped.
    /// - Throws: ``APIError/publicKeyPinningUnavailable(_:)``.
    public convenience init(baseURL: URL, validating configuration: ServiceConfiguration) throws(APIError) {
        self.init(baseURL: baseURL, configuration: configuration)
        if let refusing = transport as? RefusingTransport { throw refusing.error }
    }

    deinit {
        registry.cancelAll()
        if ownsTransport { transport.invalidate() }
    }

    /// Cancels every call and stream in flight; each call reports ``APIError/cancelled``.
    public func cancelAll() {
        registry.cancelAll()
    }

    // MARK: send

    /// Sends a request and reads its response: the one call every other call of the service is made of.
    ///
    /// ```swift
    /// let page = try await service.send(Request(BookRouter.list(page: 1), as: [Book].self))
    /// let books = page.value
    /// let next = page.header("Link")
    /// ```
    /// - Parameters:
    ///   - request: The endpoint, and what its body becomes (a model, `Data` or `String`).
    /// - Returns: The value with the status code, headers and final URL.
    /// - Throws: ``APIError``, always.
    public func send<Value>(_ request: Request<Value>) async throws -> sending Response<Value> {
        try await operation(request, progress: nil)().value.get()
    }

    /// Sends a request and calls back with its value or the error, once, on
    /// ``ServiceConfiguration/callbackQueue`` when there is one.
    /// - Parameters:
    ///   - request: The endpoint, and what its body becomes (a model, `Data` or `String`).
    ///   - success: Called with the value, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    @discardableResult
    public func send<Value>(
        _ request: Request<Value>, success: @escaping @Sendable (sending Value) -> Void,
        failure: @escaping @Sendable (APIError) -> Void
    ) -> APICall {
        send(request) { Result.deliver($0.map(\.value), success, failure) }
    }

    /// Sends a request and completes with the response (the value with the status code, headers and
    /// final URL) or the error, once, on ``ServiceConfiguration/callbackQueue`` when there is one.
    /// - Parameters:
    ///   - request: The endpoint, and what its body becomes (a model, `Data` or `String`).
    ///   - completion: Called with the result, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `completion` then gets ``APIError/cancelled``.
    @discardableResult
    public func send<Value>(
        _ request: Request<Value>,
        completion: @escaping @Sendable (sending Result<Response<Value>, APIError>) -> Void
    ) -> APICall {
        let operation = operation(request, progress: nil)
        let queue = configuration.callbackQueue
        return APICall(
            task: Task {
                let result = await operation()
                if let queue {
                    queue.async { completion(result.value) }
                } else {
                    completion(result.value)
                }
            })
    }

    /// ``send(_:)`` as an operation to run later, with upload progress: the request is built now (a
    /// request that cannot be built makes an operation that fails at once), and sent when the operation
    /// runs.
    func operation<Value>(
        _ request: Request<Value>,
        progress: ProgressHandler?
    ) -> @Sendable () async -> UncheckedBox<Result<Response<Value>, APIError>> {
        let call = begin(request.endpoint)
        let read = request.read
        let context = Request<Value>.ReadContext(mapper: configuration.mapper, options: call.options)
        return {
            // The result crosses from the task to the caller once; models need not be Sendable.
            UncheckedBox(
                await self.run(call, self.inMemory(call, progress: progress)) { body, response in
                    UncheckedBox(read(body, response, context).map { Response($0, response) })
                })
        }
    }
}

/// Carries a value across a task boundary once; the receiver takes it by value.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
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
