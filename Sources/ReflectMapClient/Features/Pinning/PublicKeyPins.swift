import Foundation

/// Public-key pins: for each host, the SHA-256 hashes of the SubjectPublicKeyInfo (SPKI) of the keys its
/// server certificate may carry. A connection to a pinned host whose certificate's key is not among them
/// fails with ``APIError/publicKeyPinMismatch(host:)`` before any byte of the request is sent.
///
/// Pin the key, not the certificate: a renewed certificate with the same key still passes. Give each host
/// at least two pins, the key in use and a backup key kept offline, so that rotating to the backup needs
/// no app update.
///
/// A pin is the base64 SHA-256 of the DER SubjectPublicKeyInfo, the `pin-sha256` format, which `openssl`
/// prints for a certificate with:
///
/// ```sh
/// openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der \
///     | openssl dgst -sha256 -binary | base64
/// ```
///
/// The pins are checked against the key of the certificate the server presents for the host (the leaf),
/// after the usual chain and host-name validation, which still applies. Hosts match exactly, without
/// regard to case; hosts without pins are not checked.
///
/// ```swift
/// var configuration = ServiceConfiguration()
/// configuration.publicKeyPins = try PublicKeyPins([
///     "api.example.com": ["base64-of-current-key-hash=", "base64-of-backup-key-hash="],
/// ])
/// ```
public struct PublicKeyPins: Sendable, Equatable {
    /// The pinned SPKI hashes (32 bytes each), by lowercased host.
    public private(set) var hashesByHost: [String: Set<Data>] = [:]

    /// No pins.
    public init() {}

    /// Pins for each host, as base64 SHA-256 hashes of the SubjectPublicKeyInfo.
    /// - Parameters:
    ///   - pins: For each host, its pins.
    /// - Throws: ``APIError/invalidRequest(_:)`` when a host is empty, has no pins, or a pin is not the
    ///   base64 of 32 bytes.
    public init(_ pins: [String: [String]]) throws(APIError) {
        for (host, hashes) in pins { try pin(host: host, sha256: hashes) }
    }

    /// Adds pins for a host, keeping any it already has.
    /// - Parameters:
    ///   - host: The host name, such as `api.example.com`; matched without regard to case.
    ///   - sha256: Base64 SHA-256 hashes of the SubjectPublicKeyInfo of the keys the host may present.
    /// - Throws: ``APIError/invalidRequest(_:)`` when the host is empty, there are no pins, or a pin is
    ///   not the base64 of 32 bytes.
    public mutating func pin(host: String, sha256: [String]) throws(APIError) {
        let name = host.trimmingCharacters(in: .whitespaces).lowercased()
        guard !name.isEmpty else { throw APIError.invalidRequest("A public-key pin needs a host name.") }
        guard !sha256.isEmpty else { throw APIError.invalidRequest("The public-key pins for \(name) are empty.") }
        var hashes = hashesByHost[name] ?? []
        for pin in sha256 {
            guard let hash = Data(base64Encoded: pin.trimmingCharacters(in: .whitespaces)), hash.count == 32 else {
                throw APIError.invalidRequest(
                    "The public-key pin \"\(pin)\" for \(name) is not the base64 of a 32-byte SHA-256 hash.")
            }
            hashes.insert(hash)
        }
        hashesByHost[name] = hashes
    }

    /// Whether no host is pinned.
    public var isEmpty: Bool { hashesByHost.isEmpty }

    /// The pins of a host, or `nil` when it has none.
    /// - Parameters:
    ///   - host: The host name, in any case.
    /// - Returns: The pinned SPKI hashes.
    public func hashes(for host: String) -> Set<Data>? {
        hashesByHost[host.lowercased()]
    }

    /// Whether a SubjectPublicKeyInfo (DER) matches a pin of `host`. A host without pins matches any key.
    func accepts(subjectPublicKeyInfo spki: some Collection<UInt8>, for host: String) -> Bool {
        guard let pinned = hashes(for: host) else { return true }
        return pinned.contains(SHA256.hash(spki))
    }
}

/// A transport that checks public-key pins itself, made with the pins it enforces.
protocol PublicKeyPinningTransport: Transport {
    /// The pins every connection this transport makes is checked against.
    var publicKeyPins: PublicKeyPins { get }
}
