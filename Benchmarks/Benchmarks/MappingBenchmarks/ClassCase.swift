import Benchmark
import Foundation
import ReflectMap

/// A payload's models as final classes, next to its struct models in `payload`.
///
/// Like `PayloadCase`, nothing happens at registration: `verified` maps the classes in the `setup` of
/// the benchmark that needs them, and checks that both forms hold the same values (the classes
/// copied into structs equal the structs, route for route) and that ReflectMap writes the same
/// bytes for both, which the hand-written class writer must match too.
final class ClassCase<Model: Mappable & Codable & Equatable, Classes: Mappable>: @unchecked Sendable {
    let payload: PayloadCase<Model>
    /// Copies the classes into the struct form.
    private let structForm: (Classes) -> Model
    /// A writer by hand (HandWrittenClassWriter.swift) that must emit exactly the bytes `data(from:)` does.
    let handWrittenJSON: (Classes) -> Data

    init(
        _ payload: PayloadCase<Model>, structForm: @escaping (Classes) -> Model,
        handWrittenJSON: @escaping (Classes) -> Data
    ) {
        self.payload = payload
        self.structForm = structForm
        self.handWrittenJSON = handWrittenJSON
    }

    var mapper: JSONMapper { payload.mapper }

    /// The class models read from the same dictionary as `payload.verified`, after the checks.
    lazy var verified: Classes = {
        do {
            return try verify()
        } catch {
            fatalError("\(payload.name) (classes): verification failed: \(error)")
        }
    }()

    func mapFromData() throws -> Classes {
        try mapper.map(Classes.self, from: payload.data)
    }

    private func verify() throws -> Classes {
        let name = "\(payload.name) (classes)"
        let structs = payload.verified
        let fromDictionary = try mapper.map(Classes.self, fromJSONObject: payload.object)
        guard structForm(fromDictionary) == structs else {
            fatalError("\(name): classes and structs read from the dictionary differ")
        }
        // `==`, not near-equality: both forms go through the same byte reader.
        guard structForm(try mapFromData()) == (try payload.mapFromData()) else {
            fatalError("\(name): classes and structs read from Data differ")
        }
        let written = try mapper.data(from: fromDictionary)
        if let difference = firstDifference(written, try mapper.data(from: structs)) {
            fatalError("\(name): data(from:) writes the classes and the structs differently at \(difference)")
        }
        if let difference = firstDifference(handWrittenJSON(fromDictionary), written) {
            fatalError("\(name): the hand-written writer and data(from:) differ at \(difference)")
        }
        return fromDictionary
    }
}

/// Registers the class form's cases next to the struct form's, named so that run.sh puts them in
/// rows of their own: "Data→class models" and "class models→Data".
func register<Model, Classes>(_ classes: ClassCase<Model, Classes>) {
    let name = classes.payload.name
    let prepare: Benchmark.BenchmarkSetupHook = { _ = classes.verified }
    func timed(_ label: String, _ body: @escaping () throws -> Void) {
        Benchmark(
            "\(name)/\(label)",
            closure: { benchmark in
                for _ in benchmark.scaledIterations { try body() }
            }, setup: prepare)
    }

    timed("Data→class models/ReflectMap") { blackHole(try classes.mapFromData()) }
    timed("class models→Data/ReflectMap") { blackHole(try classes.mapper.data(from: classes.verified)) }
    timed("class models→Data/hand-written") { blackHole(classes.handWrittenJSON(classes.verified)) }
}
