import ReflectMapGen
import Testing

@Suite("Type inference")
struct InferenceTests {
    @Test("Scalars get their Swift type and a default that tells it")
    func scalars() throws {
        let lines = propertyLines(
            try generate(#"{"count": 3, "ratio": 0.5, "name": "a", "active": true, "big": 505874924095815681}"#))
        #expect(
            lines == [
                "var count = 0", "var ratio = 0.0", #"var name = """#, "var active = false", "var big: Int64 = 0",
            ])
    }

    @Test("Array elements merge: a key missing from some elements or null in any becomes optional")
    func arrayElementsMerge() throws {
        let source = try generate(
            #"{"items": [{"id": 1, "note": "x"}, {"id": 2, "tag": null}, {"id": 3, "tag": "t"}]}"#)
        #expect(source.contains("var items: [Item] = []"))
        #expect(propertyLines(source).suffix(3) == ["var id = 0", "var note: String?", "var tag: String?"])
    }

    @Test("Several samples merge into one shape")
    func samplesMerge() throws {
        let source = try generate(#"{"id": 1, "name": "a"}"#, #"{"id": 2.5, "extra": true}"#)
        #expect(propertyLines(source) == ["var id = 0.0", "var name: String?", "var extra: Bool?"])
        #expect(source.contains("from sample1.json, sample2.json"))
    }

    @Test("Integers and fractions at one place widen to Double; other mixes become raw JSON")
    func mixedTypes() throws {
        let lines = propertyLines(try generate(#"{"values": [1, 2.5], "odd": [1, "one"]}"#))
        #expect(lines == ["var values: [Double] = []", "var odd: [JSONValue] = []  // mixed types in the samples"])
    }

    @Test("Int64 is chosen only where a value needs it on 32-bit platforms")
    func int64() throws {
        let lines = propertyLines(try generate(#"{"small": 2147483647, "large": 2147483648, "negative": -2147483649}"#))
        #expect(lines == ["var small = 0", "var large: Int64 = 0", "var negative: Int64 = 0"])
    }

    @Test("Integers beyond Int64 are UInt64 while none is negative, else Doubles; beyond UInt64 they are Doubles")
    func hugeIntegers() throws {
        let lines = propertyLines(
            try generate(
                #"{"id": [1, 18446744073709551615], "mixed": [-1, 9223372036854775808], "huge": 100000000000000000000}"#
            ))
        #expect(lines == ["var id: [UInt64] = []", "var mixed: [Double] = []", "var huge = 0.0"])
    }

    @Test("Nested arrays keep their depth")
    func nestedArrays() throws {
        let lines = propertyLines(try generate(#"{"coordinates": [[[1.5, 2]], [[3, 4.25]]], "grid": [[{"x": 1}]]}"#))
        #expect(lines.prefix(2) == ["var coordinates: [[[Double]]] = []", "var grid: [[Grid]] = []"])
    }

    @Test("Empty arrays and values that are always null become optionals with a comment")
    func uninferable() throws {
        let lines = propertyLines(try generate(#"{"tags": [], "geo": null, "empty": {}}"#))
        #expect(
            lines == [
                "var tags: [JSONValue]?  // always empty in the samples: element type not inferred",
                "var geo: JSONValue?  // always null in the samples: type not inferred",
                "var empty: [String: JSONValue]?  // always empty in the samples: value type not inferred",
            ])
    }

    @Test("Null elements make the element type optional")
    func nullElements() throws {
        #expect(propertyLines(try generate(#"{"scores": [1, null, 3]}"#)) == ["var scores: [Int?] = []"])
    }

    @Test("Objects keyed by ids become dictionaries of one model, named after the key")
    func idKeyedDictionaries() throws {
        let source = try generate(
            #"""
            {"events": {"138586341": {"id": 1, "name": "a"}, "138586345": {"id": 2, "logo": "l"}},
             "names": {"1": "one", "2": "two"},
             "byUUID": {"0f8fad5b-d9cb-469f-a165-70867728950e": [1, 2]}}
            """#)
        #expect(
            propertyLines(source).prefix(3) == [
                "var events: [String: Event] = [:]", "var names: [String: String] = [:]",
                "var byUUID: [String: [Int]] = [:]",
            ])
        #expect(
            source.contains(
                "final class Event: Mappable {\n    var id = 0\n    var name: String?\n    var logo: String?"))
    }

    @Test("Objects with ordinary keys become nested classes")
    func nestedClasses() throws {
        let source = try generate(
            #"{"search_metadata": {"count": 1}, "user": {"id": 2}}"#, options: GeneratorOptions(rootName: "Page"))
        #expect(
            propertyLines(source) == [
                "var searchMetadata = SearchMetadata()", "var user = User()", "var count = 0", "var id = 0",
            ])
    }

    @Test("Same-named objects at different places share one class")
    func sameNamedShapesMerge() throws {
        let source = try generate(
            #"{"user": {"id": 1, "name": "a"}, "post": {"user": {"id": 2, "name": "b", "bio": "c"}}}"#)
        #expect(source.components(separatedBy: "final class User").count == 2)
        #expect(source.contains("var bio: String?"))
    }

    @Test("A plural object's members with one shape share a singular class")
    func siblingShapesMerge() throws {
        let source = try generate(#"{"sizes": {"small": {"w": 1, "h": 2}, "large": {"w": 3, "h": 4}}}"#)
        #expect(source.contains("var small = Size()\n    var large = Size()"))
        #expect(!source.contains("class Small"))
    }

    @Test("A plural object's members with overlapping shapes merge into one singular class with optionals")
    func siblingShapesMergeWithOptionals() throws {
        let source = try generate(
            #"{"prices": {"adult": {"amount": 1, "currency": "EUR"}, "child": {"amount": 1, "currency": "EUR", "age_limit": 12}}}"#
        )
        #expect(source.contains("var adult = Price()\n    var child = Price()"))
        #expect(source.contains("var ageLimit: Int?"))
    }

    @Test("Unrelated groups of a plural object's members get names of their own, never numbered ones")
    func siblingGroupsAreNamed() throws {
        let source = try generate(
            #"""
            {"sizes": {"small": {"w": 1, "h": 2}, "poster": {"url": "u", "title": "t"}, "large": {"w": 3, "h": 4},
                       "banner": {"url": "v", "title": "s"}}}
            """#)
        #expect(
            propertyLines(source).prefix(5) == [
                "var sizes = Sizes()", "var small = Size()", "var poster = Poster()", "var large = Size()",
                "var banner = Poster()",
            ])
        #expect(
            source.split(separator: "\n").filter { $0.hasPrefix("final class") }.allSatisfy {
                !$0.contains(where: \.isNumber)
            })
    }

    @Test("A nested object that repeats its enclosing class becomes an optional self-reference")
    func nestedRepeatBecomesSelfReference() throws {
        let inner =
            #"{"id": 2, "text": "b", "lang": "en", "source": "web", "truncated": false, "favorited": false, "retweeted": true, "user": {"id": 9}}"#
        let outer =
            #"{"id": 1, "text": "a", "lang": "en", "source": "web", "truncated": false, "favorited": false, "retweeted": false, "user": {"id": 8}, "retweeted_status": \#(inner)}"#
        let json =
            #"{"statuses": [\#(outer), {"id": 3, "text": "c", "lang": "en", "source": "web", "truncated": true, "favorited": true, "retweeted": false, "user": {"id": 7}}]}"#
        let classes = try generate(json)
        #expect(classes.contains("var retweetedStatus: Status?"))
        #expect(!classes.contains("class RetweetedStatus"))
        #expect(classes.components(separatedBy: "var text = \"\"").count == 2)

        let structs = try generate(json, options: GeneratorOptions(emitsStructs: true))
        #expect(structs.contains("var retweetedStatus: RetweetedStatus?"))
        #expect(structs.contains("struct RetweetedStatus"))
    }

    @Test("A top-level array maps its elements, and the header says mapArray")
    func topLevelArray() throws {
        let source = try generate(#"[{"id": 1}, {"id": 2, "type": "x"}]"#, options: GeneratorOptions(rootName: "Event"))
        #expect(source.contains("let models = try mapper.mapArray(Event.self, from: data)"))
        #expect(propertyLines(source) == ["var id = 0", "var type: String?"])
    }

    @Test(
        "Top levels that cannot be models are refused",
        arguments: [
            (#"42"#, GeneratorError.unsupportedTopLevel(source: "sample1.json", found: "a number")),
            (#"[1, 2]"#, GeneratorError.unsupportedTopLevel(source: "sample1.json", found: "an array of numbers")),
            (
                #"{"a": }"#,
                GeneratorError.malformedJSON(
                    source: "sample1.json", offset: 6, reason: "Unexpected '}'; expected a value")
            ),
        ])
    func refusedTopLevels(json: String, error: GeneratorError) {
        #expect(throws: error) { try generate(json) }
    }

    @Test("Objects and arrays at the top level cannot be mixed")
    func mixedTopLevels() {
        #expect(throws: GeneratorError.mixedTopLevels) { try generate(#"{"a": 1}"#, #"[{"a": 1}]"#) }
    }
}
