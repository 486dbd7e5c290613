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

/// What `body` writes to standard error, which goes to a temporary file meanwhile. Other tests running
/// at the same time may write there too, so callers look for their own lines.
func capturingStandardError(_ body: () -> Void) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown)
    }
    defer { try? FileManager.default.removeItem(at: url) }
    let file = try FileHandle(forWritingTo: url)
    let saved = dup(2)
    dup2(file.fileDescriptor, 2)
    body()
    dup2(saved, 2)
    close(saved)
    try file.close()
    // Read through a file handle: `Data(contentsOf:)` leaks its buffer when the file is empty.
    let reader = try FileHandle(forReadingFrom: url)
    defer { try? reader.close() }
    return String(decoding: try reader.readToEnd() ?? Data(), as: UTF8.self)
}
