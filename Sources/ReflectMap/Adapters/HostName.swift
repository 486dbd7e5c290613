import Foundation

/// A host name as DNS and `URL` take it: an internationalized name in its ASCII (IDNA) form, the
/// same on every OS.
///
/// `URL(string:)` turns `bücher.de` into `xn--bcher-kva.de` on Linux and on Apple OSes from iOS 17 and
/// macOS 14, and returns `nil` for it on iOS 15 and 16. So ``URLText`` gives `URL(string:)` the ASCII
/// form itself: the name is put in Unicode's composed form (NFC) and lowercased, the full stops that
/// IDNA treats as dots (`。`, `．`, `｡`) become `.`, and each label that is not ASCII becomes `xn--`
/// followed by its Punycode (RFC 3492). An ASCII name is left as it is.
enum HostName {
    /// The ASCII form of `host`, or `nil` when a label cannot be encoded (it is empty, or longer than
    /// DNS allows once encoded).
    static func ascii(_ host: String) -> String? {
        guard host.utf8.contains(where: { $0 >= 0x80 }) else { return host }
        let dots: Set<Character> = ["\u{3002}", "\u{FF0E}", "\u{FF61}"]
        let name = String(host.precomposedStringWithCanonicalMapping.lowercased().map { dots.contains($0) ? "." : $0 })
        var labels: [String] = []
        for label in name.split(separator: ".", omittingEmptySubsequences: false) {
            if label.utf8.allSatisfy({ $0 < 0x80 }) {
                labels.append(String(label))
                continue
            }
            guard let encoded = punycode(Array(label.unicodeScalars)), encoded.utf8.count + 4 <= 63 else {
                return nil
            }
            labels.append("xn--" + encoded)
        }
        return labels.joined(separator: ".")
    }

    /// RFC 3492's Punycode of a label's scalars, or `nil` for an empty label.
    static func punycode(_ scalars: [Unicode.Scalar]) -> String? {
        guard !scalars.isEmpty else { return nil }
        let base = 36
        let tMin = 1
        let tMax = 26
        var output = scalars.filter(\.isASCII).map { Character($0) }
        let basicCount = output.count
        if basicCount > 0 { output.append("-") }
        var n = 0x80
        var delta = 0
        var bias = 72
        var handled = basicCount
        let codes = scalars.map { Int($0.value) }
        while handled < codes.count {
            // The smallest code point not yet handled; every scalar is below 0x110000, so `delta` stays
            // far below `Int.max` for a label of any length DNS allows.
            guard let next = codes.filter({ $0 >= n }).min() else { return nil }
            delta += (next - n) * (handled + 1)
            n = next
            for code in codes {
                if code < n { delta += 1 }
                guard code == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, count: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(output)
    }

    /// A Punycode digit: `a`–`z` for 0–25, `0`–`9` for 26–35.
    private static func digit(_ value: Int) -> Character {
        Character(Unicode.Scalar(UInt8(value < 26 ? 97 + value : 22 + value)))
    }

    /// RFC 3492 section 6.1's bias adaptation.
    private static func adapt(_ delta: Int, count: Int, first: Bool) -> Int {
        var delta = first ? delta / 700 : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((36 - 1) * 26) / 2 {
            delta /= 36 - 1
            k += 36
        }
        return k + (36 * delta) / (delta + 38)
    }
}
