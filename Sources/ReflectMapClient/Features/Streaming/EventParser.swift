import Foundation

/// Turns lines of a `text/event-stream` into events whose data is still text.
///
/// An event is complete at the blank line that ends it. When the stream ends, an event without that
/// blank line is discarded, as the event stream standard says, so there is nothing to do at the end.
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
