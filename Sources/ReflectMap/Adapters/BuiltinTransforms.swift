import Foundation

// The adapters users reach for most, ready for `@JSONTransform` or a mapper's registry.

/// A `Date` as a number of seconds since 1 January 1970 UTC, for one property whatever the mapper's
/// ``DateStrategy``: `@JSONTransform(SecondsSince1970()) var createdAt = Date()`.
///
/// Reads an integer or a fraction, or a string holding one; writes an integer when the date has no
/// fraction of a second.
public struct SecondsSince1970: JSONAdapter {
    /// Creates the adapter.
    public init() {}

    /// - Parameter json: A number of seconds, or a numeric string.
    /// - Returns: The date.
    /// - Throws: ``MappingError`` when the value is not a number.
    public func read(_ json: JSONValue) throws -> Date {
        try EpochCount.seconds.read(json)
    }

    /// - Parameter value: The date.
    /// - Returns: Its seconds since 1970.
    /// - Throws: Never.
    public func write(_ value: Date) throws -> JSONValue {
        EpochCount.seconds.write(value)
    }
}

/// A `Date` as a number of milliseconds since 1 January 1970 UTC, as JavaScript's `Date.now()`
/// gives it: `@JSONTransform(MillisecondsSince1970()) var updatedAt = Date()`.
public struct MillisecondsSince1970: JSONAdapter {
    /// Creates the adapter.
    public init() {}

    /// - Parameter json: A number of milliseconds, or a numeric string.
    /// - Returns: The date.
    /// - Throws: ``MappingError`` when the value is not a number.
    public func read(_ json: JSONValue) throws -> Date {
        try EpochCount.milliseconds.read(json)
    }

    /// - Parameter value: The date.
    /// - Returns: Its whole milliseconds since 1970.
    /// - Throws: Never.
    public func write(_ value: Date) throws -> JSONValue {
        EpochCount.milliseconds.write(value)
    }
}

/// A date as a count of units since 1970, read and written through `DateConversion`: what
/// ``SecondsSince1970`` and ``MillisecondsSince1970`` each are, with their own unit.
private struct EpochCount {
    static let seconds = EpochCount(unitsPerSecond: 1, unit: "seconds")
    static let milliseconds = EpochCount(unitsPerSecond: 1000, unit: "milliseconds")

    let unitsPerSecond: Double
    let unit: String

    func read(_ json: JSONValue) throws -> Date {
        DateConversion.date(
            since1970: try TransformNumbers.double(json, expected: "\(unit) since 1970"), unitsPerSecond: unitsPerSecond
        )
    }

    func write(_ date: Date) -> JSONValue {
        .number(DateConversion.count(since1970: date, unitsPerSecond: unitsPerSecond))
    }
}

/// A `Date` in one property's own format, such as `"yyyy-MM-dd"`:
/// `@JSONTransform(DateFormat("yyyy-MM-dd")) var birthday = Date()`.
///
/// The format uses `DateFormatter`'s patterns, read with the POSIX locale so that a user's settings
/// cannot change it, in UTC unless you give a time zone.
public struct DateFormat: JSONAdapter {
    /// The format pattern.
    public let format: String
    /// The time zone of dates without one in the text.
    public let timeZone: TimeZone
    /// The formatter, shared by every `DateFormat` with the same pattern and time zone: the wrapper
    /// is made again with every model instance, and a `DateFormatter` is costly to make.
    private var formatter: DateFormatter { DateConversion.formatter(format: format, timeZone: timeZone) }

    /// Creates the adapter.
    ///
    /// - Parameters:
    ///   - format: A `DateFormatter` pattern, such as `"yyyy-MM-dd HH:mm"`.
    ///   - timeZone: The time zone of dates without one in the text; UTC by default.
    public init(_ format: String, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
        self.format = format
        self.timeZone = timeZone
    }

