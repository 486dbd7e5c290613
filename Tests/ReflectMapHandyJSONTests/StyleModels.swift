import Foundation
import ReflectMapHandyJSON

// Models written the way HandyJSON's README writes them, unchanged but for the import.

enum AnimalType: String, HandyJSONEnum {
    case cat = "cat"
    case dog = "dog"
    case bird = "bird"
}

class Animal: HandyJSON {
    var name: String?
    var id: String?
    var type: AnimalType?
    var weight: Double = 0
    var legs: Int = 4
    var friends: [String]?
    var tags: [String: String] = [:]
    var vaccinated = false

    required init() {}

    func mapping(mapper: HelpingMapper) {}
}

class Cat: Animal {
    var whiskers: Int = 0
    var parentNames: (String, String)?

    override func mapping(mapper: HelpingMapper) {
        super.mapping(mapper: mapper)
        mapper <<< self.id <-- "cat_id"
        mapper <<< self.parentNames
            <-- TransformOf<(String, String), String>(
                fromJSON: { rawString in
                    guard let parts = rawString?.split(separator: "/"), parts.count == 2 else { return nil }
                    return (String(parts[0]), String(parts[1]))
                },
                toJSON: { tuple in
                    tuple.map { "\($0)/\($1)" }
                })
        mapper >>> self.whiskers
    }
}

struct Owner: HandyJSON {
    var name: String = ""
    var age: Int?
    var pets: [Animal] = []
    var primary: Animal?
    var upperName: String?

    mutating func didFinishMapping() {
        upperName = name.uppercased()
    }
}

struct Page<Item: HandyJSON>: HandyJSON {
    var total = 0
    var items: [Item] = []
}

class Response<Payload: HandyJSON>: HandyJSON {
    var code = 0
    var message: String?
    var data: Payload?
    required init() {}
}
