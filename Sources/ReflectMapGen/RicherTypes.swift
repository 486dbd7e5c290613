import Foundation
import ReflectMap

/// Picks `Date`, `URL` or `UUID` for strings, but only where nothing is lost: the mapper, configured
/// as the generated header says (`.iso8601` dates, the default), must read every sample value as
/// that type and write it back as the same string. Otherwise the property stays `String`.
///
/// - `Date` when every value is an ISO 8601 date that `.iso8601` writes back byte for byte:
///   `2013-01-01T12:00:00Z` qualifies; `2011-03-03T16:49:24.00Z` (it would come back without the
///   `.00`) and `2013-01-01T12:00:00+01:00` (it would come back in UTC) do not.
/// - `URL` when every value is an absolute URL with a host (`https://…`, not `github.com` or
///   `jenkins:ant:1.0`) that `URL(string:)` reads and `absoluteString` gives back unchanged.
/// - `UUID` when every value is a UUID that comes back unchanged: the mapper writes `uuidString`,
///   in capitals, so lower-case UUIDs stay `String`.
///
/// The verdict comes from the mapper itself, not from a copy of its rules: the values are mapped
/// into a probe model and written back.
enum RicherTypes {
    /// The richer type for the strings at one place, or `nil` to keep `String`.
    static func type(for samples: StringSamples) -> SwiftType? {
        if let dates = samples.dates, !dates.isEmpty, roundTrips(dates, as: Date.self) { return .date }
        if let uuids = samples.uuids, !uuids.isEmpty, roundTrips(uuids, as: UUID.self) { return .uuid }
        if let urls = samples.urls, !urls.isEmpty, roundTrips(urls, as: URL.self) { return .url }
        return nil
    }

    /// Whether the mapper reads every value as `Value` (strictly) and writes each back unchanged.
    static func roundTrips<Value>(_ values: Set<String>, as type: Value.Type) -> Bool {
        let texts = values.sorted()
        let mapper = JSONMapper(mode: .strict)
        guard let probe = try? mapper.map(Probe<Value>.self, fromJSONObject: ["values": texts]),
            let written = try? mapper.dictionary(from: probe)["values"] as? [String]
        else { return false }
        return written == texts
    }
}

/// A model with one array of the type under test, for ``RicherTypes/roundTrips(_:as:)``.
private struct Probe<Value>: Mappable {
    var values: [Value] = []
}
