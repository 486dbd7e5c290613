import Foundation
import ReflectMap

/// Loads a file from the test fixtures.
func fixture(_ name: String) throws -> Data {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures") else {
        throw FixtureMissing(name: name)
    }
    return try Data(contentsOf: url)
}

struct FixtureMissing: Error {
    var name: String
}

func json(_ text: String) -> Data {
    Data(text.utf8)
}

/// Parses JSON independently of the mapper, for cross-checks.
func jsonObject(_ data: Data) throws -> Any {
    try JSONSerialization.jsonObject(with: data)
}

/// The error a throwing expression produced, as a MappingError.
func mappingError(_ body: () throws -> Void) -> MappingError? {
    do {
        try body()
        return nil
    } catch {
        return error as? MappingError
    }
}
