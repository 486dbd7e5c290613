import Foundation
@testable import ReflectMapClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Holds the handler for the hook that the handler itself runs.
private final class HandlerBox: @unchecked Sendable {
    // Set before the task starts, read only by the hook the start runs.
    var handler: TaskHandler?
}

@Suite("A call's URLSession task")
struct TaskHandlerTests {
    @Test("A call that ends while its task is being resumed cancels the task once resume returns")
    func endedDuringResume() async throws {
        let base = try TestServer.shared.url()
        let key = UUID().uuidString
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        // The server would answer after 20 s.
        let task = session.dataTask(with: base.appendingPathComponent("slow/\(key)/20000"))
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        let box = HandlerBox()
        // The hook holds the box, which holds the handler that holds the hook: the cycle ends here.
        defer { box.handler = nil }
        let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let ended = Recorded<String>()
        box.handler = TaskHandler(
            sink: .stream(continuation), timeout: nil, progress: nil, direction: .download,
            delegateQueue: delegateQueue, queue: DispatchQueue(label: "TaskHandlerTests"),
            afterTaskResume: { box.handler?.cancel() })
        let started = box.handler?.startStream(task) { result in
            if case .failure(let error) = result { ended.append("\(type(of: error))") }
        }
        #expect(started == true)
        #expect(ended.all == ["CancellationError"])
        await #expect(throws: CancellationError.self) {
            for try await _ in stream {}
        }
        // Cancelled as soon as it was resumed, the task completes at once with `cancelled`, where the
        // server would have kept it running for 20 s.
        try await SharedRequestTests.waitUntil { task.state == .completed }
        #expect((task.error as? URLError)?.code == .cancelled)
    }
}
