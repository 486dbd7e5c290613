import Foundation
import ReflectMap

/// One request an API offers: a router enum conforms, one case per call.
///
/// ```swift
/// enum BookRouter: Endpoint {
///     case list(page: Int), show(id: Int), create(NewBook)
///     var method: HTTPMethod { if case .create = self { .post } else { .get } }
///     var path: String {
///         switch self {
///         case .list: "books"
///         case .show(let id): "books/\(id)"
///         case .create: "books"
///         }
///     }
///     var parameters: [String: any Sendable] { if case .list(let page) = self { ["page": page] } else { [:] } }
///     var body: (any Mappable)? { if case .create(let book) = self { book } else { nil } }
/// }
/// ```
public protocol Endpoint: SendableMetatype {
    /// The HTTP method.
    var method: HTTPMethod { get }
    /// The path, relative to the service's base URL (or an absolute URL).
    var path: String { get }
    /// Parameters, encoded as ``encoding`` says. Empty by default.
    var parameters: [String: any Sendable] { get }
    /// A model sent as the JSON body, mapped with the service's mapper. `nil` by default.
    var body: (any Mappable)? { get }
    /// How parameters are encoded; `nil` (the default) picks by method: query for GET, DELETE and
    /// HEAD, JSON for POST, PUT and PATCH.
    var encoding: ParameterEncoding? { get }
    /// Headers for this request, on top of the service's. Empty by default.
    var headers: [String: String] { get }
    /// A dotted key path to the value to map, such as `"data"` for a `{data, error}` envelope; `\.` is a
    /// dot inside a key, as in every ReflectMap key path.
    var keyPath: String? { get }
    /// Seconds before this request times out; `nil` (the default) uses the service's timeout.
    var timeout: TimeInterval? { get }
    /// The body: a model, raw bytes or a file with a content type, or a multipart form. The default
    /// sends ``body`` as JSON when there is one.
    var httpBody: HTTPBody? { get }
    /// Status codes that count as success for this request; `nil` (the default) uses the service's.
    var acceptableStatusCodes: Set<Int>? { get }
    /// The retry policy asked after the service's interceptors for this request; `nil` (the default)
    /// uses the service's. ``RetryPolicy/never`` turns the policy's retries off for this request alone.
    var retryPolicy: RetryPolicy? { get }
    /// How this response is wrapped; `nil` (the default) uses the service's, and
    /// ``ResponseEnvelope/none`` says it is not wrapped.
    var envelope: ResponseEnvelope? { get }
}

extension Endpoint {
    /// No parameters.
    public var parameters: [String: any Sendable] { [:] }
    /// No body model.
    public var body: (any Mappable)? { nil }
    /// The method's default encoding.
    public var encoding: ParameterEncoding? { nil }
    /// No headers of its own.
    public var headers: [String: String] { [:] }
    /// The whole body.
    public var keyPath: String? { nil }
    /// The service's timeout.
    public var timeout: TimeInterval? { nil }
    /// ``body`` as JSON, when there is one.
    public var httpBody: HTTPBody? { body.map(HTTPBody.model) }
    /// The service's acceptable status codes.
    public var acceptableStatusCodes: Set<Int>? { nil }
    /// The service's retry policy.
    public var retryPolicy: RetryPolicy? { nil }
    /// The service's envelope.
    public var envelope: ResponseEnvelope? { nil }
}

/// What a request sends as its body.
public enum HTTPBody {
    /// A model, written as JSON with the service's mapper (`Content-Type: application/json`).
    case model(any Mappable)
    /// Bytes as they are, with their content type.
    case data(Data, contentType: String)
    /// A file's bytes, streamed from disk, with their content type.
    case file(URL, contentType: String)
    /// A `multipart/form-data` form; file parts are streamed from disk.
    case multipart(MultipartFormData)
}

/// The endpoint behind `get(_:parameters:…)` and its siblings.
struct PathEndpoint: Endpoint {
    var method: HTTPMethod
    var path: String
    var parameters: [String: any Sendable] = [:]
    var body: (any Mappable)?
    var keyPath: String?
    var content: HTTPBody?

    var httpBody: HTTPBody? { content ?? body.map(HTTPBody.model) }
}
