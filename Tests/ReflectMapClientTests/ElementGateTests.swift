import Foundation
@testable import ReflectMapClient
import Testing

/// Whether `waitForRoom()` had to wait: it is called from a task cancelled at once, so a call that
/// finds room returns, and one that has to wait throws `CancellationError` (the gate checks for room
/// before it looks at cancellation).
private func waits(_ gate: ElementGate) async -> Bool {
    let waiter = Task { try await gate.waitForRoom() }
    waiter.cancel()
    switch await waiter.result {
    case .success: return false
    case .failure(let error): return error is CancellationError
    }
}

@Suite("The gate that paces a streamed response by its consumer")
struct ElementGateTests {
    @Test("The mapping task goes on with up to its limit of elements waiting, and stops at one more")
    func limitBothSides() async {
        let gate = ElementGate(limit: 2)
        #expect(await !waits(gate))
        gate.produced()
        gate.produced()
        #expect(await !waits(gate))
        gate.produced()
        #expect(await waits(gate))
    }

    @Test("Each element the consumer takes makes room for one, no more")
    func consumingMakesRoomForOne() async {
        let gate = ElementGate(limit: 2)
        for _ in 0..<4 { gate.produced() }
        gate.consumed()
        #expect(await waits(gate))
        gate.consumed()
        #expect(await !waits(gate))
    }

    @Test("A mapping task waiting for room goes on once the consumer takes an element")
    func waiterResumes() async {
        let gate = ElementGate(limit: 1)
        gate.produced()
        gate.produced()
        let waiter = Task { try await gate.waitForRoom() }
        gate.consumed()
        // A guard, not a synchronisation: a waiter never resumed fails the test instead of hanging it.
        let resumed = await withTaskGroup(of: Bool.self) { group in
            group.addTask { (try? await waiter.value) != nil }
            group.addTask {
                try? await Task.sleep(for: .seconds(10))
                waiter.cancel()
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        #expect(resumed)
    }

    @Test("A waiting mapping task is let go when the consumer takes the element that leaves exactly the limit")
    func waiterResumesAtTheLimit() async throws {
        let gate = ElementGate(limit: 1)
        for _ in 0..<3 { gate.produced() }
        let waiter = Task { try await gate.waitForRoom() }
        // The event the test waits for: the mapping task has registered itself as waiting.
        try await SharedRequestTests.waitUntil { gate.hasWaiter }
        gate.consumed()
        #expect(gate.hasWaiter, "two wait with a limit of one: the task still waits")
        gate.consumed()
        #expect(!gate.hasWaiter, "one waits with a limit of one: the task goes on")
        if gate.hasWaiter { waiter.cancel() }
        _ = try? await waiter.value
    }

    @Test("A stream lets 64 mapped elements wait for its consumer")
    func defaultLimit() {
        #expect(ElementGate().limit == 64)
    }
}
