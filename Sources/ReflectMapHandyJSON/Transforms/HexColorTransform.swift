#if canImport(UIKit) || canImport(AppKit)
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

/// A color as hex text: `"#RGB"`, `"#RGBA"`, `"#RRGGBB"` or `"#RRGGBBAA"`, the `#` optional.
///
/// Only where UIKit or AppKit exists; ReflectMap's CI runs on Linux, so this transform is compiled
/// and tested on Apple platforms only.
open class HexColorTransform: TransformType {
    #if canImport(UIKit)
    /// The property's type.
    public typealias Object = UIColor
    #else
    /// The property's type.
    public typealias Object = NSColor
    #endif
    /// The hex text.
    public typealias JSON = String

    private let prefixToJSON: Bool
    private let alphaToJSON: Bool

    /// Creates the transform.
    ///
    /// - Parameters:
    ///   - prefixToJSON: Whether written text starts with `#`.
    ///   - alphaToJSON: Whether written text ends with the alpha byte.
    public init(prefixToJSON: Bool = false, alphaToJSON: Bool = false) {
        self.prefixToJSON = prefixToJSON
        self.alphaToJSON = alphaToJSON
    }

    /// The color the text spells, or `nil`.
    ///
    /// - Parameter value: The JSON value.
    /// - Returns: The color, or `nil`.
    open func transformFromJSON(_ value: Any?) -> Object? {
        guard var text = value as? String else { return nil }
        if text.hasPrefix("#") { text.removeFirst() }
        guard let bits = UInt64(text, radix: 16) else { return nil }
        func channel(_ shift: UInt64, _ width: UInt64) -> CGFloat {
            let mask: UInt64 = width == 4 ? 0xF : 0xFF
            return CGFloat((bits >> shift) & mask) / CGFloat(mask)
        }
        switch text.count {
        case 3: return Object(red: channel(8, 4), green: channel(4, 4), blue: channel(0, 4), alpha: 1)
        case 4: return Object(red: channel(12, 4), green: channel(8, 4), blue: channel(4, 4), alpha: channel(0, 4))
        case 6: return Object(red: channel(16, 8), green: channel(8, 8), blue: channel(0, 8), alpha: 1)
        case 8: return Object(red: channel(24, 8), green: channel(16, 8), blue: channel(8, 8), alpha: channel(0, 8))
        default: return nil
        }
    }

    /// The color's hex text.
    ///
    /// - Parameter value: The color.
    /// - Returns: The text, or `nil`.
    open func transformToJSON(_ value: Object?) -> String? {
        guard let value else { return nil }
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        _ = value.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        func byte(_ component: CGFloat) -> String {
            let text = String(Int((component * 255).rounded()), radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        let hex = byte(red) + byte(green) + byte(blue) + (alphaToJSON ? byte(alpha) : "")
        return prefixToJSON ? "#" + hex : hex
    }
}
#endif
