// swift-format-ignore-file
import Foundation
import ReflectMap
import ReflectMapClient
import Testing

// The Choosing a Transport article. The block that names AsyncHTTPClient's types compiles with the
// AsyncHTTPClient trait only (CI builds the tests with it too).

#if AsyncHTTPClient
import AsyncHTTPClient   // with the trait on

func services(baseURL: URL, serverClient: HTTPClient) -> [APIService] {
    // URLSession, whatever the platform and traits.
    let overURLSession = APIService(baseURL: baseURL, configuration: ServiceConfiguration(transport: URLSessionTransport()))
    // A server's AsyncHTTPClient: its event loops and connection pools.
    let overServerClient = APIService(
        baseURL: baseURL,
        configuration: ServiceConfiguration(transport: AsyncHTTPClientTransport(client: serverClient))
    )
    return [overURLSession, overServerClient]
}
#endif

func pinnedService(baseURL: URL) throws -> APIService {
    let pins = try PublicKeyPins([
        "api.example.com": [
            "ZH+aMWMhGMIyx28/P1CrzfBbflM30tY4aS9XxLBfBzo=",   // the key in use
            "a3++w1hD6aEhskAjV/ON5Cdl+OYag416RKC1DDdrs3Y=",   // the backup key
        ],
    ])
    return try APIService(baseURL: baseURL, validating: ServiceConfiguration(publicKeyPins: pins))
}

@Suite("Choosing a Transport article")
struct ChoosingATransportSnippets {
    @Test("The pinned service is made where pins can be checked, and refused at creation where they cannot")
    func pinnedServiceCreation() throws {
        let url = try #require(URL(string: "https://api.example.com"))
        #if canImport(FoundationNetworking) && !AsyncHTTPClient
        #expect {
            _ = try pinnedService(baseURL: url)
        } throws: { error in
            if case .publicKeyPinningUnavailable? = error as? APIError { return true }
            return false
        }
        #else
        _ = try pinnedService(baseURL: url)
        #endif
    }

    #if AsyncHTTPClient
    @Test("A transport on a server's client sends with it and leaves it running")
    func serverClient() async throws {
        let client = HTTPClient(configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
        let made = services(baseURL: try #require(URL(string: "https://api.example.com")), serverClient: client)
        #expect(made.count == 2)
        try await client.shutdown()
    }
    #endif
}
