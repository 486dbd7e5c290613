import Foundation
import ReflectMap
import Testing

// Cases from GSON's CustomTypeAdaptersTest, ObjectMapper's transform tests and HandyJSON's custom
// mapping tests, in ReflectMap's terms.

/// An amount in a currency, parsed from `"12.30 USD"`.
struct Money: Equatable, Sendable {
    var cents = 0
    var currency = "USD"
}

struct NotMoney: Error, CustomStringConvertible {
    var text: String
    var description: String { "\(text) is not an amount with a currency" }
}

struct MoneyAdapter: JSONAdapter {
    func read(_ json: JSONValue) throws -> Money {
        guard case .string(let text) = json else { throw NotMoney(text: "\(json)") }
        let parts = text.split(separator: " ")
        guard parts.count == 2, let amount = Decimal(string: String(parts[0])) else { throw NotMoney(text: text) }
        return Money(cents: NSDecimalNumber(decimal: amount * 100).intValue, currency: String(parts[1]))
    }

    func write(_ value: Money) throws -> JSONValue {
        .string(String(format: "%d.%02d %@", value.cents / 100, value.cents % 100, value.currency))
    }
}

/// ObjectMapper's HexColorTransform: `"#ff8800"`.
struct Colour: Equatable, Sendable {
    var red = 0, green = 0, blue = 0
}

struct HexColour: JSONAdapter {
    func read(_ json: JSONValue) throws -> Colour {
        guard case .string(let text) = json, text.hasPrefix("#"), text.count == 7,
            let value = Int(text.dropFirst(), radix: 16)
        else {
            throw MappingError(.invalidValue(value: "\(json)", type: "hex colour"))
        }
        return Colour(red: value >> 16, green: (value >> 8) & 0xFF, blue: value & 0xFF)
    }

    func write(_ value: Colour) throws -> JSONValue {
        .string("#" + [value.red, value.green, value.blue].map { String(format: "%02x", $0) }.joined())
    }
}

/// A coordinate written as `[lat, lng]`.
struct Coordinate: Equatable, Sendable {
    var latitude = 0.0, longitude = 0.0
}

struct CoordinatePair: JSONAdapter {
    func read(_ json: JSONValue) throws -> Coordinate {
        guard case .array(let pair) = json, pair.count == 2,
            case .number(let lat) = pair[0], case .number(let lng) = pair[1]
        else {
            throw MappingError(.typeMismatch(expected: "[lat, lng]", found: "another shape"))
        }
        return Coordinate(latitude: lat.doubleValue, longitude: lng.doubleValue)
    }

    func write(_ value: Coordinate) throws -> JSONValue {
        .array([.number(.double(value.latitude)), .number(.double(value.longitude))])
    }
}

/// Every string upper-cased: a registered adapter for a type the mapper already knows.
struct ShoutingStrings: JSONAdapter {
    func read(_ json: JSONValue) throws -> String {
        guard case .string(let text) = json else { throw NotMoney(text: "\(json)") }
        return text.uppercased()
    }

    func write(_ value: String) throws -> JSONValue { .string(value.lowercased()) }
}

final class ShopOrder: Mappable {
    var id = 0
    var total = Money()
    var discount: Money?
    var lines: [Money] = []
    var byCoupon: [String: Money] = [:]
    var pickup = Coordinate()
    @JSONTransform(HexColour(), key: "label_colour") var colour = Colour()
    required init() {}
}

struct Event: Mappable {
    @JSONTransform(SecondsSince1970()) var createdAt = Date(timeIntervalSince1970: 0)
    @JSONTransform(MillisecondsSince1970()) var updatedAt = Date(timeIntervalSince1970: 0)
    @JSONTransform(DateFormat("yyyy-MM-dd")) var day = Date(timeIntervalSince1970: 0)
    @JSONTransform(SecondsSince1970()) var deletedAt: Date?
    @JSONTransform(NumberAsString<Int64>()) var id: Int64 = 0
    var published = Date(timeIntervalSince1970: 0)
}

struct Catalogue: Mappable {
    @JSONTransform(LossyArray<Product>()) var products: [Product] = []
    var name = ""
}

struct Product: Mappable, Equatable {
    var sku = ""
    var price = 0
}

let shop = JSONMapper(adapters: [MoneyAdapter(), CoordinatePair()])

struct Pair: Mappable {
    var a = 0
    var b = 0
}

struct LossyPairs: Mappable {
    @JSONTransform(LossyArray<Pair>()) var items: [Pair] = []
}

@Suite("Custom adapters and transforms")
struct AdapterTests {
    let order = json(
        """
        {"id": 7, "total": "12.30 USD", "discount": "1.05 USD", "lines": ["10.00 USD", "2.30 EUR"],
         "byCoupon": {"SPRING": "0.50 USD"}, "pickup": [52.52, 13.405], "label_colour": "#ff8800"}
        """)

