import Foundation
import ReflectMap
@testable import ReflectMapClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if AsyncHTTPClient
import AsyncHTTPClient
import NIOSSL
#endif

@Suite("Public-key pins: hashes and configuration")
struct PinConfigurationTests {
    @Test("SHA-256 gives the standard digests")
    func sha256Vectors() {
        func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA256.hash([UInt8]())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            hex(SHA256.hash([UInt8](repeating: 0x61, count: 1_000)))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test("Pins that are not base64 SHA-256 hashes, and empty hosts or pin lists, are clear errors")
    func badPins() throws {
        for pins in [
            ["api.example.com": ["not base64!"]], ["api.example.com": ["YWJj"]],
            ["": ["47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="]],
            ["api.example.com": []],
        ] {
            #expect(throws: APIError.self) { try PublicKeyPins(pins) }
        }
        let pins = try PublicKeyPins(["API.Example.com": ["47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="]])
        #expect(pins.hashes(for: "api.example.COM")?.count == 1)
        #expect(pins.hashes(for: "example.com") == nil)
    }

    @Test("The SubjectPublicKeyInfo built from a raw RSA or EC key is the one openssl prints")
    func subjectPublicKeyInfo() throws {
        let fixtures = try TLSFixtures.shared.get()
        let ecSPKI = try fixtures.der("openssl pkey -in a.key -pubout -outform der")
        // A P-256 SPKI ends with the 65-byte uncompressed point, which is what Security exports.
        #expect(SubjectPublicKeyInfo.ec(point: ecSPKI.suffix(65), bits: 256) == Array(ecSPKI))
        let rsaSPKI = try fixtures.der("openssl pkey -in ca.key -pubout -outform der")
        let rsaPKCS1 = try fixtures.der(
            "openssl pkey -in ca.key -pubout | openssl rsa -pubin -RSAPublicKey_out -outform der 2>/dev/null")
        #expect(SubjectPublicKeyInfo.rsa(pkcs1: rsaPKCS1) == Array(rsaSPKI))
        #expect(SubjectPublicKeyInfo.ec(point: ecSPKI.suffix(65), bits: 255) == nil)
        // And the pin openssl prints is the SHA-256 of those bytes.
        #expect(SHA256.hash(rsaSPKI) == Data(base64Encoded: try fixtures.pin("ca")))
    }

    #if canImport(FoundationNetworking)
    @Test(
        "Pins with the URLSession transport on Linux are refused when the service is made, and no call sends anything")
    func urlSessionPinsRefused() async throws {
        let fixtures = try TLSFixtures.shared.get()
        let server = try TLSTestServer(certificate: fixtures.certificate("a1"), key: fixtures.key("a"))
        let pins = try PublicKeyPins(["127.0.0.1": [try fixtures.pin("a")]])
        let configuration = TransportKind.urlSession.configure(ServiceConfiguration(publicKeyPins: pins))
        #expect {
            _ = try APIService(baseURL: server.url, validating: configuration)
        } throws: { error in
            if case .publicKeyPinningUnavailable? = error as? APIError { return true }
            return false
        }
        #expect(throws: APIError.self) {
            _ = try URLSessionTransport(configuration: .default, publicKeyPins: pins)
        }
        // The non-throwing initializer gives a service whose every call fails the same way.
        let service = APIService(baseURL: server.url, configuration: configuration)
        await #expect {
            _ = try await service.get("books", as: Empty.self)
        } throws: { error in
            if case .publicKeyPinningUnavailable? = error as? APIError { return true }
            return false
        }
        #expect(server.requests.isEmpty)
    }
    #endif

    @Test("A transport made without the configuration's pins is refused at creation")
    func transportWithoutPins() throws {
        let pins = try PublicKeyPins(["api.example.com": ["47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="]])
        let stub = StubTransport { _ in .init() }
        let url = try #require(URL(string: "https://api.example.com"))
        #expect(throws: APIError.self) {
            _ = try APIService(baseURL: url, validating: ServiceConfiguration(transport: stub, publicKeyPins: pins))
        }
        _ = try APIService(baseURL: url, validating: ServiceConfiguration(transport: stub))
    }
}

