import Foundation
import ReflectMap
import Testing

/// Sixty-five fields, one past the 64 that the key table's and the fill loop's bit masks describe, with
/// keys of 2 to 24 bytes (each side of the eight- and sixteen-byte words the table compares), a key
/// with a quote, one with a backslash (the 65th), two keys of one length that differ only past their
/// first eight bytes, and a key of two whole words declared twice.
struct WideModel: Mappable {
    @JSONKey("00") var f0 = 0
    @JSONKey("01a") var f1 = 0
    @JSONKey("02ab") var f2 = 0
    @JSONKey("03abc") var f3 = 0
    @JSONKey("04abcd") var f4 = 0
    @JSONKey("05abcde") var f5 = 0
    @JSONKey("06abcdef") var f6 = 0
    @JSONKey("07abcdefg") var f7 = 0
    @JSONKey("08abcdefgh") var f8 = 0
    @JSONKey("09abcdefghi") var f9 = 0
    @JSONKey("10abcdefghij") var f10 = 0
    @JSONKey("11abcdefghijk") var f11 = 0
    @JSONKey("12abcdefghijkl") var f12 = 0
    @JSONKey("13abcdefghijklm") var f13 = 0
    @JSONKey("14abcdefghijklmn") var f14 = 0
    @JSONKey("15abcdefghijklmno") var f15 = 0
    @JSONKey("16abcdefghijklmnop") var f16 = 0
    @JSONKey("17abcdefghijklmnopq") var f17 = 0
    @JSONKey("18abcdefghijklmnopqr") var f18 = 0
    @JSONKey("19abcdefghijklmnopqrs") var f19 = 0
    @JSONKey("20abcdefghijklmnopqrst") var f20 = 0
    @JSONKey("21abcdefghijklmnopqrstu") var f21 = 0
    @JSONKey("22abcdefghijklmnopqrstuv") var f22 = 0
    @JSONKey("23") var f23 = 0
    @JSONKey("24a") var f24 = 0
    @JSONKey("25ab") var f25 = 0
    @JSONKey("26abc") var f26 = 0
    @JSONKey("27abcd") var f27 = 0
    @JSONKey("28abcde") var f28 = 0
    @JSONKey("29abcdef") var f29 = 0
    @JSONKey("30abcdefg") var f30 = 0
    @JSONKey("31abcdefgh") var f31 = 0
    @JSONKey("32abcdefghi") var f32 = 0
    @JSONKey("33abcdefghij") var f33 = 0
    @JSONKey("34abcdefghijk") var f34 = 0
    @JSONKey("35abcdefghijkl") var f35 = 0
    @JSONKey("36abcdefghijklm") var f36 = 0
    @JSONKey("37abcdefghijklmn") var f37 = 0
    @JSONKey("38abcdefghijklmno") var f38 = 0
    @JSONKey("39abcdefghijklmnop") var f39 = 0
    @JSONKey("40abcdefghijklmnopq") var f40 = 0
    @JSONKey("41abcdefghijklmnopqr") var f41 = 0
    @JSONKey("42abcdefghijklmnopqrs") var f42 = 0
    @JSONKey("43abcdefghijklmnopqrst") var f43 = 0
    @JSONKey("44abcdefghijklmnopqrstu") var f44 = 0
    @JSONKey("45abcdefghijklmnopqrstuv") var f45 = 0
    @JSONKey("46") var f46 = 0
    @JSONKey("47a") var f47 = 0
    @JSONKey("48ab") var f48 = 0
    @JSONKey("49abc") var f49 = 0
    @JSONKey("50abcd") var f50 = 0
    @JSONKey("51abcde") var f51 = 0
    @JSONKey("52abcdef") var f52 = 0
    @JSONKey("53abcdefg") var f53 = 0
    @JSONKey("54abcdefgh") var f54 = 0
    @JSONKey("55abcdefghi") var f55 = 0
    @JSONKey("56abcdefghij") var f56 = 0
    @JSONKey("57abcdefghijk") var f57 = 0
    @JSONKey("58abcdefghijkl") var f58 = 0
    @JSONKey("59abcdefghijklm") var f59 = 0
    @JSONKey("14abcdefghijklmn") var f60 = 0
    @JSONKey("10abcdefghiY") var f61 = 0
    @JSONKey("62abcdefghijklmnop") var f62 = 0
    @JSONKey("63\"q") var f63 = 0
    @JSONKey("64\\b") var f64 = 0

