import Foundation

/// The hex text of colour channels, shared by ``HexColorTransform`` on every platform so that its rules
/// are tested everywhere: `"#RGB"`, `"#RGBA"`, `"#RRGGBB"` or `"#RRGGBBAA"`, the `#` optional.
enum HexColorText {
    /// The channels, each in 0…1, that the text spells, or `nil`.
    static func channels(_ text: String) -> (red: Double, green: Double, blue: Double, alpha: Double)? {
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits.removeFirst() }
        guard digits.allSatisfy(\.isHexDigit), let bits = UInt64(digits, radix: 16) else { return nil }
        func channel(_ shift: UInt64, _ width: UInt64) -> Double {
            let mask: UInt64 = width == 4 ? 0xF : 0xFF
            return Double((bits >> shift) & mask) / Double(mask)
        }
        switch digits.count {
        case 3: return (channel(8, 4), channel(4, 4), channel(0, 4), 1)
        case 4: return (channel(12, 4), channel(8, 4), channel(4, 4), channel(0, 4))
        case 6: return (channel(16, 8), channel(8, 8), channel(0, 8), 1)
        case 8: return (channel(24, 8), channel(16, 8), channel(8, 8), channel(0, 8))
        default: return nil
        }
    }

    /// `RRGGBB`, or `RRGGBBAA` with `alpha`, each channel clamped to 0…1 first: an extended-range or
    /// Display-P3 component converted to sRGB can lie outside it, and a NaN counts as 0.
    static func text(red: Double, green: Double, blue: Double, alpha: Double?, prefix: Bool) -> String {
        func byte(_ component: Double) -> String {
            let clamped = component.isNaN ? 0 : min(max(component, 0), 1)
            let text = String(Int((clamped * 255).rounded()), radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        let hex = byte(red) + byte(green) + byte(blue) + (alpha.map(byte) ?? "")
        return prefix ? "#" + hex : hex
    }
}

#if canImport(UIKit) || canImport(AppKit)
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

/// A color as hex text: `"#RGB"`, `"#RGBA"`, `"#RRGGBB"` or `"#RRGGBBAA"`, the `#` optional.
///
/// Only where UIKit or AppKit exists. Its text rules live in `HexColorText`, which is tested on every
/// platform; the conversion to sRGB is Apple-only code.
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
        guard let text = value as? String, let channels = HexColorText.channels(text) else { return nil }
        return Object(
            red: CGFloat(channels.red), green: CGFloat(channels.green), blue: CGFloat(channels.blue),
            alpha: CGFloat(channels.alpha))
    }

    /// The color's hex text, in sRGB.
    ///
    /// The color is converted to sRGB through Core Graphics first: `NSColor.getRed` raises for a color
    /// outside an RGB space (`.labelColor`, `.black` in its gray space), and a Display-P3 color's
    /// components lie outside 0…1. Core Graphics answers `nil` rather than raising, and the channels
    /// are clamped.
    ///
    /// - Parameter value: The color.
    /// - Returns: The text, or `nil` when the color cannot be expressed in sRGB (a pattern).
    open func transformToJSON(_ value: Object?) -> String? {
        guard let value, let sRGB = CGColorSpace(name: CGColorSpace.sRGB),
            let converted = value.cgColor.converted(to: sRGB, intent: .defaultIntent, options: nil),
            let components = converted.components, components.count == 4
        else { return nil }
        return HexColorText.text(
            red: Double(components[0]), green: Double(components[1]), blue: Double(components[2]),
            alpha: alphaToJSON ? Double(components[3]) : nil, prefix: prefixToJSON
        )
    }
}
#endif
