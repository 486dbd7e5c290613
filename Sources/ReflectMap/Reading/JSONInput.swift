import Foundation

/// JSON text that the mapper reads in place: `Data`, or a `String`'s UTF-8. Every entry point that
/// takes one reads it by the same route, with the same rules, errors and reports.
protocol JSONInput {
    /// Calls `body` with a view of the UTF-8 bytes, borrowed for the length of the call.
    func withInputBytes<Result>(_ body: (InputBytes) throws -> Result) rethrows -> Result
}

extension Data: JSONInput {
    func withInputBytes<Result>(_ body: (InputBytes) throws -> Result) rethrows -> Result {
        try InputBytes.reading(self, body)
    }
}

extension String: JSONInput {
    func withInputBytes<Result>(_ body: (InputBytes) throws -> Result) rethrows -> Result {
        try InputBytes.reading(self, body)
    }
}

extension JSONInput {
    /// ``withInputBytes(_:)``, with an error about the text given its line, column and excerpt there.
    func reading<Result>(_ body: (InputBytes) throws -> Result) throws -> Result {
        try withInputBytes { bytes in
            do {
                return try body(bytes)
            } catch let error as MappingError {
                throw error.locating(in: bytes)
            }
        }
    }
}