    var values: [Int] {
        [
            f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19, f20, f21, f22,
            f23, f24, f25, f26, f27, f28, f29, f30, f31, f32, f33, f34, f35, f36, f37, f38, f39, f40, f41, f42, f43,
            f44, f45, f46, f47, f48, f49, f50, f51, f52, f53, f54, f55, f56, f57, f58, f59, f60, f61, f62, f63, f64,
        ]
    }

    /// Each field's key.
    static let keys: [String] = [
        "00", "01a", "02ab", "03abc", "04abcd", "05abcde", "06abcdef", "07abcdefg", "08abcdefgh", "09abcdefghi",
        "10abcdefghij", "11abcdefghijk", "12abcdefghijkl", "13abcdefghijklm", "14abcdefghijklmn", "15abcdefghijklmno",
        "16abcdefghijklmnop", "17abcdefghijklmnopq", "18abcdefghijklmnopqr", "19abcdefghijklmnopqrs",
        "20abcdefghijklmnopqrst", "21abcdefghijklmnopqrstu", "22abcdefghijklmnopqrstuv", "23", "24a", "25ab", "26abc",
        "27abcd", "28abcde", "29abcdef", "30abcdefg", "31abcdefgh", "32abcdefghi", "33abcdefghij", "34abcdefghijk",
        "35abcdefghijkl", "36abcdefghijklm", "37abcdefghijklmn", "38abcdefghijklmno", "39abcdefghijklmnop",
        "40abcdefghijklmnopq", "41abcdefghijklmnopqr", "42abcdefghijklmnopqrs", "43abcdefghijklmnopqrst",
        "44abcdefghijklmnopqrstu", "45abcdefghijklmnopqrstuv", "46", "47a", "48ab", "49abc", "50abcd", "51abcde",
        "52abcdef", "53abcdefg", "54abcdefgh", "55abcdefghi", "56abcdefghij", "57abcdefghijk", "58abcdefghijkl",
        "59abcdefghijklm", "14abcdefghijklmn", "10abcdefghiY", "62abcdefghijklmnop", "63\"q", "64\\b",
    ]
}

