import Foundation
import ReflectMap
import Testing

/// The files of JSONTestSuite's `test_parsing` whose names start with `prefix`.
func suiteFiles(_ prefix: String) throws -> [(name: String, data: Data)] {
    let directory = try #require(Bundle.module.resourceURL?.appendingPathComponent("Fixtures/JSONTestSuite"))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
        .sorted()
    return try names.map { ($0, try contents(of: directory.appendingPathComponent($0))) }
}

/// A file's bytes. An empty file is answered without reading it: `Data(contentsOf:)` leaks a 4 KB
/// buffer for an empty file on this Foundation, which LeakSanitizer reports.
private func contents(of url: URL) throws -> Data {
    let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
    return size == 0 ? Data() : try Data(contentsOf: url)
}

/// A model that maps nothing: every member of an object is skipped.
struct TakesOnlyID: Mappable {
    var id = 0
}

/// What ReflectMap does with each implementation-defined (`i_`) case. `true`: accepted.
let implementationDefinedChoices: [String: Bool] = [
    // Numbers: integers beyond 64 bits are kept as text; a magnitude too large for a Double is
    // rejected (as JSONSerialization does); one too small for a Double becomes zero.
    "i_number_double_huge_neg_exp.json": true,
    "i_number_huge_exp.json": false,
    "i_number_neg_int_huge_exp.json": false,
    "i_number_pos_double_huge_exp.json": false,
    "i_number_real_neg_overflow.json": false,
    "i_number_real_pos_overflow.json": false,
    "i_number_real_underflow.json": true,
    "i_number_too_big_neg_int.json": true,
    "i_number_too_big_pos_int.json": true,
    "i_number_very_big_negative_int.json": true,
    // Unpaired surrogates in \u escapes cannot become a Swift String: rejected.
    "i_object_key_lone_2nd_surrogate.json": false,
    "i_string_1st_surrogate_but_2nd_missing.json": false,
    "i_string_1st_valid_surrogate_2nd_invalid.json": false,
    "i_string_incomplete_surrogate_and_escape_valid.json": false,
    "i_string_incomplete_surrogate_pair.json": false,
    "i_string_incomplete_surrogates_escape_valid.json": false,
    "i_string_invalid_lonely_surrogate.json": false,
    "i_string_invalid_surrogate.json": false,
    "i_string_inverted_surrogates_U+1D11E.json": false,
    "i_string_lone_second_surrogate.json": false,
    // Invalid UTF-8 (overlong forms, encoded surrogates, truncations, Latin-1): rejected.
    "i_string_UTF-8_invalid_sequence.json": false,
    "i_string_UTF8_surrogate_U+D800.json": false,
    "i_string_invalid_utf-8.json": false,
    "i_string_iso_latin_1.json": false,
    "i_string_lone_utf8_continuation_byte.json": false,
    "i_string_not_in_unicode_range.json": false,
    "i_string_overlong_sequence_2_bytes.json": false,
    "i_string_overlong_sequence_6_bytes.json": false,
    "i_string_overlong_sequence_6_bytes_null.json": false,
    "i_string_truncated-utf-8.json": false,
    // RFC 8259 §8.1: JSON exchanged between systems is UTF-8. UTF-16 is rejected; a UTF-8 byte order
    // mark is ignored.
    "i_string_UTF-16LE_with_BOM.json": false,
    "i_string_utf16BE_no_BOM.json": false,
    "i_string_utf16LE_no_BOM.json": false,
    "i_structure_UTF-8_BOM_empty_object.json": true,
    // 500 levels fit JSONValue's default limit of 512; the mapper's default limit is 256.
    "i_structure_500_nested_arrays.json": true,
]

@Suite("JSON conformance (JSONTestSuite)")
struct ConformanceTests {
    @Test("Every y_ file parses, and maps when its only object members are skipped")
    func acceptsValidJSON() throws {
        let files = try suiteFiles("y_")
        #expect(files.count == 95)
        for (name, data) in files {
            do {
                _ = try JSONValue(parsing: data)
                // The same bytes as an ignored member of an object: validated, skipped, accepted.
                _ = try JSONMapper().map(TakesOnlyID.self, from: Data(#"{"ignored": "#.utf8) + data + Data("}".utf8))
            } catch {
                Issue.record("\(name) was rejected: \(error)")
            }
        }
    }

    @Test("Every n_ file throws a malformed-JSON error with a byte offset")
    func rejectsInvalidJSON() throws {
        let files = try suiteFiles("n_")
        #expect(files.count == 188)
        for (name, data) in files {
            let error = mappingError { _ = try JSONValue(parsing: data) }
            switch error?.kind {
            case .malformedJSON(let message)?:
                #expect(message.contains("at byte \(error?.byteOffset ?? -1)."), "\(name): \(message)")
            case .nestingTooDeep?:
                #expect(error?.byteOffset != nil, "\(name)")
            default:
                Issue.record("\(name) was not rejected as malformed: \(String(describing: error))")
            }
            #expect(error?.byteOffset.map { $0 >= 0 && $0 <= data.count } == true, "\(name)")
        }
    }

    @Test("Invalid JSON under a key that no property maps is still rejected")
    func rejectsInvalidSkippedValues() throws {
        for (name, data) in try suiteFiles("n_") {
            let embedded = Data(#"{"ignored": "#.utf8) + data + Data(#", "id": 1}"#.utf8)
            let error = mappingError { _ = try JSONMapper().map(TakesOnlyID.self, from: embedded) }
            #expect(error != nil, "\(name) was accepted when skipped")
        }
    }

    @Test("Each implementation-defined i_ file gets its documented choice, and none crashes")
    func implementationDefinedCases() throws {
        let files = try suiteFiles("i_")
        #expect(files.count == 35)
        #expect(Set(files.map(\.name)) == Set(implementationDefinedChoices.keys))
        for (name, data) in files {
            let accepted = (try? JSONValue(parsing: data)) != nil
            #expect(accepted == implementationDefinedChoices[name], "\(name)")
        }
    }

    @Test("Where JSONSerialization accepts a y_ file, JSONValue reads the same value")
    func agreesWithJSONSerialization() throws {
        for (name, data) in try suiteFiles("y_") {
            guard let reference = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
                let expected = JSONValue(jsonObject: reference)
            else { continue }
            if name == "y_number_double_close_to_zero.json" {
                // JSONSerialization goes through NSDecimalNumber here and lands a few ulps away.
                #expect(try JSONValue(parsing: data) == .array([.number(.double(-1e-78))]))
                continue
            }
            #expect(try JSONValue(parsing: data) == expected, "\(name)")
        }
    }
}
