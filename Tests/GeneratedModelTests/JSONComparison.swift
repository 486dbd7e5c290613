import ReflectMapGen

/// Compares two JSON documents as trees: objects by key, whatever the order; numbers by value,
/// exactly (the mapper reads correctly rounded doubles and writes their shortest spelling, so
/// `1.50` and `1.5` match but no ulp may change); a `null` member the same as a missing one, because
/// an optional that is `nil` writes nothing.
enum JSONComparison {
    /// The path of the first difference, with both values, or `nil` when the documents are equal.
    static func firstDifference(_ expected: JSONTree, _ actual: JSONTree, path: String = "$") -> String? {
        switch (expected, actual) {
        case (.object(let expectedMembers), .object(let actualMembers)):
            let expectedByKey = members(expectedMembers)
            let actualByKey = members(actualMembers)
            for key in Set(expectedByKey.keys).union(actualByKey.keys).sorted() {
                let memberPath = path + "." + key
                guard let expectedValue = expectedByKey[key], let actualValue = actualByKey[key] else {
                    return "\(memberPath): present on one side only"
                }
                if let difference = firstDifference(expectedValue, actualValue, path: memberPath) { return difference }
            }
            return nil
        case (.array(let expectedElements), .array(let actualElements)):
            guard expectedElements.count == actualElements.count else {
                return "\(path): \(expectedElements.count) elements, not \(actualElements.count)"
            }
            for (index, pair) in zip(expectedElements, actualElements).enumerated() {
                if let difference = firstDifference(pair.0, pair.1, path: "\(path)[\(index)]") { return difference }
            }
            return nil
        case (.number(let expectedNumber), .number(let actualNumber)):
            return numbersMatch(expectedNumber, actualNumber)
                ? nil : "\(path): \(expectedNumber.text) became \(actualNumber.text)"
        default:
            return expected == actual ? nil : "\(path): \(expected) became \(actual)"
        }
    }

    private static func members(_ members: [JSONTree.Member]) -> [String: JSONTree] {
        var byKey: [String: JSONTree] = [:]
        for member in members where member.value != .null { byKey[member.key] = member.value }
        return byKey
    }

    private static func numbersMatch(_ expected: SampleNumber, _ actual: SampleNumber) -> Bool {
        if let expectedInteger = expected.int64Value, let actualInteger = actual.int64Value {
            return expectedInteger == actualInteger
        }
        return expected.doubleValue == actual.doubleValue
    }
}
