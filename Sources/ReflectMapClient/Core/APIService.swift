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

    // MARK: async

    /// Sends an endpoint's request and maps the response into `type`.
    /// - Parameters:
    ///   - endpoint: The request to send.
    ///   - type: The class the body (or the value at the endpoint's key path) maps into.
    /// - Returns: The mapped response.
    /// - Throws: ``APIError``, always.
    public func request<T: Mappable>(_ endpoint: some Endpoint, as type: T.Type) async throws -> sending T {
        try await response(endpoint, as: T.self).value
    }

    /// Sends an endpoint's request and maps the response into `type`, with the status code, headers and
    /// URL of the response.
    /// - Parameters:
    ///   - endpoint: The request to send.
    ///   - type: The class the body (or the value at the endpoint's key path) maps into.
    /// - Returns: The mapped value with the status code, headers and final URL.
    /// - Throws: ``APIError``, always.
    public func response<T: Mappable>(_ endpoint: some Endpoint, as type: T.Type) async throws -> sending Response<T> {
        try await response(endpoint, as: T.self, progress: nil)
    }

    /// Sends an endpoint's request and returns the body as it is, for bodies that are not JSON.
    /// - Parameters:
    ///   - endpoint: The request to send.
    /// - Returns: The body as it arrived, with the status code, headers and final URL.
    /// - Throws: ``APIError``, always.
    public func data(_ endpoint: some Endpoint) async throws -> Response<Data> {
        let prepared = try prepare(endpoint)
        defer { prepared.cleanUp() }
        let options = CallOptions(endpoint, configuration: configuration)
        let result = await registered {
            UncheckedBox(await self.perform(prepared, options: options, progress: nil).map { Response($0, $1) })
        }
        return try result.get()
    }

    /// Sends an endpoint's request and returns the body as text, decoded with the charset of its
    /// `Content-Type` (UTF-8 when it names none).
    /// - Parameters:
    ///   - endpoint: The request to send.
    /// - Returns: The body as text, with the status code, headers and final URL.
    /// - Throws: ``APIError``, always; ``APIError/undecodable(_:body:)`` when the body is not text in
    ///   that charset.
    public func string(_ endpoint: some Endpoint) async throws -> Response<String> {
        let response = try await data(endpoint)
        let encoding = response.header("Content-Type").map(HTTPURLResponse.textEncoding(for:)) ?? .utf8
        guard let text = String(data: response.value, encoding: encoding) else {
            throw APIError.undecodable(MappingError(.malformedJSON("The response body is not text in its charset.")), body: response.value)
        }
        return response.with(text)
    }

    /// ``response(_:as:)`` with upload progress.
    func response<T: Mappable>(_ endpoint: some Endpoint, as type: T.Type, progress: ProgressHandler?) async throws -> sending Response<T> {
        try await send(endpoint, as: T.self, progress: progress)().value.get()
    }

    /// The path of every call that maps its response into one model, async or with callbacks (a page
    /// of ``pages(_:at:as:by:pageLimit:)`` is mapped from the body it also reads links from): builds the
    /// endpoint's request now, and returns the operation that sends it in a task registered with the
    /// service and maps the response. A request that cannot be built makes an operation that fails at once.
    func send<T: Mappable>(_ endpoint: some Endpoint, as type: T.Type,
                           progress: ProgressHandler?) -> @Sendable () async -> UncheckedBox<Result<Response<T>, APIError>> {
        let prepared: PreparedRequest
        do {
            prepared = try prepare(endpoint)
        } catch {
            return { UncheckedBox(.failure(error)) }
        }
        let options = CallOptions(endpoint, configuration: configuration)
        return {
            defer { prepared.cleanUp() }
            // The result crosses from the task to the caller once; models need not be Sendable.
            return UncheckedBox(await self.registered {
                UncheckedBox(await self.execute(prepared, options: options, progress: progress, as: T.self))
            })
        }
    }

    /// Builds the endpoint's request; every failure is an ``APIError``.
    func prepare(_ endpoint: some Endpoint) throws(APIError) -> PreparedRequest {
        do {
            return try RequestBuilder(baseURL: baseURL, configuration: configuration).prepare(endpoint)
        } catch {
            throw APIError.wrapping(error)
        }
    }

    /// Runs `operation` as a task registered with the service, so ``cancelAll()`` reaches async callers
    /// too; cancelling the caller cancels it.
    func registered<R>(_ operation: @escaping @Sendable () async -> UncheckedBox<R>) async -> R {
        let id = UUID()
        let task = Task { await operation() }
        registry.insert(task, id: id)
        defer { registry.remove(id) }
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }.value
    }
}


/// Carries a value across a task boundary once; the receiver takes it by value.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
