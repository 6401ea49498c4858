import Foundation
import ScreenSpec
@testable import SpecTools
import Testing

/// Mutants of a set's change: `union` turned into `subtracting` and back, the slip that removes
/// where it should insert; the selection's scenario kills both. And a stopwatch's `now`, read by
/// the mutants of its handler, plays at the time of each step.
@Suite("Mutation of sets and of a reading of the clock")
struct SetMutationTests {
    static let selection = """
        screen: Selection
        inputs:
          added: Int
          removed: Int
        state:
          selected: { type: "[Int]", initial: [] }
        handlers:
          - on: added
            set: { selected: "selected.union([added])" }
          - on: removed
            set: { selected: "selected.subtracting([removed])" }
        scenarios:
          - name: added and removed
            steps:
              - send: { added: 4 }
              - send: { added: 3 }
              - expect: { selected: [3, 4] }
              - send: { removed: 4 }
              - expect: { selected: [3] }
        """

    static func run(_ yaml: String, name: String) throws -> SpecMutation? {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-set-mutate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .success(let result) = MutationRun.run(specPath: path) else { return nil }
        return result
    }

    @Test func unionAndSubtractingAreTurnedIntoEachOtherAndKilled() throws {
        let result = try #require(try Self.run(Self.selection, name: "selection.yaml"))
        let changes = result.outcomes.map(\.mutant.change)
        #expect(changes.contains("selected.union([added]) -> selected.subtracting([added])"), "\(changes)")
        #expect(changes.contains("selected.subtracting([removed]) -> selected.union([removed])"), "\(changes)")
        for outcome in result.outcomes {
            #expect(outcome.status == .killed, "\(outcome.mutant.change) is \(outcome.status)")
        }
    }

    @Test func anOutputReadingTheClockIsJudgedAtTheTimeOfEachStep() throws {
        // No handler: the cone of `late` is judged without playing the scenario again, from the
        // values of each step, at the time of each: the mutant `now < 10 && n > 0` (the `!`
        // dropped) gives at 0 ms what the original gives at 11 ms, and differs at 11 ms.
        let yaml = """
            screen: Late
            inputs:
              n: { type: Int, default: 0 }
            outputs:
              late: "!(now < 10) && n > 0"
            scenarios:
              - name: late after a wait
                steps:
                  - wait: 11ms
                  - set: { n: 1 }
                  - expect: { late: true }
            """
        let result = try #require(try Self.run(yaml, name: "late.yaml"))
        let dropped = try #require(result.outcomes.first { $0.mutant.change.hasPrefix("!(now < 10) -> ") },
                                   "\(result.outcomes.map(\.mutant.change))")
        #expect(dropped.status == .killed)
    }
}
