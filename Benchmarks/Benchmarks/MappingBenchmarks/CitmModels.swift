import Foundation
import ReflectMap

// citm_catalog.json in three forms over the same structs (camelCase keys, so no snake variant).

struct CitmCatalog: Mappable, Equatable, Codable {
    var areaNames: [String: String] = [:]
    var audienceSubCategoryNames: [String: String] = [:]
    var blockNames: [String: String] = [:]
    var events: [String: CitmEvent] = [:]
    var performances: [CitmPerformance] = []
    var seatCategoryNames: [String: String] = [:]
    var subTopicNames: [String: String] = [:]
    var subjectNames: [String: String] = [:]
    var topicNames: [String: String] = [:]
    var topicSubTopics: [String: [Int]] = [:]
    var venueNames: [String: String] = [:]

    enum CodingKeys: String, CodingKey {
        case areaNames, audienceSubCategoryNames, blockNames, events, performances, seatCategoryNames
        case subTopicNames, subjectNames, topicNames, topicSubTopics, venueNames
    }
}

struct CitmEvent: Mappable, Equatable, Codable {
    var description: String?
    var id = 0
    var logo: String?
    var name = ""
    var subTopicIds: [Int] = []
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int] = []

    enum CodingKeys: String, CodingKey {
        case description, id, logo, name, subTopicIds, subjectCode, subtitle, topicIds
    }
}

struct CitmPerformance: Mappable, Equatable, Codable {
    var eventId = 0
    var id = 0
    var logo: String?
    var name: String?
    var prices: [CitmPrice] = []
    var seatCategories: [CitmSeatCategory] = []
    var seatMapImage: String?
    var start: Int64 = 0
    var venueCode = ""

    enum CodingKeys: String, CodingKey {
        case eventId, id, logo, name, prices, seatCategories, seatMapImage, start, venueCode
    }
}

struct CitmPrice: Mappable, Equatable, Codable {
    var amount = 0
    var audienceSubCategoryId = 0
    var seatCategoryId = 0

    enum CodingKeys: String, CodingKey {
        case amount, audienceSubCategoryId, seatCategoryId
    }
}

struct CitmSeatCategory: Mappable, Equatable, Codable {
    var areas: [CitmArea] = []
    var seatCategoryId = 0

    enum CodingKeys: String, CodingKey {
        case areas, seatCategoryId
    }
}

struct CitmArea: Mappable, Equatable, Codable {
    var areaId = 0
    var blockIds: [Int] = []

    enum CodingKeys: String, CodingKey {
        case areaId, blockIds
    }
}

extension CitmCatalog {
    init(dictionary d: [String: Any]) {
        areaNames = d["areaNames"] as? [String: String] ?? [:]
        audienceSubCategoryNames = d["audienceSubCategoryNames"] as? [String: String] ?? [:]
        blockNames = d["blockNames"] as? [String: String] ?? [:]
        events = (d["events"] as? [String: [String: Any]])?.mapValues(CitmEvent.init(dictionary:)) ?? [:]
        performances = (d["performances"] as? [[String: Any]])?.map(CitmPerformance.init(dictionary:)) ?? []
        seatCategoryNames = d["seatCategoryNames"] as? [String: String] ?? [:]
        subTopicNames = d["subTopicNames"] as? [String: String] ?? [:]
        subjectNames = d["subjectNames"] as? [String: String] ?? [:]
        topicNames = d["topicNames"] as? [String: String] ?? [:]
        topicSubTopics = d["topicSubTopics"] as? [String: [Int]] ?? [:]
        venueNames = d["venueNames"] as? [String: String] ?? [:]
    }
}

extension CitmEvent {
    init(dictionary d: [String: Any]) {
        description = d["description"] as? String
        id = d["id"] as? Int ?? 0
        logo = d["logo"] as? String
        name = d["name"] as? String ?? ""
        subTopicIds = d["subTopicIds"] as? [Int] ?? []
        subjectCode = d["subjectCode"] as? String
        subtitle = d["subtitle"] as? String
        topicIds = d["topicIds"] as? [Int] ?? []
    }
}

extension CitmPerformance {
    init(dictionary d: [String: Any]) {
        eventId = d["eventId"] as? Int ?? 0
        id = d["id"] as? Int ?? 0
        logo = d["logo"] as? String
        name = d["name"] as? String
        prices =
            (d["prices"] as? [[String: Any]])?.map {
                CitmPrice(
                    amount: $0["amount"] as? Int ?? 0, audienceSubCategoryId: $0["audienceSubCategoryId"] as? Int ?? 0,
                    seatCategoryId: $0["seatCategoryId"] as? Int ?? 0)
            } ?? []
        seatCategories =
            (d["seatCategories"] as? [[String: Any]])?.map { category in
                CitmSeatCategory(
                    areas: (category["areas"] as? [[String: Any]])?.map {
                        CitmArea(areaId: $0["areaId"] as? Int ?? 0, blockIds: $0["blockIds"] as? [Int] ?? [])
                    } ?? [],
                    seatCategoryId: category["seatCategoryId"] as? Int ?? 0)
            } ?? []
        seatMapImage = d["seatMapImage"] as? String
        start = d["start"] as? Int64 ?? 0
        venueCode = d["venueCode"] as? String ?? ""
    }
}
