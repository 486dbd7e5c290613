import Foundation
import ReflectMap

// Writing models, HandyJSON's way: `nil` rather than an error, with the reason in the log. ReflectMap's
// writer does the work, so a model is written as ReflectMap writes it (see "Moving from HandyJSON"
// for where that differs).

extension HandyJSON {
    /// The model as a dictionary, ready for `JSONSerialization`.
    ///
    /// - Returns: The dictionary, or `nil` when the model cannot be written (a reference cycle, a
    ///   value JSON cannot hold).
    public func toJSON() -> [String: Any]? {
        Writing.attempt(Self.self) { try Engine.exactMapper.dictionary(from: self) }
    }

    /// The model as a JSON string.
    ///
    /// - Parameter prettyPrint: Whether to break lines and indent.
    /// - Returns: The JSON, or `nil` when the model cannot be written.
    public func toJSONString(prettyPrint: Bool = false) -> String? {
        Writing.attempt(Self.self) {
            try (prettyPrint ? Engine.prettyWriter : Engine.exactMapper).string(from: self)
        }
    }
}

extension Collection where Element: HandyJSON {
    /// Each model as a dictionary; a model that cannot be written is `nil`.
    ///
    /// - Returns: The dictionaries.
    public func toJSON() -> [[String: Any]?] {
        map { $0.toJSON() }
    }

    /// The models as a JSON array.
    ///
    /// - Parameter prettyPrint: Whether to break lines and indent.
    /// - Returns: The JSON, or `nil` when a model cannot be written.
    public func toJSONString(prettyPrint: Bool = false) -> String? {
        let models = Array(self)
        return Writing.attempt([Element].self) {
            try (prettyPrint ? Engine.prettyWriter : Engine.exactMapper).string(from: models)
        }
    }
}

enum Writing {
    static func attempt<Result>(_ type: Any.Type, _ body: () throws -> Result) -> Result? {
        do {
            return try body()
        } catch {
            Log.error("writing \(type) failed: \(error)")
            return nil
        }
    }
}
