import Foundation
import ReflectMap
import Testing

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("Eight tasks map the same payload at once and agree")
    func eightTasksAtOnce() async throws {
        let data = try fixture("twitter")
        // A translator of its own, so its plan cache starts empty and the tasks race to build it.
        let translator = KeyTranslator.custom(name: "snake") { KeyTranslator.snakeCase.key(for: $0) }
        let sums = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let search = try JSONMapper(keyTranslator: translator).map(TwitterSearch.self, from: data)
                    return search.statuses.map(\.user.followersCount).reduce(0, +)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sums == Array(repeating: 52184, count: 8))
    }
}