    /// - Parameter json: A string in the format.
    /// - Returns: The date.
    /// - Throws: ``MappingError`` when the value is not a string in the format.
    public func read(_ json: JSONValue) throws -> Date {
        guard case .string(let text) = json else {
            throw MappingError(
                .typeMismatch(expected: "a date string (\(format))", found: TransformNumbers.summary(json)))
        }
        guard let date = DateConversion.date(from: text, formatter: formatter) else {
            throw MappingError(
                .invalidValue(value: JSONScalar.string(text).summary, type: "date in the format \(format)"))
        }
        return date
    }

    /// - Parameter value: The date.
    /// - Returns: The date in the format.
    /// - Throws: Never.
    public func write(_ value: Date) throws -> JSONValue {
        .string(DateConversion.string(from: value, formatter: formatter))
    }
}

/// A number carried in a JSON string, both ways: GSON's `LongSerializationPolicy.STRING`, for ids
/// that JavaScript would round. `@JSONTransform(NumberAsString<Int64>()) var id: Int64 = 0` reads
/// `"9007199254740993"` (and a plain number too) and writes `"9007199254740993"`.
public struct NumberAsString<Number: LosslessStringConvertible & Sendable>: JSONAdapter {
    /// Creates the adapter.
    public init() {}

    /// - Parameter json: A string holding the number, or the number itself.
    /// - Returns: The number.
    /// - Throws: ``MappingError`` when the text is not a `Number`, or does not fit it.
    public func read(_ json: JSONValue) throws -> Number {
        let text: String
        switch json {
        case .string(let string): text = string
        case .number(let number): text = number.description
        default:
            throw MappingError(.typeMismatch(expected: "a number in a string", found: TransformNumbers.summary(json)))
        }
        guard let number = Number(text) else {
            throw MappingError(
                .invalidValue(value: JSONScalar.string(text).summary, type: String(describing: Number.self)))
        }
        return number
    }

    /// - Parameter value: The number.
    /// - Returns: Its text, as a JSON string.
    /// - Throws: Never.
    public func write(_ value: Number) throws -> JSONValue {
        .string(value.description)
    }
}

/// An array that keeps the elements it can use and drops the others, in strict mode too; each dropped
/// element gets an entry in ``MappingReport/skipped``:
/// `@JSONTransform(LossyArray<Product>()) var products: [Product] = []`.
///
/// A value that is not an array at all is refused like any unusable value.
public struct LossyArray<Element>: JSONAdapter, BuilderBackedAdapter {
    /// Creates the adapter.
    public init() {}

    /// Maps each element with a default mapper, dropping those that do not map. Inside a model the
    /// mapper's own configuration is used instead, and dropped elements are reported.
    ///
    /// - Parameter json: A JSON array.
    /// - Returns: The usable elements.
    /// - Throws: ``MappingError`` when the value is not an array, or `Element` cannot be mapped at all.
    public func read(_ json: JSONValue) throws -> [Element] {
        guard case .array(let elements) = json else {
            throw MappingError(.typeMismatch(expected: "an array", found: TransformNumbers.summary(json)))
        }
        let mapper = JSONMapper()
        return elements.compactMap { try? mapper.value(Element.self, from: $0) }
    }

    /// Writes every element.
    ///
    /// - Parameter value: The elements.
    /// - Returns: A JSON array.
    /// - Throws: ``MappingError`` when an element cannot be written.
    public func write(_ value: [Element]) throws -> JSONValue {
        try JSONMapper().jsonValue(from: value)
    }

    func makeAdapter(_ builder: PlanBuilder, property: PropertyName) throws -> AnyObject {
        ArrayAdapter<Element>(element: try builder.adapter(for: Element.self, property: property), isLossy: true)
    }
}

/// Numbers for the date adapters.
enum TransformNumbers {
    static func double(_ json: JSONValue, expected: String) throws -> Double {
        switch json {
        case .number(let number): return number.doubleValue
        case .string(let text):
            if let value = DateConversion.number(in: text) { return value }
            throw MappingError(.invalidValue(value: JSONScalar.string(text).summary, type: expected))
        default:
            throw MappingError(.typeMismatch(expected: expected, found: summary(json)))
        }
    }

    static func summary(_ json: JSONValue) -> String {
        JSONScalar(json.jsonObject).summary
    }
}
