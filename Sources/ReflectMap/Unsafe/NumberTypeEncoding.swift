import Foundation

extension NSNumber {
    /// The first character of the number's Objective-C type encoding (`d`, `q`, `Q`, `c`, …), which
    /// tells how the number was made.
    var typeEncoding: UInt8 {
        // `objCType` points to a NUL-terminated C string that the number owns and keeps for its
        // lifetime; the first byte is read while `self` is alive.
        unsafe UInt8(bitPattern: objCType.pointee)
    }
}
