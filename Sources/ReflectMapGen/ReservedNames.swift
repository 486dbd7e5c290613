/// Names a generated declaration must not take.
enum ReservedNames {
    /// Swift keywords that cannot name a property without backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
        "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "as", "await", "false", "is", "nil", "self", "super",
        "throws", "true", "try", "Any", "Self", "Type", "Protocol", "_", "borrowing", "consuming", "some", "any",
    ]

    /// Types a generated class would shadow: the standard library's, Foundation's and ReflectMap's.
    static let typeNames: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "Collection", "Comparable", "Data",
        "Date", "Decimal", "Decodable", "Dictionary", "Double", "Encodable", "Equatable", "Error", "Float",
        "Hashable", "Identifiable", "Int", "Int8", "Int16", "Int32", "Int64", "Never", "Optional",
        "Protocol", "Range", "Result", "Self", "Sendable", "Sequence", "Set", "String", "Substring", "Task",
        "Type", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "URL", "UUID", "Void", "Mappable",
        "JSONMapper", "JSONKey", "JSONIgnored", "JSONValue", "KeyTranslator", "MappingError", "MappingMode",
        "MappingReport", "DateStrategy", "NSNumber", "NSNull", "NSObject",
    ]

    /// Words written in capitals inside a name, as the Swift API guidelines ask: `avatarURL`, `userID`.
    static let acronyms: Set<String> = [
        "api", "html", "http", "https", "id", "ip", "json", "uri", "url", "uuid", "xml",
    ]

    /// Plurals that do not follow the rules, and words that are their own plural.
    static let irregularSingulars: [String: String] = [
        "aliases": "alias", "analyses": "analysis", "children": "child", "criteria": "criterion",
        "indices": "index", "matrices": "matrix", "men": "man", "news": "news", "people": "person",
        "series": "series", "species": "species", "statuses": "status", "vertices": "vertex", "women": "woman",
        "buses": "bus", "bonuses": "bonus", "campuses": "campus", "censuses": "census", "viruses": "virus",
        "geniuses": "genius", "quizzes": "quiz", "leaves": "leaf", "wolves": "wolf", "lives": "life",
        "knives": "knife", "halves": "half", "shelves": "shelf", "mice": "mouse", "geese": "goose",
        "feet": "foot", "teeth": "tooth",
    ]

    /// Plurals in `-ies` whose singular ends in `-ie`, not `-y`: `movies` → `movie`.
    static let pluralsOfIe: Set<String> = [
        "aunties", "brownies", "calories", "cookies", "cuties", "freebies", "genies", "goalies", "hippies",
        "lingeries", "movies", "prairies", "rookies", "selfies", "smoothies", "sorties", "zombies",
    ]
}
