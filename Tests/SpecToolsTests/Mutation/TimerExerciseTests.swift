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

    /// A second first user's report: a survivor in a handler on an input a table's selection
    /// fires said "no scenario exercises 'picked'", though a `select:` step fed it (the timeline
    /// prints the step, not the input). The scenario that ran the handler is named.
    @Test func aSurvivorInAHandlerOnASelectedRowNamesTheScenarioThatSelected() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-select-exercise-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("hint.yaml").path
        try """
            screen: Hint
            types:
              Item: { id: Int, rank: Int }
            inputs:
              picked: Item
            state:
              items: { type: "[Item]", initial: [{ id: 1, rank: 0 }, { id: 2, rank: 1 }, { id: 3, rank: 2 }] }
            handlers:
              - on: picked
                set: { items: 'items.filter { $0.id != picked.id }.map { q in q.rank > picked.rank ? q.with(rank: q.rank - 1) : q }' }
            view:
              list: { table: { rows: items, rowSelected: picked } }
            scenarios:
              - name: selecting the middle row removes it and closes the gap
                steps:
                  - select: { list: 1 }
                  - expect: { items: [{ id: 1, rank: 0 }, { id: 3, rank: 1 }] }
            """.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .success(let result) = MutationRun.run(specPath: path) else {
            Issue.record("invalid")
            return
        }
        let survivors = result.outcomes.filter { $0.status == .survived && $0.mutant.declaration == "picked" }
        #expect(!survivors.isEmpty)
        #expect(survivors.allSatisfy { $0.shouldCatch == ["selecting the middle row removes it and closes the gap"] }, "\(survivors.map(\.shouldCatch))")
    }
}
