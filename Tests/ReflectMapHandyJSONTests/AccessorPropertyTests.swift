import Foundation
import ReflectMap
import ReflectMapHandyJSON
import Testing

// Properties that Swift hands to `mapping(mapper:)` through a temporary copy. On Apple platforms every
// `@objc dynamic` property of an `NSObject` model is one: its accessors go through the Objective-C
// runtime. A computed property over a stored one behaves the same way on every platform, and stands in
// for it here.

/// `nick` as an `@objc dynamic` property is reached: through its getter and setter.
final class Member: HandyJSON {
    var id = 0
    var _nick = ""
    var nick: String {
        get { _nick }
        set { _nick = newValue }
    }
    required init() {}

    func mapping(mapper: HelpingMapper) {
        mapper <<< self.nick <-- "nick_name"
        mapper <<< self.id <-- "user_id"
    }
}

/// Accessor properties of each type the probe can write, including defaults equal to its own values.
final class EveryKind: HandyJSON {
    var storedSmall: Int8 = -19
    var storedCount: UInt64 = 0
    var storedRatio = 0.0
    var storedScale: Float = 0
    var storedFlag = false
    var storedWhen = Date(timeIntervalSince1970: 0)
    var storedTag: String? = "old"
    var storedNote: String?
    var storedSeed = "\u{1}ReflectMapHandyJSON accessor probe"
    // Defaults equal to the values the probe writes first, for each kind of number and for dates.
    var storedSeededInt = Int(truncatingIfNeeded: 0x5EED_5EED_5EED_5EED as UInt64)
    var storedSeededRatio = 24_301.5
    var storedSeededWhen = Date(timeIntervalSince1970: 24_301.5)
    var seededInt: Int {
        get { storedSeededInt }
        set { storedSeededInt = newValue }
    }
    var seededRatio: Double {
        get { storedSeededRatio }
        set { storedSeededRatio = newValue }
    }
    var seededWhen: Date {
        get { storedSeededWhen }
        set { storedSeededWhen = newValue }
    }
    var small: Int8 {
        get { storedSmall }
        set { storedSmall = newValue }
    }
    var count: UInt64 {
        get { storedCount }
        set { storedCount = newValue }
    }
    var ratio: Double {
        get { storedRatio }
        set { storedRatio = newValue }
    }
    var scale: Float {
        get { storedScale }
        set { storedScale = newValue }
    }
    var flag: Bool {
        get { storedFlag }
        set { storedFlag = newValue }
    }
    var when: Date {
        get { storedWhen }
        set { storedWhen = newValue }
    }
    var tag: String? {
        get { storedTag }
        set { storedTag = newValue }
    }
    var note: String? {
        get { storedNote }
        set { storedNote = newValue }
    }
    var seed: String {
        get { storedSeed }
        set { storedSeed = newValue }
    }
    required init() {}

    func mapping(mapper: HelpingMapper) {
        mapper <<< self.small <-- "s"
        mapper <<< self.count <-- "c"
        mapper <<< self.ratio <-- "r"
        mapper <<< self.scale <-- "sc"
        mapper <<< self.flag <-- "f"
        mapper <<< self.when <-- ("w", DateTransform())
        mapper <<< self.tag <-- "t"
        mapper <<< self.note <-- "n"
        mapper <<< self.seed <-- "e"
        mapper <<< self.seededInt <-- "si"
        mapper <<< self.seededRatio <-- "sr"
        mapper <<< self.seededWhen <-- ("sw", DateTransform())
    }
}

/// Observers Swift calls through a temporary: `willSet`, and `didSet` reading `oldValue`.
final class Observed: HandyJSON {
    var watched = 0 {
        willSet { changes += 1 }
    }
    var previous = "" {
        didSet { history.append(oldValue) }
    }
    var changes = 0
    var history: [String] = []
    required init() {}

    func mapping(mapper: HelpingMapper) {
        mapper <<< self.watched <-- "value"
        mapper <<< self.previous <-- "text"
    }
}

/// Accessor properties the probe cannot place: a type it cannot write a distinct value of, and a
/// setter that stores the same value in two fields.
final class Unplaceable: HandyJSON {
    var id = 0
    var storedTags: [String] = []
    var tags: [String] {
        get { storedTags }
        set { storedTags = newValue }
    }
    var first = ""
    var second = ""
    var both: String {
        get { first }
        set {
            first = newValue
            second = newValue
        }
    }
    required init() {}

    func mapping(mapper: HelpingMapper) {
        mapper <<< self.tags <-- "tag_list"
        mapper <<< self.both <-- "both"
        mapper <<< self.id <-- "user_id"
    }
}

