import Foundation
import ReflectMap

/// One payload and its model in all three forms (its class form is a `ClassCase`).
///
/// Every benchmark runs in a process of its own, and each process registers all of them, so nothing
/// heavy happens at registration: the payload is loaded, parsed and verified lazily, in the `setup`
/// of the benchmark that needs it, before timing starts. `verified` checks that every form gives the
/// same values.
final class PayloadCase<Model: Mappable & Codable & Equatable>: @unchecked Sendable {
    let name: String
    let mapper: JSONMapper
    private let load: () -> Data
    private let handWritten: (Any) -> Model
    /// The `.convertFromSnakeCase` Codable variant: decodes the data and re-encodes it with
    /// `.convertToSnakeCase`, for comparison with ReflectMap's output.
    let snakeCaseRoundTrip: ((Data) throws -> Data)?
    /// Equality, or near-equality where the parsers themselves disagree (see canada).
    private let equivalent: (Model, Model) -> Bool
    /// A writer by hand (HandWrittenWriter.swift) that must emit exactly the bytes `data(from:)` does.
    let handWrittenJSON: ((Model) -> Data)?

    init(
        name: String, mapper: JSONMapper, data load: @escaping () -> Data, handWritten: @escaping (Any) -> Model,
        snakeCaseRoundTrip: ((Data) throws -> Data)? = nil,
        equivalent: @escaping (Model, Model) -> Bool = (==),
        handWrittenJSON: ((Model) -> Data)? = nil
    ) {
        self.name = name
        self.mapper = mapper
        self.load = load
        self.handWritten = handWritten
        self.snakeCaseRoundTrip = snakeCaseRoundTrip
        self.equivalent = equivalent
        self.handWrittenJSON = handWrittenJSON
    }

    lazy var data: Data = load()

    lazy var object: Any = {
        // The payloads are checked-in or generated JSON; a parse failure is a broken checkout.
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            fatalError("\(name): the payload is not valid JSON")
        }
        return object
    }()

    /// The model, after checking that ReflectMap (both routes), hand-written mapping and JSONDecoder
    /// agree, and that ReflectMap and JSONEncoder write the same JSON.
    lazy var verified: Model = {
        do {
            return try verify()
        } catch {
            fatalError("\(name): verification failed: \(error)")
        }
    }()

    func mapFromDictionary() throws -> Model {
        try mapper.map(Model.self, fromJSONObject: object)
    }

    func mapFromData() throws -> Model {
        try mapper.map(Model.self, from: data)
    }

    /// The payload inside a `{code, message, data}` envelope, as many APIs send it.
    lazy var enveloped: Data = Data(#"{"code": 0, "message": "ok", "data": "#.utf8) + data + Data("}".utf8)

    /// The payload mapped from its envelope, at the key path `data`.
    func mapFromEnvelope() throws -> Model {
        try mapper.map(Model.self, from: enveloped, at: "data")
    }

    func mapByHand() -> Model {
        handWritten(object)
    }

    func decodeWithJSONDecoder() throws -> Model {
        try JSONDecoder().decode(Model.self, from: data)
    }

    private func verify() throws -> Model {
        let fromDictionary = try mapFromDictionary()
        let byHand = mapByHand()
        let decoded = try decodeWithJSONDecoder()
        let fromData = try mapFromData()
        guard fromDictionary == byHand else { fatalError("\(name): ReflectMap and hand-written mapping differ") }
        guard equivalent(fromDictionary, decoded) else { fatalError("\(name): ReflectMap and JSONDecoder differ") }
        // `equivalent`, not `==`: on canada JSONSerialization (the dictionary) is a few ulps off the
        // correctly rounded doubles that the Data route reads.
        guard equivalent(fromDictionary, fromData) else {
            fatalError("\(name): ReflectMap's Data and dictionary routes differ")
        }
        let direct = try mapper.data(from: fromDictionary)
        if let handWrittenJSON, let difference = firstDifference(handWrittenJSON(fromDictionary), direct) {
            fatalError("\(name): the hand-written writer and data(from:) differ at \(difference)")
        }
        let written = try canonical(direct)
        guard written == (try canonical(JSONEncoder().encode(fromDictionary))) else {
            fatalError("\(name): ReflectMap and JSONEncoder write different JSON")
        }
        if let snakeCaseRoundTrip {
            guard written == (try canonical(snakeCaseRoundTrip(data))) else {
                fatalError("\(name): the .convertFromSnakeCase variant reads different values")
            }
        }
        return fromDictionary
    }
}

/// Where two documents first differ, with the bytes around that place in each (the first, then the
/// second), or `nil` when they are the same bytes.
func firstDifference(_ first: Data, _ second: Data) -> String? {
    guard first != second else { return nil }
    let at =
        zip(first, second).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(first.count, second.count)
    let context = { (data: Data) in String(decoding: data.dropFirst(max(0, at - 60)).prefix(120), as: UTF8.self) }
    return "byte \(at):\n  \(context(first))\n  \(context(second))"
}

/// JSON re-serialised with sorted keys, so two documents with the same values compare equal.
func canonical(_ data: Data) throws -> Data {
    try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: data), options: [.sortedKeys])
}

func snakeCaseRoundTrip<T: Codable>(_ type: T.Type) -> (Data) throws -> Data {
    { data in
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return try encoder.encode(decoder.decode(T.self, from: data))
    }
}

func payload(_ name: String) -> Data {
    let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Payloads/\(name).json")
    guard let data = try? Data(contentsOf: url) else { fatalError("missing payload \(url.path)") }
    return data
}
