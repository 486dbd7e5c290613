import Foundation
import ReflectMap
import Testing

class FutureShape: JSONPolymorphic {
    class var typeKey: String { "kind" }
    class var subtypes: [String: any Mappable.Type] { ["circle": FutureCircle.self, "square": FutureSquare.self] }
    class var unknownSubtype: (any JSONUnknownSubtype.Type)? { UnknownFutureShape.self }
    var id = ""
    required init() {}
}

final class FutureCircle: FutureShape {
    var radius = 0.0
}

final class FutureSquare: FutureShape {
    var side = 0.0
}

final class UnknownFutureShape: FutureShape, JSONUnknownSubtype {
    @JSONIgnored var unknownJSON: JSONValue = .null
}

struct FutureDrawing: Mappable {
    var shapes: [FutureShape] = []
    var main: FutureShape?
}

@Suite("Polymorphic hierarchies keep subtypes from the future")
struct PolymorphicFallbackTests {
    let newer = json(
        """
        {"shapes": [{"kind": "circle", "id": "a", "radius": 2.5}, {"kind": "hexagon", "id": "b", "sides": 6, "meta": {"x": [1, null]}},
                    {"id": "c", "side": 3}], "main": {"kind": "triangle", "id": "d"}}
        """)

    @Test(
        "An unknown or missing discriminator maps to the unknown subtype, with its base properties, on both routes and in both modes"
    )
    func mapsToFallback() throws {
        for mode in [MappingMode.lenient, .strict] {
            let mapper = JSONMapper(mode: mode)
            for drawing in [
                try mapper.map(FutureDrawing.self, from: newer),
                try mapper.map(FutureDrawing.self, fromJSONObject: try JSONSerialization.jsonObject(with: newer)),
            ] {
                #expect(drawing.shapes.count == 3)
                #expect((drawing.shapes[0] as? FutureCircle)?.radius == 2.5)
                let hexagon = try #require(drawing.shapes[1] as? UnknownFutureShape)
                #expect(hexagon.id == "b")
                #expect(hexagon.unknownJSON["sides"] == .number(.integer(6)))
                let missing = try #require(drawing.shapes[2] as? UnknownFutureShape)
                #expect(missing.id == "c" && missing.unknownJSON["kind"] == nil)
                #expect((drawing.main as? UnknownFutureShape)?.id == "d")
            }
        }
    }

    @Test("Writing gives back the unknown objects unchanged, nested in arrays and properties")
    func roundTrip() throws {
        let mapper = JSONMapper()
        let drawing = try mapper.map(FutureDrawing.self, from: newer)
        #expect(try JSONValue(parsing: mapper.data(from: drawing)) == JSONValue(parsing: newer))
    }

    @Test("The report lists each object kept whole among its unknown values")
    func reported() throws {
        let (_, report) = try JSONMapper().mapWithReport(FutureDrawing.self, from: newer)
        #expect(report.unknownValues.map(\.path) == ["main", "shapes[1]", "shapes[2]"])
        #expect(report.unknownValues[0].value == .string("triangle"))
    }

    @Test("An unknown subtype made in code is written with its properties")
    func madeInCode() throws {
        let shape = UnknownFutureShape()
        shape.id = "z"
        let drawing = FutureDrawing(shapes: [shape], main: nil)
        #expect(
            try JSONValue(parsing: JSONMapper().data(from: drawing))
                == JSONValue(parsing: json(#"{"shapes": [{"id": "z"}]}"#)))
    }
}