/// Setters that store what they are given changed, so that no field holds the value the probe wrote:
/// the one field each setter changed is its storage.
final class Normalised: HandyJSON {
    var id = 0
    var storedCode = ""
    var code: String {
        get { storedCode }
        set { storedCode = newValue.uppercased() }
    }
    var storedLevel = 0
    var level: Int {
        get { storedLevel }
        set { storedLevel = newValue / 2 }
    }
    required init() {}

    func mapping(mapper: HelpingMapper) {
        mapper <<< self.code <-- "country_code"
        mapper <<< self.level <-- "user_level"
        mapper <<< self.id <-- "user_id"
    }
}

/// A custom mirror that lists fewer fields than the instance stores (one that hides an identifier from
/// logs, say): the probe finds the setter's storage by the name the mirror gives it.
final class Reflected: HandyJSON, CustomReflectable {
    var id = 0
    var storedNick = ""
    var nick: String {
        get { storedNick }
        set { storedNick = newValue }
    }
    required init() {}

    var customMirror: Mirror { Mirror(self, children: ["storedNick": storedNick]) }

    func mapping(mapper: HelpingMapper) {
        mapper <<< self.nick <-- "nick_name"
    }
}

/// A struct's `mapping(mapper:)` runs on the value itself, so the probe cannot watch its setter.
struct ComputedInStruct: HandyJSON {
    var id = 0
    var storedName = ""
    var name: String {
        get { storedName }
        set { storedName = newValue }
    }

    mutating func mapping(mapper: HelpingMapper) {
        mapper <<< self.name <-- "display_name"
        mapper <<< self.id <-- "user_id"
    }
}

/// Optional accessor properties of a type the probe knows no value of: it writes `nil` into one that
/// holds a value, and cannot write anything distinct into one that holds none.
final class OptionalAccessors: HandyJSON {
    var id = 0
    var storedLinks: [String]? = ["old"]
    var links: [String]? {
        get { storedLinks }
        set { storedLinks = newValue }
    }
    var storedAliases: [String]?
    var aliases: [String]? {
        get { storedAliases }
        set { storedAliases = newValue }
    }
    required init() {}

    func mapping(mapper: HelpingMapper) {
        mapper <<< self.links <-- "link_list"
        mapper <<< self.aliases <-- "alias_list"
        mapper <<< self.id <-- "user_id"
    }
}

/// A rule on a value inside a stored property, which is not a property of the model.
final class NestedValue: HandyJSON {
    struct Inner: HandyJSON { var x = 0 }
    var id = 0
    var inner = Inner()
    required init() {}

    func mapping(mapper: HelpingMapper) {
        mapper <<< self.inner.x <-- "x"
        mapper <<< self.id <-- "user_id"
    }
}

/// An accessor property left out with `>>>`.
final class ExcludedAccessor: HandyJSON {
    var id = 0
    var _secret = "kept"
    var secret: String {
        get { _secret }
        set { _secret = newValue }
    }
    required init() {}

    func mapping(mapper: HelpingMapper) {
        mapper >>> self.secret
    }
}

/// A superclass's stored properties come before the subclass's own, which a mirror of the subclass lists
/// alone: the probe finds the subclass's storage by its name.
class AccessorBase: HandyJSON {
    var id = 0
    var title = ""
    required init() {}
    func mapping(mapper: HelpingMapper) {}
}

final class AccessorSub: AccessorBase {
    var storedNick = ""
    var nick: String {
        get { storedNick }
        set { storedNick = newValue }
    }
    var other = ""

    override func mapping(mapper: HelpingMapper) {
        mapper <<< self.nick <-- "nick_name"
    }
}

