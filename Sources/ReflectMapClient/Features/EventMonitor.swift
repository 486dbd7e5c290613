import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Told when each request starts and finishes (Alamofire's `EventMonitor`). The library prints
/// nothing; a monitor decides where logs and metrics go.
///
/// ```swift
/// struct Logger: EventMonitor {
///     func requestDidStart(_ request: URLRequest) { print(request.cURLDescription) }
///     func requestDidFinish(_ request: URLRequest, response: HTTPURLResponse?, data: Data?, error: APIError?) {
///         print(response?.statusCode ?? 0, error.map { "\($0)" } ?? "ok")
///     }
/// }
/// let service = APIService(baseURL: url, configuration: ServiceConfiguration(monitors: [Logger()]))
/// ```
///
/// Monitors are called for every attempt, retries included, with the request as it was sent (after the
/// interceptors), on the thread the call runs on: return quickly.
public protocol EventMonitor: Sendable {
    /// A request is about to be sent.
    /// - Parameters:
    ///   - request: The request, after the interceptors adapted it.
    func requestDidStart(_ request: URLRequest)

    /// A request finished.
    /// - Parameters:
    ///   - request: The request as it was sent.
    ///   - response: The response, when one arrived.
    ///   - data: The body, when it was read into memory (not for downloads or streams).
    ///   - error: Why the attempt failed, or `nil` when it succeeded.
    func requestDidFinish(_ request: URLRequest, response: HTTPURLResponse?, data: Data?, error: APIError?)
}

extension EventMonitor {
    /// Does nothing.
    /// - Parameters:
    ///   - request: The request.
    public func requestDidStart(_ request: URLRequest) {}

    /// Does nothing.
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The response.
    ///   - data: The body.
    ///   - error: The error.
    public func requestDidFinish(_ request: URLRequest, response: HTTPURLResponse?, data: Data?, error: APIError?) {}
}
