import Foundation
import ReflectMap
import Testing

private struct Link: Mappable, Equatable {
    var zeta = 1
    var alpha = "a/b"
    var middle: [Int] = [1, 2]
    var empty: [String: Int] = [:]
    var none: Int?
}

private final class Node: Mappable {
    var name = ""
    var children: [Node] = []
    required init() {}
}

@Suite("Writing options")
struct OutputTests {
    @Test("Keys are sorted and slashes left alone by default")
    func defaults() throws {
        let text = String(decoding: try JSONMapper().data(from: Link()), as: UTF8.self)
        #expect(text == #"{"alpha":"a/b","empty":{},"middle":[1,2],"zeta":1}"#)
    }

    @Test("Each formatting option keeps its own bit, so a stored raw value means the same options")
    func optionBits() {
        #expect(JSONMapper.OutputFormatting.sortedKeys.rawValue == 1)
        #expect(JSONMapper.OutputFormatting.prettyPrinted.rawValue == 2)
        #expect(JSONMapper.OutputFormatting.withoutEscapingSlashes.rawValue == 4)
        #expect(JSONMapper().outputFormatting == JSONMapper.OutputFormatting(rawValue: 5))
    }

    @Test("Without sorted keys, members come in declaration order")
    func declarationOrder() throws {
        var mapper = JSONMapper()
        mapper.outputFormatting = [.withoutEscapingSlashes]
        let text = String(decoding: try mapper.data(from: Link()), as: UTF8.self)
        #expect(text == #"{"zeta":1,"alpha":"a/b","middle":[1,2],"empty":{}}"#)
    }

    @Test("Without withoutEscapingSlashes, a slash is escaped as JSONEncoder escapes it")
    func escapedSlashes() throws {
        var mapper = JSONMapper()
        mapper.outputFormatting = [.sortedKeys]
        let text = String(decoding: try mapper.data(from: Link()), as: UTF8.self)
        #expect(text.contains(#""alpha":"a\/b""#))
        #expect(try mapper.map(Link.self, from: mapper.data(from: Link())) == Link())
    }

    @Test("Quotes, backslashes and control characters are escaped in place, and the text around them kept")
    func escapedCharacters() throws {
        struct Text: Mappable, Equatable {
            var value = ""
        }
        var model = Text()
        model.value = "é\"a\\b/c\n\r\t\u{08}\u{0C}\u{01}\u{1F}ü end"
        var mapper = JSONMapper()
        let compact = String(decoding: try mapper.data(from: model), as: UTF8.self)
        #expect(compact == #"{"value":"é\"a\\b/c\n\r\t\b\f\u0001\u001fü end"}"#)
        mapper.outputFormatting = [.sortedKeys]
        let slashes = String(decoding: try mapper.data(from: model), as: UTF8.self)
        #expect(slashes == #"{"value":"é\"a\\b\/c\n\r\t\b\f\u0001\u001fü end"}"#)
        #expect(try mapper.map(Text.self, from: mapper.data(from: model)) == model)
    }

    @Test("Pretty printing indents by two spaces and puts spaces around the colon, as JSONEncoder does")
    func prettyPrinted() throws {
        var mapper = JSONMapper()
        mapper.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        mapper.writesNilAsNull = true
        let text = String(decoding: try mapper.data(from: Link()), as: UTF8.self)
        #expect(
            text == """
                {
                  "alpha" : "a/b",
                  "empty" : {},
                  "middle" : [
                    1,
                    2
                  ],
                  "none" : null,
                  "zeta" : 1
                }
                """)
        #expect(try mapper.map(Link.self, from: Data(text.utf8)) == Link())
    }

    @Test("Bytes and Foundation objects come from the same walk and say the same thing")
    func bothSinksAgree() throws {
        let root = Node()
        root.name = "root"
        let child = Node()
        child.name = "child \"quoted\" \u{1}"
        root.children = [child, Node()]
        let mapper = JSONMapper()
        let fromBytes = try JSONSerialization.jsonObject(with: mapper.data(from: root)) as? NSDictionary
        let fromTree = try mapper.dictionary(from: root) as NSDictionary
        #expect(fromBytes == fromTree)
    }

    @Test("Doubles are written in the shortest form that reads back exactly")
    func shortestDoubles() throws {
        struct Numbers: Mappable { var values: [Double] = [0.1, 1e-7, 1.0 / 3.0, 5e22, -0.0, 123456.789] }
        let mapper = JSONMapper()
        let data = try mapper.data(from: Numbers())
        let back = try mapper.map(Numbers.self, from: data)
        #expect(back.values.map(\.bitPattern) == Numbers().values.map(\.bitPattern))
        #expect(
            String(decoding: data, as: UTF8.self) == #"{"values":[0.1,1e-07,0.3333333333333333,5e+22,-0.0,123456.789]}"#
        )
    }
}

private struct IntegerLists: Mappable {
    var signed: [Int64] = []
    var unsigned: [UInt64] = []
    var small: [Int8] = []
}

private struct Page: Mappable {
    var lines: [String] = []
}