    @Test("A registered adapter reads its type in plain, optional, array and dictionary properties")
    func registeredAdapterReadsEveryShape() throws {
        let model = try shop.map(ShopOrder.self, from: order)
        #expect(model.total == Money(cents: 1230, currency: "USD"))
        #expect(model.discount == Money(cents: 105, currency: "USD"))
        #expect(model.lines == [Money(cents: 1000, currency: "USD"), Money(cents: 230, currency: "EUR")])
        #expect(model.byCoupon["SPRING"] == Money(cents: 50, currency: "USD"))
        #expect(model.pickup == Coordinate(latitude: 52.52, longitude: 13.405))
        #expect(model.colour == Colour(red: 255, green: 136, blue: 0))
    }

    @Test("Adapters write what they read, and both read routes agree")
    func adaptersRoundTripOnBothRoutes() throws {
        let model = try shop.map(ShopOrder.self, from: order)
        let written = try shop.data(from: model)
        #expect(try JSONValue(parsing: written) == JSONValue(parsing: order))
        let routes = bothRoutes(ShopOrder.self, order, shop)
        #expect(routes.bytes == routes.dictionary)
        let fromDictionary = try shop.map(ShopOrder.self, from: try jsonObject(order) as? [String: Any] ?? [:])
        #expect(try shop.data(from: fromDictionary) == written)
    }

    @Test("A type with no adapter and no conformance cannot be filled; registering one fixes that")
    func unregisteredTypeIsUnsupported() {
        let error = mappingError { _ = try JSONMapper().map(ShopOrder.self, from: order) }
        #expect(error?.kind == .unsupportedType(type: "Money", property: "ShopOrder.total"))
    }

