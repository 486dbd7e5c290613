#if canImport(Security)
import Foundation
import Security

/// The public-key pin check of a server-trust challenge on Apple platforms: the system evaluates the
/// trust first (chain and host name), then the key of the certificate the server presented (the leaf)
/// must match a pin of the host.
///
/// Not run on Linux, where FoundationNetworking raises no server-trust challenge (pins go through
/// `AsyncHTTPClientTransport` there); the SPKI it hashes is built by ``SubjectPublicKeyInfo``, which the
/// tests check against `openssl` on Linux.
enum ServerTrustPinning {
    /// Whether `trust` passes the system's evaluation and its leaf's key matches a pin of `host`.
    static func accepts(_ trust: SecTrust, host: String, pins: PublicKeyPins) -> Bool {
        guard SecTrustEvaluateWithError(trust, nil),
            let chain = SecTrustCopyCertificateChain(trust) as? [SecCertificate],
            let leaf = chain.first,
            let key = SecCertificateCopyKey(leaf),
            let spki = subjectPublicKeyInfo(of: key)
        else { return false }
        return pins.accepts(subjectPublicKeyInfo: spki, for: host)
    }

    /// The DER SubjectPublicKeyInfo of an RSA or elliptic-curve key, or `nil` for another kind.
    private static func subjectPublicKeyInfo(of key: SecKey) -> [UInt8]? {
        guard let attributes = SecKeyCopyAttributes(key) as? [CFString: Any],
            let type = attributes[kSecAttrKeyType] as? String,
            let raw = SecKeyCopyExternalRepresentation(key, nil) as Data?
        else { return nil }
        if type == (kSecAttrKeyTypeRSA as String) {
            return SubjectPublicKeyInfo.rsa(pkcs1: raw)
        }
        if type == (kSecAttrKeyTypeECSECPrimeRandom as String), let bits = attributes[kSecAttrKeySizeInBits] as? Int {
            return SubjectPublicKeyInfo.ec(point: raw, bits: bits)
        }
        return nil
    }
}
#endif
