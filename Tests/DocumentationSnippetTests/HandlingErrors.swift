// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

/// The Handling Errors article.
enum HandlingErrors {
    struct DateRange: Mappable {
        var start = 0
        var end = 0

        struct Inverted: Error {}

        func didFinishMapping() throws {
            if end < start { throw Inverted() }
        }
    }
}

@Suite("Handling Errors article")
struct HandlingErrorsSnippets {
    @Test("A strict mapping error names its kind and its JSON path")
    func errorPath() throws {
        struct Tweet: Mappable {
            var id: Int64 = 0
            var retweetCount = 0
        }

        struct Timeline: Mappable {
            var statuses: [Tweet] = []
        }

        let strict = JSONMapper(keyTranslator: .snakeCase, mode: .strict)
        let bad = Data(#"{"statuses": [{"id": 1, "retweet_count": 2}, {"id": 2, "retweet_count": "many"}]}"#.utf8)
        do {
            _ = try strict.map(Timeline.self, from: bad)
        } catch let error as MappingError {
            print(error.path)   // statuses[1].retweet_count
            switch error.kind {
            case .typeMismatch(let expected, let found): print("wanted \(expected), got \(found)")
            case .malformedJSON: print("not JSON at byte \(error.byteOffset ?? 0)")
            default: print(error)
            }
        }
        let error = #expect(throws: MappingError.self) { try strict.map(Timeline.self, from: bad) }
        #expect(error?.path == "statuses[1].retweet_count")
    }

    @Test("A model that rejects itself is dropped in lenient mode and throws in strict mode")
    func rejection() throws {
        let ranges = json(#"[{"start": 1, "end": 2}, {"start": 5, "end": 3}]"#)
        #expect(try JSONMapper().map([HandlingErrors.DateRange].self, from: ranges).count == 1)
        let error = #expect(throws: MappingError.self) {
            try JSONMapper(mode: .strict).map([HandlingErrors.DateRange].self, from: ranges)
        }
        #expect(error?.path == "[1]")
    }
}
