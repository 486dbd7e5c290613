import Foundation

/// Options for reading JSON into models.
public struct DeserializeOptions: OptionSet, Sendable {
    /// The options' bits.
    public let rawValue: Int

    /// Keys match property names and mapped keys whatever their case: `userName`, `USERNAME` and
    /// `username` are one key.
    public static let caseInsensitive = DeserializeOptions(rawValue: 1 << 0)
    /// No options: keys match exactly.
    public static let defaultOptions: DeserializeOptions = []

    /// Creates options from their bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }
}

/// How much the module logs to standard error when a mapping fails.
public enum DebugMode: Int, Sendable {
    /// Everything, including the `debug` messages.
    case verbose = 0
    /// Failures and the messages that explain them.
    case debug = 1
    /// Failures only: why a `deserialize` or `toJSON` call returned `nil`. The default.
    case error = 2
    /// Nothing.
    case none = 3
}

/// Settings shared by every model: HandyJSON's global configuration.
///
/// Both settings may be read and changed from any thread. A change applies to mappings that begin
/// after it.
public struct HandyJSONConfiguration {
    private static let state = SettingsBox()

    /// How much is logged to standard error when a mapping fails; ``DebugMode/error`` by default.
    public static var debugMode: DebugMode {
        get { state.read { $0.debugMode } }
        set { state.write { $0.debugMode = newValue } }
    }

    /// Options for reading JSON; none by default.
    public static var deserializeOptions: DeserializeOptions {
        get { state.read { $0.deserializeOptions } }
        set { state.write { $0.deserializeOptions = newValue } }
    }
}

/// The configuration's values behind a lock.
private final class SettingsBox: @unchecked Sendable {
    struct Settings {
        var debugMode = DebugMode.error
        var deserializeOptions = DeserializeOptions.defaultOptions
    }

    private let lock = NSLock()
    // Read and written only while `lock` is held.
    private var settings = Settings()

    func read<Result>(_ body: (Settings) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(settings)
    }

    func write(_ body: (inout Settings) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&settings)
    }
}

/// Writes a failure to standard error when the debug mode lets it through.
enum Log {
    static func error(_ message: @autoclosure () -> String) {
        write(message(), level: .error)
    }

    static func debug(_ message: @autoclosure () -> String) {
        write(message(), level: .debug)
    }

    private static func write(_ message: String, level: DebugMode) {
        guard HandyJSONConfiguration.debugMode.rawValue <= level.rawValue else { return }
        FileHandle.standardError.write(Data("ReflectMapHandyJSON: \(message)\n".utf8))
    }
}
