// swift-format-ignore-file
import Foundation

// The code blocks of the DocC articles and the README, compiled (kean/Get's CodeSamplesTests is the
// model). Each file is named after its article and holds that article's ```swift blocks verbatim,
// inside functions or namespaces; Scripts/check-snippets.py checks that every block is here. Where it
// is cheap, a test runs the block against a fixed payload and checks what it says.

/// UTF-8 bytes of a JSON literal.
nonisolated func json(_ text: String) -> Data {
    Data(text.utf8)
}

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReflectMap
import ReflectMapClient

/// A book, the model of the client articles.
struct Book: Mappable, Equatable {
    var id = 0
    var title = ""
}

/// A transport that answers from a table of `"METHOD path"` → JSON, for the client snippets: 404 for
/// anything else. The requests it saw are kept, in order.
nonisolated final class BookStub: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [URLRequest] = []
    let answers: [String: String]

    init(_ answers: [String: String]) {
        self.answers = answers
    }

    var requests: [URLRequest] {
        lock.withLock { seen }
    }

    var transport: StubTransport {
        StubTransport { request in
            self.lock.withLock { self.seen.append(request) }
            let key = "\(request.httpMethod ?? "GET") \(request.url?.path ?? "")"
            guard let body = self.answers[key] else { return StubTransport.Response(statusCode: 404) }
            return StubTransport.Response(headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
    }
}

/// A service over a stub, with the mapper the articles use.
func stubbedService<Service: APIService>(
    _ make: (URL, ServiceConfiguration) -> Service, _ stub: BookStub
) -> Service {
    make(URL(string: "https://api.example.com/v1")!, ServiceConfiguration(
        mapper: JSONMapper(keyTranslator: .snakeCase), retryPolicy: nil, transport: stub.transport
    ))
}

/// A flag that an observer's `onChange` may set from any thread.
nonisolated final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    func raise() { lock.withLock { raised = true } }
    var isRaised: Bool { lock.withLock { raised } }
}
