import Foundation

/// Builds the DER SubjectPublicKeyInfo of a raw public key, the bytes a pin hashes.
///
/// Apple's Security framework exports a key without its algorithm (`SecKeyCopyExternalRepresentation`:
/// PKCS #1 `RSAPublicKey` for RSA, the X9.63 point for elliptic curves), so the pin check wraps it back
/// into the structure that `openssl pkey -pubin -outform der` prints (RFC 5280, RFC 5480).
enum SubjectPublicKeyInfo {
    /// rsaEncryption, 1.2.840.113549.1.1.1, with its NULL parameters.
    private static let rsaAlgorithm: [UInt8] = [
        0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00,
    ]
    /// id-ecPublicKey, 1.2.840.10045.2.1.
    private static let ecPublicKey: [UInt8] = [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]

    /// The SPKI of an RSA key given as PKCS #1 `RSAPublicKey` DER.
    static func rsa(pkcs1 key: some Collection<UInt8>) -> [UInt8] {
        wrap(algorithm: rsaAlgorithm, key: key)
    }

    /// The SPKI of an elliptic-curve key given as an X9.63 point, or `nil` for a curve other than P-256,
    /// P-384 and P-521.
    static func ec(point: some Collection<UInt8>, bits: Int) -> [UInt8]? {
        let curve: [UInt8]
        switch bits {
        case 256: curve = [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]  // prime256v1
        case 384: curve = [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22]  // secp384r1
        case 521: curve = [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x23]  // secp521r1
        default: return nil
        }
        return wrap(algorithm: ecPublicKey + curve, key: point)
    }

    /// SEQUENCE { SEQUENCE { algorithm }, BIT STRING { no unused bits, key } }.
    private static func wrap(algorithm: [UInt8], key: some Collection<UInt8>) -> [UInt8] {
        let identifier = element(0x30, algorithm)
        let bits = element(0x03, [0x00] + Array(key))
        return element(0x30, identifier + bits)
    }

    /// A DER element: tag, definite length, content.
    private static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var length: [UInt8]
        if content.count < 0x80 {
            length = [UInt8(content.count)]
        } else {
            var count = content.count
            var octets: [UInt8] = []
            while count > 0 {
                octets.insert(UInt8(count & 0xFF), at: 0)
                count >>= 8
            }
            length = [0x80 | UInt8(octets.count)] + octets
        }
        return [tag] + length + content
    }
}
