import Foundation
import ReflectMap
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The base class for an API's services: subclass it per domain (`BookService`, `AccountService`) and
/// give each call a method that names its response class.
///
/// A subclass restates the base class's `@unchecked Sendable`, as Swift 6 requires of a subclass of
/// an `@unchecked Sendable` class; keep its stored properties immutable or protected by a lock. In a
/// module isolated to the main actor by default, it is also `nonisolated`. A method that hands its
/// callbacks on declares them as the client does, so that they run in the caller's isolation.
///
/// ```swift
/// nonisolated final class BookService: APIService, @unchecked Sendable {
///     func book(id: Int) async throws -> Book {
///         try await get("books/\(id)", as: Book.self)
///     }
///     @discardableResult
///     func books(
///         page: Int,
///         @_inheritActorContext success: @escaping @isolated(any) @Sendable (sending [Book]) -> Void,
///         @_inheritActorContext failure: @escaping @isolated(any) @Sendable (APIError) -> Void
///     ) -> APICall {
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

    /// Sends a request and calls back with its value or the error, once. A callback runs in the
    /// isolation it was written in: on the main actor when written in main-actor code, so it may update
    /// the screen; otherwise on ``ServiceConfiguration/callbackQueue`` when there is one, else on the
    /// thread that finished the call (Defining a Service has the rule).
    ///
    /// ```swift
    /// final class BookListModel {              // main-actor by default in an app target
    ///     var books: [Book] = []
    ///     func load() {
    ///         api.send(Request(.get("books"), as: [Book].self), success: { books in
    ///             self.books = books               // on the main thread
    ///         }, failure: { error in print(error) })
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - request: The endpoint, and what its body becomes (a model, `Data` or `String`).
    ///   - success: Called with the value, once.
    ///   - failure: Called with the error instead, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `failure` then gets ``APIError/cancelled``.
    @discardableResult
    public func send<Value>(
        _ request: Request<Value>,
        @_inheritActorContext success: @escaping @isolated(any) @Sendable (sending Value) -> Void,
        @_inheritActorContext failure: @escaping @isolated(any) @Sendable (APIError) -> Void
    ) -> APICall {
        callingBack(request) { result, queue in
            await Callback.deliver(result.map(\.value), success: success, failure: failure, queue: queue)
        }
    }

    /// Sends a request and completes with the response (the value with the status code, headers and
    /// final URL) or the error, once, in the isolation the completion was written in, as
    /// ``send(_:success:failure:)`` says.
    /// - Parameters:
    ///   - request: The endpoint, and what its body becomes (a model, `Data` or `String`).
    ///   - completion: Called with the result, once.
    /// - Returns: The call; ``APICall/cancel()`` cancels it, and `completion` then gets ``APIError/cancelled``.
    @discardableResult
    public func send<Value>(
        _ request: Request<Value>,
        @_inheritActorContext completion:
            @escaping @isolated(any) @Sendable (
                sending Result<Response<Value>, APIError>
            ) -> Void
    ) -> APICall {
        callingBack(request) { result, queue in await Callback.run(completion, with: result, queue: queue) }
    }

    /// The one path of the callback forms: sends the request in a task of its own, which ``APICall``
    /// cancels, and hands the result to `deliver` in that task, with the queue for nonisolated callbacks.
    func callingBack<Value>(
        _ request: Request<Value>,
        _ deliver: @escaping @Sendable (sending Result<Response<Value>, APIError>, DispatchQueue?) async -> Void
    ) -> APICall {
        let operation = operation(request, progress: nil)
        let queue = configuration.callbackQueue
        return APICall(task: Task { await deliver(await operation().value, queue) })
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
