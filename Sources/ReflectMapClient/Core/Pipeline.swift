import Foundation
import ReflectMap
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The pipeline every call runs: adapt, tell the monitors, send, validate, ask the interceptors whether
/// to retry. It is generic over
/// what an attempt produces (a body in memory, a downloaded file, an open stream), and never throws:
/// every failure becomes an ``APIError``.
extension APIService {
    /// Sends the request and maps the body into `type`.
    func execute<T: Mappable>(_ request: PreparedRequest, options: CallOptions, progress: ProgressHandler?,
                              as type: T.Type) async -> Result<Response<T>, APIError> {
        switch await perform(request, options: options, progress: progress) {
        case .success(let (data, response)):
            return ResponseMapper(mapper: configuration.mapper)
                .map(data, status: response.statusCode, keyPath: options.keyPath, envelope: options.envelope, as: T.self)
                .map { Response(data, response).with($0) }
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Sends the request and collects the body in memory.
    func perform(_ request: PreparedRequest, options: CallOptions, progress: ProgressHandler?) async -> Result<(Data, HTTPURLResponse), APIError> {
        let transport = self.transport
        let redirects = configuration.redirectPolicy
        // A GET with no body and no progress may join an identical one in flight.
        if let sharing, options.method == .get, progress == nil, request.bodyFile == nil {
            return await perform(request, options: options,
                                 attempt: { adapted in
                                     try await sharing.response(to: adapted.urlRequest) { timeout in
                                         var shared = adapted
                                         shared.urlRequest.timeoutInterval = timeout
                                         return try await transport.data(shared, redirects: redirects, progress: nil)
                                     }
                                 },
                                 monitored: { $0 }, errorBody: { $0 })
        }
        return await perform(request, options: options,
                             attempt: { try await transport.data($0, redirects: redirects, progress: progress) },
                             monitored: { $0 }, errorBody: { $0 })
    }

    /// Runs attempts until one succeeds, or the interceptors do not ask for another, or
    /// ``CallOptions/retryLimit`` retries have been made.
    /// - Parameters:
    ///   - attempt: Sends one adapted request.
    ///   - monitored: The body the monitors see on success, when it is in memory.
    ///   - errorBody: The body of an unacceptable response; it also releases the payload.
    func perform<Payload>(_ original: PreparedRequest, options: CallOptions,
                          attempt: (PreparedRequest) async throws -> (Payload, HTTPURLResponse),
                          monitored: (Payload) -> Data?,
                          errorBody: (Payload) async -> Data) async -> Result<(Payload, HTTPURLResponse), APIError> {
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
                switch await transmit(request, attempt: attempt) {
                case .success(let (payload, response)) where options.acceptableStatusCodes.contains(response.statusCode):
                    notify(adapted, response: response, data: monitored(payload), error: nil)
                    return .success((payload, response))
                case .success(let (payload, response)):
                    let body = await errorBody(payload)
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
                  case .retry(let wait) = await retryDecision(request.urlRequest, error: error, attempt: attempts,
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
    func adapt(_ original: URLRequest, by interceptors: [any RequestInterceptor]) async -> Result<URLRequest, APIError> {
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
    private func transmit<Payload>(_ request: PreparedRequest,
                                   attempt: (PreparedRequest) async throws -> (Payload, HTTPURLResponse)) async -> Result<(Payload, HTTPURLResponse), APIError> {
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
    private func retryDecision(_ request: URLRequest, error: APIError, attempt: Int,
                               interceptors: [any RequestInterceptor]) async -> RetryDecision {
        for interceptor in interceptors {
            let decision = await interceptor.retry(request, failedWith: error, attempt: attempt)
            if decision != .useDefault { return decision }
        }
        return .doNotRetry
    }

    /// Seconds as nanoseconds for `Task.sleep`, or `nil` for a wait that is not finite or longer than a
    /// day (which would trap the conversion, or hang the call).
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64? {
        guard seconds.isFinite, seconds <= 86_400 else { return nil }
        return UInt64(max(0, seconds) * 1_000_000_000)
    }
}