extension HandyJSONCompat {
    @Suite("Properties with accessors in a custom mapping (@objc dynamic, computed, observed)")
    struct AccessorProperties {
        @Test("An accessor property of a subclass is found by name among its superclass's properties too")
        func subclassAccessor() throws {
            let model = try #require(
                AccessorSub.deserialize(from: #"{"id": 3, "title": "t", "nick_name": "ace", "other": "o"}"#))
            #expect(model.nick == "ace" && model.id == 3 && model.title == "t" && model.other == "o")
        }

        @Test("A rule on an accessor property reads and writes the storage its setter uses")
        func accessorProperty() throws {
            let member = try #require(Member.deserialize(from: #"{"user_id": 5, "nick_name": "Tom"}"#))
            #expect(member.id == 5)
            #expect(member.nick == "Tom")
            let written = try #require(member.toJSON())
            #expect(written["nick_name"] as? String == "Tom")
            #expect(written["_nick"] == nil)
            #expect(try JSONMapper().map(Member.self, from: Data(#"{"nick_name": "Ann"}"#.utf8)).nick == "Ann")
        }

        @Test("Accessor properties of every type the probe writes are found, whatever their defaults")
        func everyKind() throws {
            let json = #"""
                {"s": 7, "c": 18446744073709551615, "r": 2.5, "sc": 1.5, "f": true, "w": 60, "t": "new",
                 "n": "note", "e": "plain", "si": 3, "sr": 0.25, "sw": 120}
                """#
            let model = try #require(EveryKind.deserialize(from: json))
            #expect(model.small == 7)
            #expect(model.count == UInt64.max)
            #expect(model.ratio == 2.5)
            #expect(model.scale == 1.5)
            #expect(model.flag)
            #expect(model.when == Date(timeIntervalSince1970: 60))
            #expect(model.tag == "new")
            #expect(model.note == "note")
            #expect(model.seed == "plain")
            #expect(model.seededInt == 3)
            #expect(model.seededRatio == 0.25)
            #expect(model.seededWhen == Date(timeIntervalSince1970: 120))
        }

        @Test("willSet and didSet(oldValue) properties map into their storage, without running the observers")
        func observers() throws {
            let model = try #require(Observed.deserialize(from: #"{"value": 3, "text": "now"}"#))
            #expect(model.watched == 3)
            #expect(model.previous == "now")
            #expect(model.changes == 0)
            #expect(model.history.isEmpty)
        }

        @Test("An accessor property of a model with a custom mirror is found by the name its mirror gives")
        func customMirror() throws {
            let model = try #require(Reflected.deserialize(from: #"{"id": 3, "nick_name": "ace"}"#))
            #expect(model.nick == "ace" && model.id == 3)
            #expect(try #require(model.toJSON())["nick_name"] as? String == "ace")
        }

        @Test("A setter that stores its value changed is placed by the one field it changed")
        func normalisingSetter() throws {
            let json = #"{"user_id": 1, "country_code": "kr", "user_level": 7}"#
            let model = try #require(Normalised.deserialize(from: json))
            // The value goes into the storage the setter uses, as read, without running the setter.
            #expect(model.storedCode == "kr" && model.storedLevel == 7 && model.id == 1)
            let written = try #require(model.toJSON())
            #expect(written["country_code"] as? String == "kr")
            #expect(written["user_level"] as? Int == 7)
        }

        @Test(
            "An optional accessor property that holds a value is placed by emptying it; one that holds none is left out"
        )
        func optionalAccessors() throws {
            let json = #"{"user_id": 4, "link_list": ["a", "b"], "alias_list": ["c"], "storedAliases": ["d"]}"#
            let model = try #require(OptionalAccessors.deserialize(from: json))
            #expect(model.id == 4)
            #expect(model.links == ["a", "b"])
            #expect(model.aliases == ["d"])
            #expect(
                tree(model.toJSONString()) == tree(#"{"user_id": 4, "link_list": ["a", "b"], "storedAliases": ["d"]}"#))
        }

        @Test("A rule the probe cannot place is left out, and the rest of the model maps")
        func unplaceable() throws {
            let json = #"{"user_id": 9, "tag_list": ["a"], "both": "x", "storedTags": ["b"]}"#
            let model = try #require(Unplaceable.deserialize(from: json))
            #expect(model.id == 9)
            #expect(model.tags == ["b"])
            #expect(model.first.isEmpty && model.second.isEmpty)
            #expect(try JSONMapper().map(Unplaceable.self, from: Data(json.utf8)).id == 9)
        }

        @Test("A struct's rule on a computed property is left out, and the rest of the struct maps")
        func computedInStruct() throws {
            let model = try #require(
                ComputedInStruct.deserialize(from: #"{"user_id": 4, "display_name": "Ada", "storedName": "own"}"#))
            #expect(model.id == 4)
            #expect(model.name == "own")
        }

        @Test("A rule on a value inside a stored property is left out, and the rest of the model maps")
        func nestedValue() throws {
            let model = try #require(NestedValue.deserialize(from: #"{"user_id": 2, "x": 5}"#))
            #expect(model.id == 2)
            #expect(model.inner.x == 0)
        }

        @Test("An accessor property left out with >>> is neither read nor written")
        func excludedAccessor() throws {
            let model = try #require(ExcludedAccessor.deserialize(from: #"{"id": 1, "_secret": "leaked"}"#))
            #expect(model.id == 1)
            #expect(model.secret == "kept")
            #expect(try #require(model.toJSON())["_secret"] == nil)
        }
    }
}
