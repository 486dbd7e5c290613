import Foundation
import ReflectMap
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Response body → response class, with the service's mapper.
struct ResponseMapper {
    let mapper: JSONMapper

    func map<T: Mappable>(
        _ data: Data, response: HTTPURLResponse, method: HTTPMethod, keyPath: String?, envelope: ResponseEnvelope? = nil,
        as type: T.Type
    ) -> Result<T, APIError> {
        // A body that says the call failed fails it, whatever the response class.
        if let envelope, let failure = envelope.failure(in: data, status: response.statusCode) {
            return .failure(.envelopeError(failure))
        }
        // `Empty` needs nothing from the body, so 204, HEAD and any other body succeed for it.
        if T.self == Empty.self { return .success(T()) }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .failure(.undecodable(MappingError(.malformedJSON("The response body is empty.")), body: data))
        }
        do {
            if let keyPath {
                return .success(try mapper.map(T.self, from: data, at: keyPath))
            }
            return .success(try mapper.map(T.self, from: data))
        } catch let error as MappingError {
            return .failure(.undecodable(error, body: data))
        } catch {
            return .failure(.undecodable(MappingError(.malformedJSON("\(error)")), body: data))
        }
    }
}
