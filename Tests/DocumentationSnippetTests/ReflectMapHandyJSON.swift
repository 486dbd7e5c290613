// swift-format-ignore-file
// The ReflectMapHandyJSON landing page.
import Foundation
import Testing
import ReflectMapHandyJSON   // was: import HandyJSON

class LegacyUser: HandyJSON {
    var id = 0
    var name: String?
    var joined: Date?
    required init() {}

    func mapping(mapper: HelpingMapper) {
        mapper <<< self.id <-- "user_id"
        mapper <<< self.joined <-- DateTransform()
    }
}

@Suite("ReflectMapHandyJSON landing page")
struct ReflectMapHandyJSONSnippets {
    @Test("The landing page's model maps from its JSON and back")
    func landing() throws {
        let user = LegacyUser.deserialize(from: #"{"user_id": 7, "name": "Ada", "joined": 1700000000}"#)
        let json = user?.toJSONString()
        #expect(user?.id == 7 && user?.name == "Ada")
        #expect(user?.joined == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(LegacyUser.deserialize(from: json)?.id == 7)
    }
}
