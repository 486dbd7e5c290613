import Foundation

/// One server-sent event (the `text/event-stream` format of the HTML standard), its data mapped into a
/// model.
public struct ServerSentEvent<Value> {
    /// The `event:` field, or `nil` for the default `message` type.
    public var event: String?
    /// The last `id:` the stream sent, up to and including this event.
    public var id: String?
    /// The `data:` lines, joined with newlines and mapped as JSON.
    public var data: Value

    /// Creates an event.
    /// - Parameters:
    ///   - event: The event type.
    ///   - id: The last event ID.
    ///   - data: The mapped data.
    public init(event: String?, id: String?, data: Value) {
        self.event = event
        self.id = id
        self.data = data
    }
}

extension ServerSentEvent: Sendable where Value: Sendable {}
