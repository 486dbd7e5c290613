import Foundation
import ReflectMap
import Testing

final class Account: Mappable {
    var id = -1
    var name = "default"
    var score = 0.0
    var active = false
    var nickname: String?
    var code = ""
    required init() {}
}

@Suite("Missing keys, nulls and wrong types")
struct LenientAndStrictTests {
    let lenient = JSONMapper()
    let strict = JSONMapper(mode: .strict)

    @Test("A missing key keeps the declared default")
    func missingKeyKeepsDefault() throws {
        let account = try lenient.map(Account.self, from: json(#"{"id": 3}"#))
        #expect(account.id == 3 && account.name == "default" && account.nickname == nil)
    }

    @Test("Null sets an optional to nil")
    func nullSetsOptionalToNil() throws {
        let account = try lenient.map(Account.self, from: json(#"{"nickname": null}"#))
        #expect(account.nickname == nil)
    }

    @Test("Null for a non-optional keeps the default in lenient mode and throws in strict mode")
    func nullForNonOptional() throws {
        let (account, report) = try lenient.mapWithReport(Account.self, from: json(#"{"name": null}"#))
        #expect(account.name == "default")
        #expect(report.skipped.map(\.path) == ["name"])
        let error = mappingError {
            _ = try strict.map(
                Account.self, from: json(#"{"id": 1, "name": null, "score": 1, "active": true, "code": ""}"#))
        }
        #expect(error?.kind == .nullValue(expected: "String"))
        #expect(error?.path == "name")
    }

    @Test("Lenient mode coerces lossless conversions and reports them")
    func lenientCoercions() throws {
        let (account, report) = try lenient.mapWithReport(
            Account.self, from: json(#"{"id": "12", "score": "2.5", "active": 1, "code": 404, "name": true}"#))
        #expect(account.id == 12)
        #expect(account.score == 2.5)
        #expect(account.active)
        #expect(account.code == "404")
        #expect(account.name == "true")
        #expect(report.coercions.map(\.path).sorted() == ["active", "code", "id", "name", "score"])
    }

    @Test("Lenient mode reads true and false as 1 and 0 into every number type, from bytes and from a dictionary")
    func lenientBooleansAsNumbers() throws {
        struct Counts: Mappable, Equatable {
            var int = 7
            var small: Int8 = 7
            var unsigned: UInt = 7
            var double = 7.0
            var float: Float = 7
        }
        let keys = ["double", "float", "int", "small", "unsigned"]
        for flag in [true, false] {
            let text = "{" + keys.map { #""\#($0)": \#(flag)"# }.joined(separator: ", ") + "}"
            let one = flag ? 1 : 0
            let expected = Counts(
                int: one, small: Int8(one), unsigned: UInt(one), double: Double(one), float: Float(one))
            let (model, report) = try lenient.mapWithReport(Counts.self, from: json(text))
            #expect(model == expected)
            #expect(report.coercions.map(\.path).sorted() == keys)
            let tree = Dictionary(uniqueKeysWithValues: keys.map { ($0, flag as Any) })
            #expect(try lenient.map(Counts.self, fromJSONObject: tree) == expected)
        }
    }

    @Test("Lenient mode keeps the default when a conversion would lose information")
    func lenientSkipsLossy() throws {
        let (account, report) = try lenient.mapWithReport(
            Account.self, from: json(#"{"id": "12abc", "active": 2, "score": [1], "name": {"a": 1}}"#))
        #expect(account.id == -1 && !account.active && account.score == 0 && account.name == "default")
        #expect(report.skipped.map(\.path).sorted() == ["active", "id", "name", "score"])
    }

    @Test(
        "Strict mode rejects any wrong type",
        arguments: [
            #"{"id": "12", "name": "", "score": 0, "active": true, "code": ""}"#,
            #"{"id": 1, "name": 5, "score": 0, "active": true, "code": ""}"#,
            #"{"id": 1, "name": "", "score": "1", "active": true, "code": ""}"#,
            #"{"id": 1, "name": "", "score": 0, "active": 1, "code": ""}"#,
            #"{"id": true, "name": "", "score": 0, "active": true, "code": ""}"#,
        ])
    func strictRejectsWrongTypes(input: String) {
        let error = mappingError { _ = try strict.map(Account.self, from: json(input)) }
        if case .typeMismatch? = error?.kind {
        } else {
            Issue.record("expected typeMismatch, got \(String(describing: error))")
        }
    }

    @Test("Strict mode tells booleans from numbers")
    func strictBooleansAreNotNumbers() {
        let asNumber = mappingError {
            _ = try strict.map(
                Account.self, from: json(#"{"id": 1, "name": "", "score": true, "active": true, "code": ""}"#))
        }
        #expect(asNumber?.kind == .typeMismatch(expected: "Double", found: "true"))
        let asBool = mappingError {
            _ = try strict.map(Account.self, from: json(#"{"id": 1, "name": "", "score": 0, "active": 0, "code": ""}"#))
        }
        #expect(asBool?.kind == .typeMismatch(expected: "Bool", found: "the number 0"))
    }

    @Test("Strict mode throws on a missing non-optional key and accepts a missing optional")
    func strictMissingKey() throws {
        let error = mappingError {
            _ = try strict.map(Account.self, from: json(#"{"id": 1, "name": "", "score": 0, "active": true}"#))
        }
        #expect(error?.kind == .missingKey(expected: "String"))
        #expect(error?.path == "code")
        let account = try strict.map(
            Account.self, from: json(#"{"id": 1, "name": "n", "score": 0, "active": true, "code": "c"}"#))
        #expect(account.nickname == nil && account.code == "c")
    }
}

struct Flags: Mappable {
    var on = false
    var off = true
}

@Suite("Lenient Bool strings")
struct LenientBoolTests {
    @Test("Lenient mode takes 1/0, true/false and yes/no strings in any case as Bool, and reports each")
    func lenientStringsBecomeBools() throws {
        let pairs = [("1", "0"), ("true", "false"), ("yes", "no"), ("YES", "NO"), ("True", "False"), ("Yes", "nO")]
        for (on, off) in pairs {
            let input = json(#"{"on": "\#(on)", "off": "\#(off)"}"#)
            let (flags, report) = try JSONMapper().mapWithReport(Flags.self, from: input)
            #expect(flags.on == true && flags.off == false, "\(on)/\(off)")
            #expect(report.coercions.map(\.path) == ["off", "on"])
            let routes = bothRoutes(Flags.self, input, JSONMapper())
            #expect(routes.bytes == routes.dictionary)
            let strict = bothRoutes(Flags.self, input, JSONMapper(mode: .strict))
            #expect(
                strict.bytes == .failed(kind: .typeMismatch(expected: "Bool", found: #"a string "\#(on)""#), path: "on")
            )
            #expect(strict.bytes == strict.dictionary)
        }
    }

    @Test("Other strings are not Bools: lenient mode skips and reports them")
    func otherStringsAreSkipped() throws {
        for text in ["y", "on", " true", "2", "", "truee"] {
            let (flags, report) = try JSONMapper().mapWithReport(Flags.self, from: json(#"{"on": "\#(text)"}"#))
            #expect(flags.on == false)
            #expect(report.skipped.map(\.path) == ["on"], "\(text)")
        }
    }
}