#if AsyncHTTPClient
@Suite("Public-key pins over AsyncHTTPClientTransport, against a loopback HTTPS server")
struct PinningTests {
    /// A service on `server` over AsyncHTTPClientTransport, trusting the test authority, with `pins`.
    func service(_ server: TLSTestServer, pins: PublicKeyPins, fixtures: TLSFixtures) throws -> APIService {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .file(fixtures.caCertificate.path)
        let transport = AsyncHTTPClientTransport(
            configuration: HTTPClient.Configuration(tlsConfiguration: tls), publicKeyPins: pins)
        return try APIService(
            baseURL: server.url,
            validating: ServiceConfiguration(timeout: 10, transport: transport, publicKeyPins: pins))
    }

    struct Answer: Mappable, Sendable {
        var ok = false
        var path = ""
    }

    @Test("A certificate whose key is pinned is accepted, and so is its renewal with the same key")
    func pinnedKeyAndRenewal() async throws {
        let fixtures = try TLSFixtures.shared.get()
        let pins = try PublicKeyPins(["127.0.0.1": [try fixtures.pin("a")]])
        #expect(try fixtures.serial("a1") != fixtures.serial("a2"))
        for certificate in ["a1", "a2"] {
            let server = try TLSTestServer(certificate: fixtures.certificate(certificate), key: fixtures.key("a"))
            let answer = try await service(server, pins: pins, fixtures: fixtures).get("hello", as: Answer.self)
            #expect(answer.ok && answer.path == "/hello", "\(certificate)")
            #expect(server.requests == ["GET /hello"], "\(certificate)")
        }
    }

    @Test("After rotating to the backup key, its pin lets the new certificate through")
    func backupKey() async throws {
        let fixtures = try TLSFixtures.shared.get()
        let pins = try PublicKeyPins(["127.0.0.1": [try fixtures.pin("a"), try fixtures.pin("b")]])
        let server = try TLSTestServer(certificate: fixtures.certificate("b1"), key: fixtures.key("b"))
        let answer = try await service(server, pins: pins, fixtures: fixtures).post("rotated", as: Answer.self)
        #expect(answer.path == "/rotated")
        #expect(server.requests == ["POST /rotated"])
    }

    @Test(
        "A certificate from the trusted authority with a key that is not pinned is refused, and no request reaches the server"
    )
    func wrongKey() async throws {
        let fixtures = try TLSFixtures.shared.get()
        let pins = try PublicKeyPins(["127.0.0.1": [try fixtures.pin("a"), try fixtures.pin("b")]])
        let server = try TLSTestServer(certificate: fixtures.certificate("c1"), key: fixtures.key("c"))
        let pinned = try service(server, pins: pins, fixtures: fixtures)
        for _ in 0..<2 {
            await #expect {
                _ = try await pinned.post("secret", parameters: ["password": "hunter2"], as: Answer.self)
            } throws: { error in
                if case .publicKeyPinMismatch(let host)? = error as? APIError { return host == "127.0.0.1" }
                return false
            }
        }
        // Without pins the same server answers: the refusal was the pin check's, not the handshake's.
        let unpinned = try service(server, pins: PublicKeyPins(), fixtures: fixtures)
        #expect(try await unpinned.get("open", as: Answer.self).ok)
        #expect(server.requests == ["GET /open"])
    }

    @Test("Pins of another host leave this one unchecked")
    func otherHostUnchecked() async throws {
        let fixtures = try TLSFixtures.shared.get()
        let pins = try PublicKeyPins(["localhost": [try fixtures.pin("a")]])
        let server = try TLSTestServer(certificate: fixtures.certificate("c1"), key: fixtures.key("c"))
        #expect(try await service(server, pins: pins, fixtures: fixtures).get("elsewhere", as: Answer.self).ok)
    }

    @Test("With the trait on, a service made without a transport on Linux uses AsyncHTTPClientTransport with its pins")
    func defaultTransport() throws {
        #if !canImport(Darwin)
        let pins = try PublicKeyPins(["api.example.com": ["47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="]])
        let url = try #require(URL(string: "https://api.example.com"))
        let service = try APIService(baseURL: url, validating: ServiceConfiguration(publicKeyPins: pins))
        let transport = try #require(service.transport as? AsyncHTTPClientTransport)
        #expect(transport.publicKeyPins == pins)
        #endif
    }
}
#endif
