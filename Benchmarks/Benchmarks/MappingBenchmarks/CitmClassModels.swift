import ReflectMap

// citm_catalog.json's models as final classes: the shapes and keys of CitmModels.swift, mapped by
// ReflectMap alone. `structForm` copies an instance into the struct form, which is how the harness
// checks that both forms read the same values.

enum CitmClass {
    final class Catalog: Mappable {
        var areaNames: [String: String] = [:]
        var audienceSubCategoryNames: [String: String] = [:]
        var blockNames: [String: String] = [:]
        var events: [String: Event] = [:]
        var performances: [Performance] = []
        var seatCategoryNames: [String: String] = [:]
        var subTopicNames: [String: String] = [:]
        var subjectNames: [String: String] = [:]
        var topicNames: [String: String] = [:]
        var topicSubTopics: [String: [Int]] = [:]
        var venueNames: [String: String] = [:]

        init() {}
    }

    final class Event: Mappable {
        var description: String?
        var id = 0
        var logo: String?
        var name = ""
        var subTopicIds: [Int] = []
        var subjectCode: String?
        var subtitle: String?
        var topicIds: [Int] = []

        init() {}
    }

    final class Performance: Mappable {
        var eventId = 0
        var id = 0
        var logo: String?
        var name: String?
        var prices: [Price] = []
        var seatCategories: [SeatCategory] = []
        var seatMapImage: String?
        var start: Int64 = 0
        var venueCode = ""

        init() {}
    }

    final class Price: Mappable {
        var amount = 0
        var audienceSubCategoryId = 0
        var seatCategoryId = 0

        init() {}
    }

    final class SeatCategory: Mappable {
        var areas: [Area] = []
        var seatCategoryId = 0

        init() {}
    }

    final class Area: Mappable {
        var areaId = 0
        var blockIds: [Int] = []

        init() {}
    }
}

extension CitmClass.Catalog {
    var structForm: CitmCatalog {
        CitmCatalog(
            areaNames: areaNames, audienceSubCategoryNames: audienceSubCategoryNames, blockNames: blockNames,
            events: events.mapValues(\.structForm), performances: performances.map(\.structForm),
            seatCategoryNames: seatCategoryNames, subTopicNames: subTopicNames, subjectNames: subjectNames,
            topicNames: topicNames, topicSubTopics: topicSubTopics, venueNames: venueNames)
    }
}

extension CitmClass.Event {
    var structForm: CitmEvent {
        CitmEvent(
            description: description, id: id, logo: logo, name: name, subTopicIds: subTopicIds,
            subjectCode: subjectCode, subtitle: subtitle, topicIds: topicIds)
    }
}

extension CitmClass.Performance {
    var structForm: CitmPerformance {
        CitmPerformance(
            eventId: eventId, id: id, logo: logo, name: name,
            prices: prices.map {
                CitmPrice(
                    amount: $0.amount, audienceSubCategoryId: $0.audienceSubCategoryId,
                    seatCategoryId: $0.seatCategoryId)
            },
            seatCategories: seatCategories.map { category in
                CitmSeatCategory(
                    areas: category.areas.map { CitmArea(areaId: $0.areaId, blockIds: $0.blockIds) },
                    seatCategoryId: category.seatCategoryId)
            },
            seatMapImage: seatMapImage, start: start, venueCode: venueCode)
    }
}
