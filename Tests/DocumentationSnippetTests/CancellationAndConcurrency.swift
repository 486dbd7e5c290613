// swift-format-ignore-file
import Foundation
import ReflectMap
import ReflectMapClient
import Testing

// The Cancellation and Concurrency article.

func cancelInFlight(_ service: APIService) async {
    let task = Task { try await service.send(Request(BookList(), as: [Book].self)).value }
    task.cancel()

    let call = service.get("books", as: [Book].self, success: { _ in }, failure: { error in
        print(error)
    })
    call.cancel()

    service.cancelAll()
}

@Suite("Cancellation and Concurrency article")
struct CancellationAndConcurrencySnippets {
    @Test("Cancelling a call reports cancelled")
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)   // Task.sleep(for:)
    func cancellation() async throws {
        let stub = StubTransport { _ in
            try await Task.sleep(for: .seconds(10))
            return StubTransport.Response()
        }
        let service = APIService(baseURL: try #require(URL(string: "https://api.example.com")),
                                 configuration: ServiceConfiguration(transport: stub))
        await cancelInFlight(service)
        let task = Task { try await service.send(Request(BookList(), as: [Book].self)).value }
        task.cancel()
        let result = await task.result
        guard case .failure(APIError.cancelled) = result else {
            Issue.record("expected cancelled, got \(result)")
            return
        }
    }
}
