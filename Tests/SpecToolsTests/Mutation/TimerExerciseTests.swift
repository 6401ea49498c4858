import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import Testing

/// The author's report, wrong result 1: a survivor in a node a timer drives names the scenario
/// whose timeline shows it, though no step came before (a `wait:` records none).
@Suite("Mutation: what a timer drives is exercised")
struct TimerExerciseTests {
    @Test func aSurvivorInATimerDrivenStreamNamesTheScenarioThatWaitedForIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-timer-exercise-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("ex2.yaml").path
        try """
            screen: Ex2
            state:
              polls: { type: Int, initial: 0 }
            outputs:
              polled: { interval: 10s, ops: [ { flatMapLatest: { call: api.x } } ] }
            handlers:
              - on: polled
                set: { polls: "min(polls + 1, 5)" }
            services:
              api.x: { returns: Int, latency: 100ms, result: 1 }
            scenarios:
              - name: polls
                steps:
                  - wait: 10100ms
                  - expect: { polled: 1 }
            """.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .success(let result) = MutationRun.run(specPath: path) else {
            Issue.record("invalid")
            return
        }
        let survivors = result.outcomes.filter { $0.status == .survived }
        let switched = try #require(survivors.first { $0.mutant.change == "flatMapLatest -> flatMap" })
        #expect(switched.shouldCatch == ["polls"])
        // The handler on the timer-driven stream: its bound `5` changed is not noticed (one poll
        // never reaches it), and the scenario that ran the handler is named.
        let handler = survivors.filter { $0.mutant.declaration == "polled" && $0.mutant.change != "flatMapLatest -> flatMap" }
        #expect(!handler.isEmpty)
        #expect(handler.allSatisfy { $0.shouldCatch == ["polls"] }, "\(handler.map(\.shouldCatch))")
    }
}
