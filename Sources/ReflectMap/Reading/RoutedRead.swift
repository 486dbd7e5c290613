import Foundation

/// What one reading of a document found along its key paths: the value mapped at one of them, and
/// small values taken as ``JSONValue``s at others. `ReflectMapClient` reads a response this way, so
/// that an envelope's verdict and a page's cursor come from the reading that maps the body.
package struct RoutedRead<T> {
    /// The mapped value, or why it did not map, a key path that led nowhere included.
    package let value: Result<T, MappingError>
    /// Each capture's value, in the order the paths were given; `nil` where a path led nowhere.
    package let captured: [JSONValue?]
    /// The offsets of the mapped value's bytes in the input, when the walk met it.
    package let valueBytes: Range<Int>?
}

extension JSONMapper {
    /// Maps the value at `keyPath` (`nil` for the whole document) and takes the values at `paths`, in
    /// one reading of `data` when no path holds another's value, else in a walk that only skips and
    /// takes, and then the mapping. Key paths follow ``JSONKeyPath``'s rules; a repeated key's last
    /// member wins.
    ///
    /// - Throws: ``MappingError`` for malformed JSON only; a value that does not map is in
    ///   ``RoutedRead/value``.
    package func read<T: Mappable>(
        _ type: T.Type, from data: Data, at keyPath: String?, capturing paths: [String]
    ) throws -> RoutedRead<T> {
        let routes = KeyPathRoutes(value: JSONKeyPath(keyPath ?? ""), captures: paths.map(JSONKeyPath.init))
        let reporting = reportHandler != nil
        let result = try data.reading { bytes -> (RoutedRead<T>, MappingReport?) in
            let adapter = try cache.adapter(for: T.self, translator: keyTranslator, model: T.self)
            guard routes.valueOverlapsCaptures else {
                let (walk, value, report) = try read(adapter, bytes: bytes, along: routes, reporting: reporting)
                let located = (value ?? .failure(walk.notFound())).mapError { $0.locating(in: bytes) }
                return (RoutedRead(value: located, captured: walk.captured, valueBytes: walk.valueBytes), report)
            }
            // The captures come from a walk that builds nothing but them; it validates the whole input,
            // so the mapping after it can fail only to map.
            let captured = try captures(routes.capturesOnly, in: bytes, from: nil)
            do {
                let (value, report) = try read(T.self, bytes: bytes, at: keyPath, reporting: reporting, model: T.self)
                // A value at the top level is the whole input; one further in was not met by the walk.
                let valueBytes = routes.value?.steps.isEmpty == true ? 0..<bytes.count : nil
                return (RoutedRead(value: .success(value), captured: captured, valueBytes: valueBytes), report)
            } catch let error as MappingError {
                return (
                    RoutedRead(value: .failure(error.locating(in: bytes)), captured: captured, valueBytes: nil), nil
                )
            }
        }
        if let reportHandler, case .success = result.0.value {
            deliver(result.1 ?? MappingReport(), for: T.self, at: keyPath, to: reportHandler)
        }
        return result.0
    }

    /// The values at `paths` in `data`, read in one walk that builds nothing else; `nil` where a path
    /// leads nowhere.
    ///
    /// - Throws: ``MappingError`` for malformed JSON.
    package func captures(_ paths: [String], from data: Data) throws -> [JSONValue?] {
        let routes = KeyPathRoutes(value: nil, captures: paths.map(JSONKeyPath.init))
        return try data.reading { try captures(routes, in: $0, from: nil) }
    }

    /// The values at `paths` inside the last element of the array whose bytes are at `offsets` in
    /// `data` (a ``RoutedRead/valueBytes``): `nil` when there is no such array or it is empty. The
    /// array's elements are skipped, not built, to find the last.
    ///
    /// - Throws: ``MappingError`` for malformed JSON.
    package func captures(_ paths: [String], inLastElementAt offsets: Range<Int>, of data: Data) throws -> [JSONValue?]?
    {
        let routes = KeyPathRoutes(value: nil, captures: paths.map(JSONKeyPath.init))
        return try data.reading { bytes -> [JSONValue?]? in
            guard !offsets.isEmpty, offsets.upperBound <= bytes.count else { return nil }
            var scanner = JSONScanner(bytes: bytes)
            // Past a byte order mark, which the scanner has stepped over.
            scanner.index = max(scanner.index, offsets.lowerBound)
            guard try scanner.peek() == .openBracket else { return nil }
            scanner.enterContainer()
            var last: Int?
            while try scanner.nextElement(first: last == nil) {
                last = scanner.index
                try scanner.skipValue(depthBudget: maxDepth - 1, limit: maxDepth)
            }
            guard let last else { return nil }
            return try captures(routes, in: bytes, from: last)
        }
    }

    /// Walks the value at offset `start` (the whole input, checked to its end, when `nil`) along
    /// capture-only routes.
    private func captures(_ routes: KeyPathRoutes, in bytes: InputBytes, from start: Int?) throws -> [JSONValue?] {
        var scanner = JSONScanner(bytes: bytes)
        if let start { scanner.index = start }
        var walk = KeyPathRouteWalk(routes, scanner: scanner, settings: readSettings)
        try walk.walk { _, _ in }
        if start == nil {
            var rest = walk.scanner
            try rest.finish()
        }
        return walk.captured
    }
}
