import Foundation
import ReflectMapHandyJSON
import Testing

enum Level: Int {
    case low = 1
    case high = 2
}

struct Version: HandyJSONCustomTransformable {
    var parts: [Int]

    static func _transform(from object: Any) -> Version? {
        guard let text = object as? String else { return nil }
        return Version(parts: text.split(separator: ".").compactMap { Int($0) })
    }

    func _plainValue() -> Any? { parts.map(String.init).joined(separator: ".") }
}

final class Transformed: HandyJSON {
    var epoch: Date?
    var iso: Date?
    var day: Date?
    var formatted: Date?
    var bytes: Data?
    var level: Level?
    var link: URL?
    var rawLink: URL?
    var price: NSDecimalNumber?
    var code = 0
    var version: Version?
    var versions: [Version] = []
    required init() {}

    func mapping(mapper: HelpingMapper) {
        mapper <<< self.epoch <-- DateTransform()
        mapper <<< self.iso <-- ISO8601DateTransform()
        mapper <<< self.day <-- CustomDateFormatTransform(formatString: "yyyy-MM-dd")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/yyyy HH:mm"
        mapper <<< self.formatted <-- DateFormatterTransform(dateFormatter: formatter)
        mapper <<< self.bytes <-- DataTransform()
        mapper <<< self.level <-- EnumTransform<Level>()
        mapper <<< self.link <-- URLTransform()
        mapper <<< self.rawLink <-- URLTransform(shouldEncodeURLString: false)
        mapper <<< self.price <-- NSDecimalNumberTransform()
        mapper <<< self.code <-- (
            "status", TransformOf<Int, String>(fromJSON: { $0.flatMap { Int($0) } }, toJSON: { $0.map(String.init) })
        )
    }
}

extension HandyJSONCompat {
    @Suite("Each transform, both directions")
    struct Transforms {
        let json = """
            {"epoch": 1700000000, "iso": "2024-05-01T12:30:00Z", "day": "2024-05-01", "formatted": "01/05/2024 12:30",
             "bytes": "aGVsbG8=", "level": 2, "link": "https://example.com/a b", "rawLink": "https://example.com/raw?q=%41",
             "price": "19.99", "status": "404", "version": "1.2.3", "versions": ["1.0", "2.1"]}
            """

        @Test("Every built-in transform reads its JSON form")
        func reading() throws {
            let model = try #require(Transformed.deserialize(from: json))
            #expect(model.epoch == Date(timeIntervalSince1970: 1_700_000_000))
            #expect(model.iso == Date(timeIntervalSince1970: 1_714_566_600))
            #expect(model.day.map { ISO8601DateFormatter().string(from: $0).hasPrefix("2024-05-0") } == true)
            #expect(model.formatted == Date(timeIntervalSince1970: 1_714_566_600))
            #expect(model.bytes == Data("hello".utf8))
            #expect(model.level == .high)
            #expect(model.link?.absoluteString == "https://example.com/a%20b")
            #expect(model.rawLink?.absoluteString == "https://example.com/raw?q=%41")
            #expect(model.price == NSDecimalNumber(string: "19.99"))
            #expect(model.code == 404)
            #expect(model.version?.parts == [1, 2, 3])
            #expect(model.versions.map(\.parts) == [[1, 0], [2, 1]])
        }

        @Test("Every built-in transform writes its JSON form")
        func writing() throws {
            let model = try #require(Transformed.deserialize(from: json))
            let written = try #require(model.toJSON())
            #expect(written["epoch"] as? Double == 1_700_000_000)
            #expect(written["iso"] as? String == "2024-05-01T12:30:00Z")
            #expect(written["formatted"] as? String == "01/05/2024 12:30")
            #expect(written["bytes"] as? String == "aGVsbG8=")
            #expect(written["level"] as? Int == 2)
            #expect(written["link"] as? String == "https://example.com/a%20b")
            #expect(written["price"] as? String == "19.99")
            #expect(written["status"] as? String == "404")
            #expect(written["version"] as? String == "1.2.3")
            #expect(written["versions"] as? [String] == ["1.0", "2.1"])
        }

        @Test("Dates take the core's conversions: ISO 8601 keeps fractions and offsets, a whole epoch is an integer")
        func datesOnTheCoreConversions() throws {
            let fraction = try #require(
                Transformed.deserialize(from: #"{"iso": "2024-05-01T12:30:00.250Z", "epoch": 1.5}"#))
            #expect(fraction.iso == Date(timeIntervalSince1970: 1_714_566_600.25))
            #expect(fraction.toJSONString()?.contains(#""iso":"2024-05-01T12:30:00.250Z""#) == true)
            #expect(fraction.toJSONString()?.contains(#""epoch":1.5"#) == true)
            let offset = try #require(Transformed.deserialize(from: #"{"iso": "2024-05-01T14:30:00+02:00"}"#))
            #expect(offset.iso == Date(timeIntervalSince1970: 1_714_566_600))
            let whole = try #require(Transformed.deserialize(from: #"{"epoch": 1700000000}"#))
            #expect(whole.toJSONString()?.contains(#""epoch":1700000000"#) == true)
            #expect(whole.toJSONString()?.contains("1700000000.") == false)
        }

        @Test("A value a transform refuses leaves the property as it was")
        func refusedValues() throws {
            let model = try #require(
                Transformed.deserialize(from: #"{"iso": "yesterday", "level": 9, "status": "x", "bytes": "%%"}"#))
            #expect(model.iso == nil && model.level == nil && model.bytes == nil)
            #expect(model.code == 0)
        }

        @Test("TransformOf hands its closure the JSON value converted to its JSON type")
        func transformOfConverts() throws {
            #expect(Transformed.deserialize(from: #"{"status": 301}"#)?.code == 301)
        }
    }
}