    @Test("A registered adapter wins over the mapper's own handling of its type")
    func registeredAdapterWinsOverBuiltIn() throws {
        let mapper = JSONMapper(adapters: [ShoutingStrings()])
        let product = try mapper.map(Product.self, from: json(#"{"sku": "ab-1", "price": 3}"#))
        #expect(product.sku == "AB-1")
        #expect(String(decoding: try mapper.data(from: product), as: UTF8.self) == #"{"price":3,"sku":"ab-1"}"#)
    }

    @Test("A failing adapter keeps the default and is reported in lenient mode, with the path")
    func failingAdapterInLenientMode() throws {
        let data = json(#"{"total": "twelve", "lines": ["1.00 USD", "bad", "2.00 USD"]}"#)
        let (model, report) = try shop.mapWithReport(ShopOrder.self, from: data)
        #expect(model.total == Money())
        #expect(model.lines.count == 2)
        #expect(report.skipped.map(\.path) == ["lines[1]", "total"])
        #expect(
            report.skipped.last?.message
                == "The Money at \"total\" was rejected: twelve is not an amount with a currency")
        #expect(report.skipped.last?.value == .string("twelve"))
        let routes = bothRoutes(ShopOrder.self, data, shop)
        #expect(routes.bytes == routes.dictionary)
    }

    @Test("A failing adapter throws in strict mode with the path; a MappingError it throws keeps its kind")
    func failingAdapterInStrictMode() {
        struct Ledger: Mappable {
            var lines: [Money] = []
            var pickup = Coordinate()
        }
        var strict = shop
        strict.mode = .strict
        let error = mappingError {
            _ = try strict.map(Ledger.self, from: json(#"{"lines": ["1.00 USD", "bad"], "pickup": [1, 2]}"#))
        }
        #expect(error?.kind == .rejected(type: "Money", reason: "bad is not an amount with a currency"))
        #expect(error?.path == "lines[1]")
        let pair = mappingError { _ = try strict.map(Ledger.self, from: json(#"{"lines": [], "pickup": [1]}"#)) }
        #expect(pair?.kind == .typeMismatch(expected: "[lat, lng]", found: "another shape"))
        #expect(pair?.path == "pickup")
    }

    @Test("An adapter that fails to write throws at the path of the value, in nested models, arrays and dictionaries")
    func failingAdapterWhileWriting() {
        struct Refusing: JSONAdapter {
            func read(_ json: JSONValue) throws -> Money { Money() }
            func write(_ value: Money) throws -> JSONValue {
                if value.currency == "XXX" { throw NotMoney(text: "XXX") }
                if value.currency == "YYY" { throw MappingError(.invalidValue(value: "YYY", type: "currency")) }
                return .string(value.currency)
            }
        }
        struct Line: Mappable { var price = Money() }
        struct Till: Mappable {
            var lines: [Line] = []
            var byCoupon: [String: Money] = [:]
            @JSONKey(path: "totals.net") var net = Money()
        }
        let mapper = JSONMapper(adapters: [Refusing()])
        var till = Till()
        till.lines = [Line(), Line(price: Money(cents: 1, currency: "XXX"))]
        for write in [{ _ = try mapper.data(from: till) }, { _ = try mapper.jsonObject(from: till) }]
            as [() throws -> Void]
        {
            let error = mappingError(write)
            #expect(error?.path == "lines[1].price")
            #expect(error?.kind == .rejected(type: "Money", reason: "XXX is not an amount with a currency"))
        }
        till.lines = []
        till.byCoupon = ["SPRING": Money(cents: 1, currency: "YYY")]
        let coupon = mappingError { _ = try mapper.data(from: [till]) }
        #expect(coupon?.path == "[0].byCoupon.SPRING")
        #expect(coupon?.kind == .invalidValue(value: "YYY", type: "currency"))
        till.byCoupon = [:]
        till.net = Money(cents: 1, currency: "XXX")
        #expect(mappingError { _ = try mapper.data(from: till) }?.path == "totals.net")
        till.net = Money()
        #expect((try? mapper.data(from: till)) != nil)
    }

    @Test("Dates in a property's own format, seconds and milliseconds since 1970, ids in strings")
    func builtInTransforms() throws {
        let data = json(
            """
            {"createdAt": 1700000000, "updatedAt": 1700000000123, "day": "2024-02-29", "id": "9007199254740993",
             "published": "2024-05-01T12:30:00Z"}
            """)
        let event = try JSONMapper().map(Event.self, from: data)
        #expect(event.createdAt == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(event.updatedAt == Date(timeIntervalSince1970: 1_700_000_000.123))
        #expect(event.day == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(event.id == 9_007_199_254_740_993)
        #expect(event.deletedAt == nil)
        let written = try JSONValue(parsing: JSONMapper().data(from: event))
        #expect(try written == JSONValue(parsing: data))
        // A plain number is read too, and the optional is written when set.
        var later = try JSONMapper().map(Event.self, from: json(#"{"id": 42, "deletedAt": 1.5}"#))
        #expect(later.id == 42 && later.deletedAt == Date(timeIntervalSince1970: 1.5))
        later.deletedAt = Date(timeIntervalSince1970: 2)
        #expect(try JSONValue(parsing: JSONMapper().data(from: later))["deletedAt"] == .number(.integer(2)))
    }

    @Test("A date in the wrong format is refused with the format in the message")
    func wrongDateFormat() throws {
        let (_, report) = try JSONMapper().mapWithReport(Event.self, from: json(#"{"day": "29/02/2024"}"#))
        #expect(report.skipped.map(\.path) == ["day"])
        #expect(
            report.skipped.first?.message
                == "The value a string \"29/02/2024\" at \"day\" is not a valid date in the format yyyy-MM-dd.")
    }

    @Test("A lossy array drops elements it cannot use, in strict mode too, and reports them")
    func lossyArrayDropsAndReports() throws {
        let data = json(
            #"{"name": "spring", "products": [{"sku": "a", "price": 1}, {"sku": "b", "price": "x"}, 7, {"sku": "c", "price": 3}]}"#
        )
        let strict = JSONMapper(mode: .strict)
        let (catalogue, report) = try strict.mapWithReport(Catalogue.self, from: data)
        #expect(catalogue.products.map(\.sku) == ["a", "c"])
        #expect(report.skipped.map(\.path) == ["products[1].price", "products[2]"])
        let routes = bothRoutes(Catalogue.self, data, strict)
        #expect(routes.bytes == routes.dictionary)
        // Standalone, as any adapter.
        #expect(try LossyArray<Product>().read(JSONValue(parsing: json(#"[{"sku": "a"}, 3]"#))).map(\.sku) == ["a"])
    }

    @Test("ObjectMapper's TransformOf: a closure-free adapter for a tuple-like value")
    func handyJSONStyleSplitValue() throws {
        struct ParentPath: JSONAdapter {
            func read(_ json: JSONValue) throws -> [String] {
                guard case .string(let text) = json else { throw NotMoney(text: "\(json)") }
                return text.split(separator: "/").map(String.init)
            }
            func write(_ value: [String]) throws -> JSONValue { .string(value.joined(separator: "/")) }
        }
        struct Cat: Mappable {
            var name = ""
            @JSONTransform(ParentPath()) var parent: [String] = []
        }
        let cat = try JSONMapper().map(Cat.self, from: json(#"{"name": "Tom", "parent": "Ada/Bob"}"#))
        #expect(cat.parent == ["Ada", "Bob"])
        #expect(
            String(decoding: try JSONMapper().data(from: cat), as: UTF8.self) == #"{"name":"Tom","parent":"Ada/Bob"}"#)
    }

    @Test(
        "A lossy array's dropped element leaves only its own entries in the report, the same from bytes and from a dictionary"
    )
    func lossyArrayReportsAgree() throws {
        let data = json(#"{"items": [{"a": 1, "zz": true}, {"a": 2, "b": 3}, {"zz": 1, "b": "x", "a": "y"}]}"#)
        let strict = JSONMapper(mode: .strict)
        let (pairs, report) = try strict.mapWithReport(LossyPairs.self, from: data)
        #expect(pairs.items.map(\.a) == [2])
        #expect(report.unmappedKeys.isEmpty)
        #expect(report.skipped.map(\.path) == ["items[0].b", "items[2].a"])
        let routes = bothRoutes(LossyPairs.self, data, strict)
        #expect(routes.bytes == routes.dictionary)
    }
}
