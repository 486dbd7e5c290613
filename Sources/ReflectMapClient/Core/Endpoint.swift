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
    /// The most times this request is sent again after its first attempt, whoever asks (its policy or
    /// any interceptor); `nil` (the default) uses the service's ``ServiceConfiguration/retryLimit``.
    /// A negative limit counts as 0.
    var retryLimit: Int? { get }
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
    /// The service's retry limit.
    public var retryLimit: Int? { nil }
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

/// An endpoint written out in place, for calls that need no router enum; the verb methods of
/// ``APIService`` send one, and `.get("books")`, `.post("books", body: book)` and their siblings make
/// one wherever an endpoint is expected.
///
/// ```swift
/// let response = try await service.send(Request(.get("books", parameters: ["page": 2]), as: [Book].self))
/// ```
public struct HTTPEndpoint: Endpoint {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path, relative to the service's base URL (or an absolute URL).
    public var path: String
    /// Parameters, in the query or the body as the method's default encoding says.
    public var parameters: [String: any Sendable]
    /// Headers for this request, on top of the service's.
    public var headers: [String: String]
    /// A dotted key path to the value to map, such as `"data"`.
    public var keyPath: String?
    /// The body: a model, raw bytes or a file with a content type, or a multipart form.
    public var httpBody: HTTPBody?

    /// The model sent as the JSON body, when ``httpBody`` is one.
    public var body: (any Mappable)? {
        if case .model(let model) = httpBody { return model }
        return nil
    }

    /// Creates an endpoint.
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path, relative to the service's base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query or the body as the method's default encoding says.
    ///   - headers: Headers for this request, on top of the service's.
    ///   - body: The body: a model, raw bytes or a file, or a multipart form; `nil` for none.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`; `nil` for the whole body.
    public init(
        method: HTTPMethod, path: String, parameters: [String: any Sendable] = [:],
        headers: [String: String] = [:], body: HTTPBody? = nil, at keyPath: String? = nil
    ) {
        self.method = method
        self.path = path
        self.parameters = parameters
        self.headers = headers
        self.httpBody = body
        self.keyPath = keyPath
    }
}

extension Endpoint where Self == HTTPEndpoint {
    /// A GET.
    /// - Parameters:
    ///   - path: The path, relative to the service's base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query.
    ///   - body: A model sent as the JSON body; `nil` (the default) for none.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    /// - Returns: The endpoint.
    public static func get(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil
    ) -> HTTPEndpoint {
        HTTPEndpoint(method: .get, path: path, parameters: parameters, body: body.map(HTTPBody.model), at: keyPath)
    }

    /// A POST.
    /// - Parameters:
    ///   - path: The path, relative to the service's base URL (or an absolute URL).
    ///   - parameters: Parameters, as a JSON body when there is no `body`, else in the query.
    ///   - body: A model sent as the JSON body; `nil` (the default) for none.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    /// - Returns: The endpoint.
    public static func post(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil
    ) -> HTTPEndpoint {
        HTTPEndpoint(method: .post, path: path, parameters: parameters, body: body.map(HTTPBody.model), at: keyPath)
    }

    /// A PUT.
    /// - Parameters:
    ///   - path: The path, relative to the service's base URL (or an absolute URL).
    ///   - parameters: Parameters, as a JSON body when there is no `body`, else in the query.
    ///   - body: A model sent as the JSON body; `nil` (the default) for none.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    /// - Returns: The endpoint.
    public static func put(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil
    ) -> HTTPEndpoint {
        HTTPEndpoint(method: .put, path: path, parameters: parameters, body: body.map(HTTPBody.model), at: keyPath)
    }

    /// A PATCH.
    /// - Parameters:
    ///   - path: The path, relative to the service's base URL (or an absolute URL).
    ///   - parameters: Parameters, as a JSON body when there is no `body`, else in the query.
    ///   - body: A model sent as the JSON body; `nil` (the default) for none.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    /// - Returns: The endpoint.
    public static func patch(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil
    ) -> HTTPEndpoint {
        HTTPEndpoint(method: .patch, path: path, parameters: parameters, body: body.map(HTTPBody.model), at: keyPath)
    }

    /// A DELETE.
    /// - Parameters:
    ///   - path: The path, relative to the service's base URL (or an absolute URL).
    ///   - parameters: Parameters, in the query.
    ///   - body: A model sent as the JSON body; `nil` (the default) for none.
    ///   - keyPath: A dotted key path to the value to map, such as `"data"`.
    /// - Returns: The endpoint.
    public static func delete(
        _ path: String, parameters: [String: any Sendable] = [:], body: (any Mappable)? = nil,
        at keyPath: String? = nil
    ) -> HTTPEndpoint {
        HTTPEndpoint(method: .delete, path: path, parameters: parameters, body: body.map(HTTPBody.model), at: keyPath)
    }
}
