import Foundation
import ReflectMap

/// Response body → response class, with the service's mapper.
struct ResponseMapper {
    let mapper: JSONMapper

    /// Maps `data` (or the value at `keyPath`) into `type`.
    /// - Parameters:
    ///   - data: The response body.
    ///   - status: The response's status code, for an envelope's error.
    ///   - keyPath: The value to map; `nil` for the whole body.
    ///   - envelope: The envelope in force; a body it says failed fails the call.
    ///   - type: The class the body maps into.
    func map<T: Mappable>(
        _ data: Data, status: Int, keyPath: String?, envelope: ResponseEnvelope?, as type: T.Type
    ) -> Result<T, APIError> {
        // A body that says the call failed fails it, whatever the response class.
        if let envelope, let failure = envelope.failure(in: data, status: status) {
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
