import Foundation
import ReflectMap

/// Response body → response class, with the service's mapper.
struct ResponseMapper {
    let mapper: JSONMapper

    /// A mapped body, with what else its reading took from it.
    struct MappedBody<T> {
        let value: T
        /// The values at the key paths given as `capturing`, in their order; `nil` where a path led nowhere.
        let captured: [JSONValue?]
        /// Where the mapped value's bytes are in the body, when the reading met them.
        let valueBytes: Range<Int>?
    }

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
        map(data, status: status, keyPath: keyPath, envelope: envelope, capturing: [], as: T.self).map(\.value)
    }

    /// Maps `data` (or the value at `keyPath`) into `type`, and takes the values at `paths` in the same
    /// reading. The envelope's verdict is read in that reading too: the body is read once, and no tree
    /// of it is built.
    func map<T: Mappable>(
        _ data: Data, status: Int, keyPath: String?, envelope: ResponseEnvelope?, capturing paths: [String],
        as type: T.Type
    ) -> Result<MappedBody<T>, APIError> {
        let verdictPaths = envelope?.verdictPaths ?? []
        let read = verdictPaths + paths
        // A body that says the call failed fails it, whatever the response class.
        func failure(_ captured: [JSONValue?]) -> APIError? {
            envelope?.failure(captured: captured[..<verdictPaths.count], body: data, status: status)
                .map(APIError.envelopeError)
        }
        // `Empty` needs nothing from the body, so 204, HEAD and any other body succeed for it; a body
        // that is JSON still has its envelope's verdict read.
        if T.self == Empty.self {
            let captured =
                read.isEmpty
                ? [] : (try? mapper.captures(read, from: data)) ?? Array(repeating: nil, count: read.count)
            if let failure = failure(captured) { return .failure(failure) }
            return .success(
                MappedBody(value: T(), captured: Array(captured.dropFirst(verdictPaths.count)), valueBytes: nil))
        }
        if data.allSatisfy(\.isJSONWhitespace) {
            return .failure(.undecodable(MappingError(.malformedJSON("The response body is empty.")), body: data))
        }
        do {
            guard !read.isEmpty else {
                let value =
                    try keyPath.map { try mapper.map(T.self, from: data, at: $0) } ?? mapper.map(T.self, from: data)
                return .success(MappedBody(value: value, captured: [], valueBytes: nil))
            }
            let reading = try mapper.read(T.self, from: data, at: keyPath, capturing: read)
            if let failure = failure(reading.captured) { return .failure(failure) }
            return reading.value
                .map {
                    MappedBody(
                        value: $0, captured: Array(reading.captured.dropFirst(verdictPaths.count)),
                        valueBytes: reading.valueBytes)
                }
                .mapError { .undecodable($0, body: data) }
        } catch let error as MappingError {
            return .failure(.undecodable(error, body: data))
        } catch {
            return .failure(.undecodable(MappingError(.malformedJSON("\(error)")), body: data))
        }
    }
}
