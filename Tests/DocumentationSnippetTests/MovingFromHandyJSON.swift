// swift-format-ignore-file
import Foundation
import ReflectMap
import ReflectMapHandyJSON
import Testing

/// The "Moving from HandyJSON" article.
enum OrderStatus: String, HandyJSONEnum {
    case open, shipped
}

struct LegacyOrder: HandyJSON {
    var id = 0
    var status: OrderStatus = .open
    var total: NSDecimalNumber?
    var placedAt: Date?
    var note: String?
    var items: [String] = []

    mutating func mapping(mapper: HelpingMapper) {
        mapper <<< self.id <-- ["order_id", "id"]
        mapper <<< self.total <-- ("amount", NSDecimalNumberTransform())
        mapper <<< self.placedAt <-- CustomDateFormatTransform(formatString: "yyyy-MM-dd")
        mapper <<< self.note <-- "meta.note"
        mapper >>> self.items
    }
}

struct NativeOrder: Mappable {
    @JSONKey("order_id", alternates: "id") var id = 0
    var status: OrderStatus = .open
    @JSONKey("amount") var total: Decimal?
    @JSONTransform(DateFormat("yyyy-MM-dd")) var placedAt: Date?
    @JSONKey(path: "meta.note") var note: String?
    @JSONIgnored var items: [String] = []
    var legacy: LegacyOrder?   // a HandyJSON model inside a native one
}

@Suite("Moving from HandyJSON article")
final class Player: HandyJSON {
    var score = 0 {
        didSet { if score > oldValue { records += 1 } }
    }
    var records = 0
    required init() {}

    func mapping(mapper: HelpingMapper) {
        mapper <<< self.score <-- "high_score"   // found through its setter
    }

    func didFinishMapping() {
        let mapped = score
        score = 0
        score = mapped                           // runs didSet with the mapped value
    }
}

struct MovingFromHandyJSONSnippets {
    @Test("A rule on an observed property maps it, and didFinishMapping runs its observer")
    func observedProperty() throws {
        let player = try #require(Player.deserialize(from: #"{"high_score": 12}"#))
        #expect(player.score == 12)
        #expect(player.records == 1)
        #expect(try #require(player.toJSON())["high_score"] as? Int == 12)
    }

    @Test("The switched model reads an envelope, an array with a hole, and writes itself")
    func switched() throws {
        let order = LegacyOrder.deserialize(from: #"{"data": {"order_id": 3, "status": "shipped", "amount": "9.90"}}"#, designatedPath: "data")
        let orders = [LegacyOrder].deserialize(from: #"[{"id": 1}, 2, {"id": 3}]"#)   // [order, nil, order]
        let dictionary = order?.toJSON()
        #expect(order?.id == 3 && order?.status == .shipped && order?.total == NSDecimalNumber(string: "9.90"))
        #expect(orders?.map { $0?.id } == [1, nil, 3])
        #expect(dictionary?["order_id"] as? Int == 3 && dictionary?["amount"] as? String == "9.9")
    }

    @Test("The native model maps the same JSON and holds a HandyJSON model")
    func native() throws {
        let mapper = JSONMapper()
        let native = try mapper.map(NativeOrder.self, from: Data(#"{"order_id": 3, "amount": 9.90, "legacy": {"id": 4}}"#.utf8))
        #expect(native.id == 3 && native.total == Decimal(string: "9.9") && native.legacy?.id == 4)
    }
}