@Suite("The byte sink")
struct ByteSinkTests {
    @Test("Integers of every length are written with exactly their digits")
    func integerDigits() throws {
        var signed: [Int64] = [0, -1, Int64.min, Int64.max]
        var unsigned: [UInt64] = [0, UInt64.max]
        var power: UInt64 = 1
        for _ in 0..<19 {
            signed += [Int64(power), Int64(power) - 1, -Int64(power), Int64(power) + 1]
            unsigned += [power, power - 1, power * 9 + (power - 1)]
            power *= 10
        }
        unsigned += [power, power - 1, power + 1]
        var numbers = IntegerLists()
        numbers.signed = signed
        numbers.unsigned = unsigned
        numbers.small = [Int8.min, -10, -9, 0, 9, 10, 99, 100, Int8.max]
        let text = String(decoding: try JSONMapper().data(from: numbers), as: UTF8.self)
        let expected =
            #"{"signed":[\#(signed.map(String.init).joined(separator: ","))],"#
            + #""small":[\#(numbers.small.map(String.init).joined(separator: ","))],"#
            + #""unsigned":[\#(unsigned.map(String.init).joined(separator: ","))]}"#
        #expect(text == expected)
        let back = try JSONMapper().map(IntegerLists.self, from: Data(text.utf8))
        #expect(back.signed == signed && back.unsigned == unsigned && back.small == numbers.small)
    }

    @Test("Output far past the first buffer grows with every byte kept, escapes included")
    func growth() throws {
        var page = Page()
        // Lines of rising length, some with escapes, so that growth lands at every kind of write.
        page.lines = (0..<3_000).map { index in
            String(repeating: "x", count: index % 97) + (index % 5 == 0 ? "\"quoted\"\n" : "") + "é\(index)"
        }
        let data = try JSONMapper().data(from: page)
        #expect(data.count > 100_000)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["lines"] as? [String] == page.lines)
        #expect(try JSONMapper().map(Page.self, from: data).lines == page.lines)
    }
}

@Suite("Decimal")
struct DecimalTests {
    struct Price: Mappable { var amount = Decimal(0) }

    @Test("A Decimal reads exactly from bytes, as from JSONSerialization's dictionary")
    func exactRead() throws {
        let data = json(#"{"amount": 1.123456789123456789}"#)
        let mapper = JSONMapper()
        let expected = try #require(Decimal(string: "1.123456789123456789"))
        #expect(try mapper.map(Price.self, from: data).amount == expected)
        #expect(try mapper.map(Price.self, fromJSONObject: JSONSerialization.jsonObject(with: data)).amount == expected)
        #expect(try mapper.map(Price.self, fromJSONObject: JSONValue(parsing: data).jsonObject).amount == expected)
    }

    @Test("A Decimal is written with every digit it has")
    func exactWrite() throws {
        var price = Price()
        price.amount = try #require(Decimal(string: "123456789.123456789123"))
        let text = String(decoding: try JSONMapper().data(from: price), as: UTF8.self)
        #expect(text == #"{"amount":123456789.123456789123}"#)
    }

    @Test("Short decimals read from a Double's shortest spelling")
    func shortDecimals() throws {
        #expect(try JSONMapper().map(Price.self, from: json(#"{"amount": 0.1}"#)).amount == Decimal(string: "0.1"))
        #expect(try JSONMapper().map(Price.self, from: json(#"{"amount": 1e2}"#)).amount == 100)
    }
}

@Suite("Mapper configuration")
struct ConfigurationTests {
    struct Person: Mappable, Equatable {
        var firstName = ""
        // swift-format-ignore: AlwaysUseLowerCamelCase
        var lastName_ = ""
    }

    @Test("snake_case keeps leading and trailing underscores, as JSONEncoder's convertToSnakeCase does")
    func snakeCaseUnderscores() {
        #expect(KeyTranslator.snakeCase.key(for: "oneTwoThree_") == "one_two_three_")
        #expect(KeyTranslator.snakeCase.key(for: "__oneTwoThree__") == "__one_two_three__")
        #expect(KeyTranslator.snakeCase.key(for: "_private") == "_private")
    }

    @Test(
        "snake_case ends an acronym before its last capital when a lower-case letter follows, at any distance from the end"
    )
    func snakeCaseAcronyms() {
        // JSONEncoder's convertToSnakeCase gives the same for each of these that does not start with an
        // acronym; swift-foundation's on Linux splits the first letter off a leading one ("u_rl_string").
        let expected = [
            "myURL": "my_url", "myURLs": "my_ur_ls", "myURLsX": "my_ur_ls_x", "myURLsAt": "my_ur_ls_at",
            "userID": "user_id", "userIDs": "user_i_ds", "isHTTPOK": "is_httpok", "aB": "a_b",
            "aBC": "a_bc", "aBCd": "a_b_cd", "aBCde": "a_b_cde", "URLString": "url_string", "URLs": "ur_ls",
            "HTTPServer": "http_server", "AB": "ab", "A": "a",
        ]
        for (name, key) in expected {
            #expect(KeyTranslator.snakeCase.key(for: name) == key, "\(name)")
        }
    }

    @Test("A custom translator made for one call needs no special care")
    func customTranslatorPerCall() throws {
        for round in 0..<50 {
            let upper = JSONMapper(keyTranslator: .custom { $0.uppercased() })
            let person = try upper.map(Person.self, from: json(#"{"FIRSTNAME": "Ada\#(round)", "LASTNAME_": "L"}"#))
            #expect(person == Person(firstName: "Ada\(round)", lastName_: "L"))
        }
    }

    @Test("Changing a copy's translator changes only that copy's keys")
    func copiesKeepTheirOwnPlans() throws {
        let snake = JSONMapper(keyTranslator: .snakeCase)
        var kebab = snake
        kebab.keyTranslator = .kebabCase
        let person = Person(firstName: "Ada", lastName_: "L")
        #expect(
            String(decoding: try snake.data(from: person), as: UTF8.self) == #"{"first_name":"Ada","last_name_":"L"}"#)
        #expect(
            String(decoding: try kebab.data(from: person), as: UTF8.self) == #"{"first-name":"Ada","last-name_":"L"}"#)
        #expect(
            String(decoding: try snake.data(from: person), as: UTF8.self) == #"{"first_name":"Ada","last_name_":"L"}"#)
    }
}
