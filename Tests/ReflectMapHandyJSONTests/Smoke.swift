import ReflectMapHandyJSON
import Testing

final class SmokeCat: HandyJSON {
    var name: String?
    var id = 0
    required init() {}
    func mapping(mapper: HelpingMapper) {
        mapper <<< self.id <-- "cat_id"
    }
}

@Test func smoke() {
    let cat = SmokeCat.deserialize(from: #"{"name":"Tom","cat_id":"7"}"#)
    #expect(cat?.name == "Tom")
    #expect(cat?.id == 7)
}
