import Foundation
import ReflectMap
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A call whose request is built, or failed to build, with the endpoint's options resolved against
/// the service's configuration.
struct BuiltCall: Sendable {
    let request: Result<PreparedRequest, APIError>
    let options: CallOptions
}

/// How one attempt receives its response: the body in memory, a file on disk, or an open stream of
/// chunks.
struct Receiving<Payload>: Sendable {
    /// Sends one adapted request.
    let attempt: @Sendable (PreparedRequest) async throws -> (Payload, HTTPURLResponse)
    /// The body the monitors see on success, when it is in memory.
    let monitored: @Sendable (Payload) -> Data?
    /// The body of an unacceptable response; it also releases the payload.
    let errorBody: @Sendable (Payload) async -> Data
}

/// The pipeline every call runs, whatever it returns (a mapped model, a page, a downloaded file, a
/// stream): build the request, then in a task registered with the service adapt it, tell the monitors,
/// send it, validate the status, and ask the interceptors whether to retry. It never throws: every
/// failure becomes an ``APIError``.
extension APIService {
    /// Builds the endpoint's request now, so that a model body is written as it is at the call; the
    /// service's `Accept` is replaced by `accept` unless the endpoint sets its own.
    func begin(_ endpoint: some Endpoint, accept: String? = nil) -> BuiltCall {
        let options = CallOptions(endpoint, configuration: configuration)
        do {
            var request = try RequestBuilder(baseURL: baseURL, configuration: configuration).prepare(endpoint)
            if let accept, endpoint.headers.keys.allSatisfy({ $0.caseInsensitiveCompare("Accept") != .orderedSame }) {
                request.urlRequest.setValue(accept, forHTTPHeaderField: "Accept")
            }
            return BuiltCall(request: .success(request), options: options)
        } catch {
            return BuiltCall(request: .failure(APIError.wrapping(error)), options: options)
        }
    }

    /// The one path of every call: sends the built request through the pipeline in a task registered
    /// with the service, and hands an accepted response to `finish`, in that task. The request's
    /// temporary body file is removed when `finish` returns.
    func run<Payload, Value>(
        _ call: BuiltCall, _ receiving: Receiving<Payload>,
        then finish: @escaping @Sendable (Payload, HTTPURLResponse) async -> UncheckedBox<Result<Value, APIError>>
    ) async -> Result<Value, APIError> {
        let request: PreparedRequest
        switch call.request {
        case .success(let built): request = built
        case .failure(let error): return .failure(error)
        }
        return await registered {
            defer { request.cleanUp() }
            switch await self.perform(request, options: call.options, receiving: receiving) {
            case .success(let (payload, response)): return await finish(payload, response)
            case .failure(let error): return UncheckedBox(.failure(error))
            }
        }
    }

