import Foundation
import ReflectMap
import ReflectMapHandyJSON
import Testing

/// Every suite of this module nests here, one at a time: `HandyJSONConfiguration` is process-wide,
/// and the configuration suite changes it.
@Suite("ReflectMapHandyJSON", .serialized)
struct HandyJSONCompat {}

/// Parses JSON text, for comparing written JSON whatever its key order and spacing.
func tree(_ text: String?) -> JSONValue? {
    guard let text else { return nil }
    return try? JSONValue(parsing: Data(text.utf8))
}