extension KeyTests {
    /// A JSON object of these members, each key escaped as JSON spells it, compact or with spaces
    /// around every token.
    static func object(_ members: [(key: String, value: Int)], spaced: Bool) -> Data {
        let gap = spaced ? " " : ""
        let body = members.map { member in
            let key = member.key.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"")
            return "\(gap)\"\(key)\"\(gap):\(gap)\(member.value)\(gap)"
        }
        return Data("{\(body.joined(separator: ","))}".utf8)
    }

    @Test("Sixty-five fields each take their own key, in any order, from bytes and from a dictionary")
    func wideModelTakesEveryKey() throws {
        let mapper = JSONMapper()
        let keys = WideModel.keys
        // A key declared twice fills the field declared first.
        let firsts = keys.indices.filter { keys.firstIndex(of: keys[$0]) == $0 }
        #expect(firsts.count == 64)
        let expected = keys.indices.map { firsts.contains($0) ? $0 + 1 : 0 }
        let orders = [firsts, firsts.reversed(), Array(firsts[31...] + firsts[..<31])]
        for order in orders {
            let members = order.map { (key: keys[$0], value: $0 + 1) }
            for spaced in [false, true] {
                let (model, report) = try mapper.mapWithReport(
                    WideModel.self, from: Self.object(members, spaced: spaced))
                #expect(model.values == expected, "spaced: \(spaced), from field \(order[0])")
                // Only the field whose key an earlier field took is left unfilled (reports name its key).
                #expect(report.unfilledProperties == [WideModel.keys[60]], "spaced: \(spaced), from field \(order[0])")
            }
            let tree = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value as Any) })
            let (model, report) = try mapper.mapWithReport(WideModel.self, fromJSONObject: tree)
            #expect(model.values == expected)
            #expect(report.unfilledProperties == [WideModel.keys[60]])
        }
        // The 65th field's key left out: it is the one reported, beside the repeat.
        let members = firsts.dropLast().map { (key: keys[$0], value: $0 + 1) }
        let report = try mapper.mapWithReport(WideModel.self, from: Self.object(members, spaced: false)).report
        #expect(report.unfilledProperties.sorted() == [WideModel.keys[60], WideModel.keys[64]])
    }

    @Test("Sixty-five fields are written under their keys, a quote and a backslash escaped, and read back")
    func wideModelRoundTrips() throws {
        let mapper = JSONMapper()
        let keys = WideModel.keys
        let firsts = keys.indices.filter { keys.firstIndex(of: keys[$0]) == $0 }
        let members = firsts.map { (key: keys[$0], value: $0 + 1) }
        let model = try mapper.map(WideModel.self, from: Self.object(members, spaced: false))
        for formatting: JSONMapper.OutputFormatting in [[], [.sortedKeys], [.prettyPrinted]] {
            var writer = JSONMapper()
            writer.outputFormatting = formatting
            let written = try writer.data(from: model)
            let tree = try JSONSerialization.jsonObject(with: written) as? [String: Int]
            #expect(tree?[#"63"q"#] == 64 && tree?[#"64\b"#] == 65, "\(formatting)")
            // The key two fields share is written for each, and the later one, the unfilled field's 0, wins.
            var expected = model.values
            expected[14] = 0
            #expect(try mapper.map(WideModel.self, from: written).values == expected, "\(formatting)")
        }
    }

    @Test(
        "A key holding any ASCII byte, or a character beyond ASCII, is written escaped as JSON requires and read back")
    func everyKeyByteIsWrittenAsJSON() throws {
        struct One: Mappable {
            var value = 0
        }
        let characters = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["é", "€", "😀", "\u{80}"]
        for character in characters {
            let key = "k" + character + "k"
            for formatting: JSONMapper.OutputFormatting in [[], [.withoutEscapingSlashes]] {
                var mapper = JSONMapper(keyTranslator: .custom { _ in key })
                mapper.outputFormatting = formatting
                let written = try mapper.data(from: One(value: 7))
                let tree = try JSONSerialization.jsonObject(with: written) as? [String: Int]
                #expect(tree == [key: 7], "\(character.unicodeScalars.map(\.value)) \(formatting)")
                #expect(try mapper.map(One.self, from: written).value == 7, "\(character.unicodeScalars.map(\.value))")
            }
        }
    }

    @Test("A key one byte off any of sixty-five fields' keys, in its last byte or its length, fills none")
    func wideModelRefusesNearMisses() throws {
        let mapper = JSONMapper()
        for key in Set(WideModel.keys) {
            let misses = [String(key.dropLast()) + (key.last == "Z" ? "Y" : "Z"), key + "Z", String(key.dropLast())]
            for miss in misses {
                for spaced in [false, true] {
                    let model = try mapper.map(WideModel.self, from: Self.object([(miss, 7)], spaced: spaced))
                    #expect(model.values.allSatisfy { $0 == 0 }, "\(miss)")
                }
                let tree = try mapper.map(WideModel.self, fromJSONObject: [miss: 7])
                #expect(tree.values.allSatisfy { $0 == 0 }, "\(miss)")
            }
        }
    }
}