    /// Runs `operation` as a task registered with the service, so ``cancelAll()`` reaches async callers
    /// too; cancelling the caller cancels it.
    private func registered<R>(_ operation: @escaping @Sendable () async -> UncheckedBox<R>) async -> R {
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

    /// Attempts that collect the body in memory. A GET with no body and no progress may join an
    /// identical one in flight, when the service shares them.
    func inMemory(_ call: BuiltCall, progress: ProgressHandler?) -> Receiving<Data> {
        let transport = self.transport
        let redirects = configuration.redirectPolicy
        if let sharing, call.options.method == .get, progress == nil {
            return Receiving(
                attempt: { adapted in
                    guard adapted.bodyFile == nil else {
                        return try await transport.data(adapted, redirects: redirects, progress: nil)
                    }
                    return try await sharing.response(to: adapted.urlRequest) { timeout in
                        var shared = adapted
                        shared.urlRequest.timeoutInterval = timeout
                        return try await transport.data(shared, redirects: redirects, progress: nil)
                    }
                }, monitored: { $0 }, errorBody: { $0 })
        }
        return Receiving(
            attempt: { try await transport.data($0, redirects: redirects, progress: progress) },
            monitored: { $0 }, errorBody: { $0 })
    }

    /// Runs attempts until one succeeds, or the interceptors do not ask for another, or
    /// ``CallOptions/retryLimit`` retries have been made.
    private func perform<Payload>(
        _ original: PreparedRequest, options: CallOptions,
        receiving: Receiving<Payload>
    ) async -> Result<(Payload, HTTPURLResponse), APIError> {
        var attempts = 0
        while true {
            attempts += 1
            var request = original
            let error: APIError
            switch await adapt(original.urlRequest, by: options.interceptors) {
            case .failure(let failure):
                error = failure
            case .success(let adapted):
                request.urlRequest = adapted
                for monitor in configuration.monitors { monitor.requestDidStart(adapted) }
                switch await transmit(request, attempt: receiving.attempt) {
                case .success(let (payload, response)) where options.acceptableStatusCodes.contains(response.statusCode):
                    notify(adapted, response: response, data: receiving.monitored(payload), error: nil)
                    return .success((payload, response))
                case .success(let (payload, response)):
                    let body = await receiving.errorBody(payload)
                    error = .unacceptableStatus(code: response.statusCode, headers: response.stringHeaders, body: body)
                    notify(adapted, response: response, data: body, error: error)
                case .failure(let failure):
                    error = failure
                    notify(adapted, response: nil, data: nil, error: error)
                }
            }
            // A final error (a cancellation, a pin mismatch) is never retried: no interceptor is asked.
            if error.isFinal { return .failure(error) }
            guard attempts <= options.retryLimit,
                case .retry(let wait) = await retryDecision(
                    request.urlRequest, error: error, attempt: attempts,
                    interceptors: options.interceptors),
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

    /// The request as the interceptors adapt it, in order.
    func adapt(_ original: URLRequest, by interceptors: [any RequestInterceptor]) async -> Result<URLRequest, APIError>
    {
        if Task.isCancelled { return .failure(.cancelled) }
        var request = original
        do {
            for interceptor in interceptors {
                request = try await interceptor.adapt(request)
            }
            return .success(request)
        } catch {
            if error is CancellationError || Task.isCancelled { return .failure(.cancelled) }
            return .failure((error as? APIError) ?? .invalidRequest("An interceptor failed: \(error)"))
        }
    }

    private func notify(_ request: URLRequest, response: HTTPURLResponse?, data: Data?, error: APIError?) {
        for monitor in configuration.monitors {
            monitor.requestDidFinish(request, response: response, data: data, error: error)
        }
    }

    /// One attempt under the concurrency limit, with transport errors turned into ``APIError``s.
    private func transmit<Payload>(
        _ request: PreparedRequest,
        attempt: (PreparedRequest) async throws -> (Payload, HTTPURLResponse)
    ) async -> Result<(Payload, HTTPURLResponse), APIError> {
        await limiter?.acquire()
        defer { if let limiter { Task { await limiter.release() } } }
        if Task.isCancelled { return .failure(.cancelled) }
        do {
            return .success(try await attempt(request))
        } catch {
            return .failure(APIError.transport(error))
        }
    }

    /// The first answer of the interceptors, in order, that is not ``RetryDecision/useDefault``;
    /// ``RetryDecision/doNotRetry`` when they all answer it.
    private func retryDecision(
        _ request: URLRequest, error: APIError, attempt: Int,
        interceptors: [any RequestInterceptor]
    ) async -> RetryDecision {
        for interceptor in interceptors {
            let decision = await interceptor.retry(request, failedWith: error, attempt: attempt)
            if decision != .useDefault { return decision }
        }
        return .doNotRetry
    }

    /// Seconds as nanoseconds for `Task.sleep`, or `nil` for a wait that is not finite or longer than a
    /// day (which would trap the conversion, or hang the call). A negative wait is none.
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64? {
        guard seconds.isFinite, seconds <= 86_400 else { return nil }
        return UInt64(max(0, seconds) * 1_000_000_000)
    }

    /// A request's timeout as every transport and shared call reads it: `nil`, no timeout, unless it is
    /// finite, positive and at most a day.
    static func timeout(_ seconds: TimeInterval?) -> TimeInterval? {
        seconds.flatMap { $0.isFinite && $0 > 0 && $0 <= 86_400 ? $0 : nil }
    }

    /// A request's timeout, by ``timeout(_:)``'s rule, as nanoseconds for `Task.sleep`: what a timer
    /// that ends a call waits.
    static func timeoutNanoseconds(_ seconds: TimeInterval?) -> UInt64? {
        timeout(seconds).flatMap(nanoseconds)
    }
}
