import Foundation
import ReflectMap

/// One message from a ``MappedWebSocket``: the mapped model, or the raw message when it does not map.
public enum WebSocketMessage<Model> {
    /// A message mapped into the model type.
    case model(Model)
    /// A message that did not map (not JSON, the wrong shape, or a strict-mode mismatch): the raw text
    /// or binary frame, and why. The stream goes on after it.
    case unmapped(WebSocketPayload, MappingError)

    /// The model, or `nil` for an unmapped message.
    public var model: Model? {
        if case .model(let model) = self { return model }
        return nil
    }
}
