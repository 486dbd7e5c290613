import Foundation
import ReflectMap
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A call to send: an endpoint, and what its response body becomes.
///
/// Every call of a service goes through ``APIService/send(_:)`` (or its callback forms) with a
/// `Request`; the verb methods (``APIService/get(_:parameters:body:at:as:)`` and its siblings) build one
/// for you. The response type is named with `as:` whatever it is:
///
/// ```swift
/// let book = try await service.send(Request(BookRouter.show(id: 1), as: Book.self))     // Response<Book>
/// let logo = try await service.send(Request(.get("logo.png"), as: Data.self))           // the bytes
/// let text = try await service.send(Request(.get("robots.txt"), as: String.self))       // the text
/// ```
///
/// - A `Mappable` type is mapped from the JSON body (or the value at the endpoint's key path), and
///   a 2xx body that the service's ``ResponseEnvelope`` says failed fails the call.
/// - `Data` is the body as it arrived.
/// - `String` is the body as text, decoded with the charset of its `Content-Type` (UTF-8 when it names
///   none); a body that is not text in that charset fails with ``APIError/undecodable(_:body:)``.
public struct Request<Value> {
    /// The request to send.
    public var endpoint: any Endpoint
    /// Turns a response that passed validation into the value.
    let read: @Sendable (_ body: Data, _ response: HTTPURLResponse, _ context: ReadContext) -> Result<Value, APIError>

    /// What reading a body needs besides the body: the service's mapper and the endpoint's options.
    struct ReadContext {
        let mapper: JSONMapper
        let options: CallOptions
    }
}

extension Request where Value: Mappable {
    /// A request whose JSON body (or the value at the endpoint's key path) maps into `type`.
    /// - Parameters:
    ///   - endpoint: The request to send.
    ///   - type: The class the body maps into.
    public init(_ endpoint: some Endpoint, as type: Value.Type) {
        self.endpoint = endpoint
        read = { body, response, context in
            ResponseMapper(mapper: context.mapper).map(
                body, status: response.statusCode, keyPath: context.options.keyPath,
                envelope: context.options.envelope, as: Value.self)
        }
    }
}

extension Request where Value == Data {
    /// A request whose body is returned as it arrived, for bodies that are not JSON.
    /// - Parameters:
    ///   - endpoint: The request to send.
    ///   - type: `Data.self`.
    public init(_ endpoint: some Endpoint, as type: Data.Type) {
        self.endpoint = endpoint
        read = { body, _, _ in .success(body) }
    }
}

extension Request where Value == String {
    /// A request whose body is returned as text, decoded with the charset of its `Content-Type` (UTF-8
    /// when it names none).
    /// - Parameters:
    ///   - endpoint: The request to send.
    ///   - type: `String.self`.
    public init(_ endpoint: some Endpoint, as type: String.Type) {
        self.endpoint = endpoint
        read = { body, response, _ in
            let contentType = response.value(forHTTPHeaderField: "Content-Type")
            let encoding = contentType.map(HTTPURLResponse.textEncoding(for:)) ?? .utf8
            guard let text = String(data: body, encoding: encoding) else {
                return .failure(
                    .undecodable(
                        MappingError(.malformedJSON("The response body is not text in its charset.")), body: body))
            }
            return .success(text)
        }
    }
}
