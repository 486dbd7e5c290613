import Foundation
import ReflectMap

/// Bytes as base64 text.
open class DataTransform: TransformType {
    /// The property's type.
    public typealias Object = Data
    /// Base64 text.
    public typealias JSON = String

    /// Creates the transform.
    public init() {}

    /// The bytes the base64 text holds, or `nil`.
    ///
    /// - Parameter value: The JSON value.
    /// - Returns: The bytes, or `nil`.
    open func transformFromJSON(_ value: Any?) -> Data? {
        guard let text = value as? String else { return nil }
        return Data(base64Encoded: text)
    }

    /// The bytes as base64 text.
    ///
    /// - Parameter value: The bytes.
    /// - Returns: The text, or `nil`.
    open func transformToJSON(_ value: Data?) -> String? {
        value?.base64EncodedString()
    }
}

/// A raw-value enum by its raw value.
open class EnumTransform<T: RawRepresentable>: TransformType {
    /// The property's type.
    public typealias Object = T
    /// The raw value.
    public typealias JSON = T.RawValue

    /// Creates the transform.
    public init() {}

    /// The case with that raw value, or `nil`.
    ///
    /// - Parameter value: The JSON value.
    /// - Returns: The case, or `nil`.
    open func transformFromJSON(_ value: Any?) -> T? {
        guard let value, let raw = FoundationValue.convert(value, to: T.RawValue.self) else { return nil }
        return T(rawValue: raw)
    }

    /// The case's raw value.
    ///
    /// - Parameter value: The case.
    /// - Returns: The raw value, or `nil`.
    open func transformToJSON(_ value: T?) -> T.RawValue? {
        value?.rawValue
    }
}

/// A URL as text. By default characters a URL cannot hold (spaces, non-ASCII letters) are
/// percent-encoded first, by the same rule as ReflectMap's `URL` properties, so
/// `"https://example.com/a b"` becomes `https://example.com/a%20b` on every OS rather than `nil`.
open class URLTransform: TransformType {
    /// The property's type.
    public typealias Object = URL
    /// The URL's text.
    public typealias JSON = String

    private let shouldEncodeURLString: Bool

    /// Creates the transform.
    ///
    /// - Parameter shouldEncodeURLString: Whether to percent-encode the characters a URL cannot hold
    ///   before reading the text.
    public init(shouldEncodeURLString: Bool = true) {
        self.shouldEncodeURLString = shouldEncodeURLString
    }

    /// The URL the text spells, or `nil`.
    ///
    /// - Parameter value: The JSON value.
    /// - Returns: The URL, or `nil`.
    open func transformFromJSON(_ value: Any?) -> URL? {
        guard let text = value as? String else { return nil }
        guard shouldEncodeURLString else { return URL(string: text) }
        return URLText.url(text)
    }

    /// The URL's absolute text.
    ///
    /// - Parameter value: The URL.
    /// - Returns: The text, or `nil`.
    open func transformToJSON(_ value: URL?) -> String? {
        value?.absoluteString
    }
}

/// A decimal number kept exactly, from a string (`"19.99"`) or a number; written as a string.
open class NSDecimalNumberTransform: TransformType {
    /// The property's type.
    public typealias Object = NSDecimalNumber
    /// The number's text.
    public typealias JSON = String

    /// Creates the transform.
    public init() {}

    /// The decimal number, or `nil` when the value holds none.
    ///
    /// - Parameter value: The JSON value.
    /// - Returns: The number, or `nil`.
    open func transformFromJSON(_ value: Any?) -> NSDecimalNumber? {
        let text: String?
        if let string = value as? String {
            text = string
        } else if let value {
            text = HelpingMapper.text(of: value)
        } else {
            text = nil
        }
        guard let text else { return nil }
        let number = NSDecimalNumber(string: text, locale: Locale(identifier: "en_US_POSIX"))
        return number == NSDecimalNumber.notANumber ? nil : number
    }

    /// The number's text.
    ///
    /// - Parameter value: The number.
    /// - Returns: The text, or `nil`.
    open func transformToJSON(_ value: NSDecimalNumber?) -> String? {
        value?.description
    }
}
