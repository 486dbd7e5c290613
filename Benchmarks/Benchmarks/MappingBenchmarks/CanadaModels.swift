import Foundation
import ReflectMap

// canada.json in three forms over the same structs: almost all of it is [[[Double]]].

struct FeatureCollection: Mappable, Equatable, Codable {
    var type = ""
    var features: [Feature] = []

    enum CodingKeys: String, CodingKey {
        case type, features
    }
}

struct Feature: Mappable, Equatable, Codable {
    var type = ""
    var properties: [String: String] = [:]
    var geometry = Geometry()

    enum CodingKeys: String, CodingKey {
        case type, properties, geometry
    }
}

struct Geometry: Mappable, Equatable, Codable {
    var type = ""
    var coordinates: [[[Double]]] = []

    enum CodingKeys: String, CodingKey {
        case type, coordinates
    }
}

extension FeatureCollection {
    init(dictionary d: [String: Any]) {
        type = d["type"] as? String ?? ""
        features =
            (d["features"] as? [[String: Any]])?.map { feature in
                let geometry = feature["geometry"] as? [String: Any] ?? [:]
                return Feature(
                    type: feature["type"] as? String ?? "",
                    properties: feature["properties"] as? [String: String] ?? [:],
                    geometry: Geometry(
                        type: geometry["type"] as? String ?? "",
                        coordinates: geometry["coordinates"] as? [[[Double]]] ?? []))
            } ?? []
    }
}

extension FeatureCollection {
    /// `JSONSerialization` and `JSONDecoder` on Linux round some of canada.json's 17-digit decimals
    /// differently (neither is always correctly rounded: `-65.619720000000029` and
    /// `43.420273000000016` each trip one of them), so the two routes agree to within 8 ulps (5 seen).
    static func nearlyEqual(_ lhs: FeatureCollection, _ rhs: FeatureCollection) -> Bool {
        let left = lhs.features.flatMap(\.geometry.coordinates).joined().joined()
        let right = rhs.features.flatMap(\.geometry.coordinates).joined().joined()
        return left.count == right.count
            && zip(left, right).allSatisfy { abs($0 - $1) <= 8 * $0.ulp }
            && lhs.features.map(\.properties) == rhs.features.map(\.properties)
    }
}
