import Foundation

/// Turns lines of a `text/event-stream` into events whose data is still text.
struct EventParser: Sendable {
    struct Message: Sendable {
        var event: String?
        var id: String?
        var data: String
    }

    private var lines = LineSplitter()
    private var event: String?
    private var lastID: String?
    private var data: [String] = []
    private var sawLine = false

    /// The events completed by `chunk`.
    mutating func append(_ chunk: Data) -> [Message] {
        lines.append(chunk).compactMap { line(String(decoding: $0, as: UTF8.self)) }
    }

    /// Events still open when the stream ends are dropped, as the standard says.
    mutating func finish() -> [Message] {
        if let last = lines.finish() { _ = line(String(decoding: last, as: UTF8.self)) }
        return []
    }

    private mutating func line(_ raw: String) -> Message? {
        var text = Substring(raw)
        if !sawLine {
            sawLine = true
            if text.first == "\u{FEFF}" { text = text.dropFirst() }
        }
        if text.isEmpty {
            defer {
                data = []
                event = nil
            }
            guard !data.isEmpty else { return nil }
            return Message(event: event, id: lastID, data: data.joined(separator: "\n"))
        }
        if text.first == ":" { return nil }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = text
            value = ""
        }
        switch field {
        case "data": data.append(String(value))
        case "event": event = value.isEmpty ? nil : String(value)
        case "id" where !value.contains("\u{0}"): lastID = String(value)
        default: break
        }
        return nil
    }
}
