import Foundation
import ScreenSpec
@testable import SpecTools
import Testing

/// Mutants of an inner timer's computed time: its expression is mutated as a call's argument
/// is, and each mutant is killed by the scenario that times the sleep timer to the millisecond.
@Suite("Mutation of an inner timer's computed time")
struct ComputedTimerMutationTests {
    static let sleep = """
        screen: Sleep
        inputs:
          minutes: Int
        outputs:
          asleep:
            stream: minutes
            initial: false
            ops:
              - flatMapLatest: { timer: { seconds: "$0 * 60" } }
              - map: "true"
        scenarios:
          - name: asleep thirty minutes after the choice, not a millisecond before
            steps:
              - send: { minutes: 30 }
              - wait: 1799999ms
              - expect: { asleep: false }
              - wait: 1ms
              - expect: { asleep: true }
          - name: a new choice disposes the running timer
            steps:
              - send: { minutes: 30 }
              - wait: 20m
              - send: { minutes: 15 }
              - wait: 14m
              - expect: { asleep: false }
              - wait: 1m
              - expect: { asleep: true }
        """

    @Test func theComputedTimeIsMutatedAndEachMutantKilled() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-timer-mutate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("sleep.yaml").path
        try Self.sleep.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .success(let result) = MutationRun.run(specPath: path) else { Issue.record("invalid"); return }
        // The mutants of the expression `$0 * 60` (not of the operator on its line).
        let ofTheTime = result.outcomes.filter { $0.mutant.range.start.line == 9 && !$0.mutant.change.hasPrefix("flatMapLatest") }
        #expect(ofTheTime.count >= 2, "\(result.outcomes.map(\.mutant.change))")
        #expect(ofTheTime.allSatisfy { $0.mutant.declaration == "asleep" && $0.mutant.range.start.column > 30 })
        for outcome in result.outcomes {
            #expect(outcome.status == .killed, "\(outcome.mutant.change) is \(outcome.status)")
        }
    }
}
