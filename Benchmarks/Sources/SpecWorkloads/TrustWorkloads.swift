import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// `specrun mutate` and `specrun coverage` as library calls: the cost of mutation testing a spec,
/// and of playing scenarios with a coverage recorder against playing them without.
public enum TrustWorkloads {
    /// What `specrun mutate SPEC` computes (without printing): mutants killed and scored.
    public static func mutate(specPath: String) -> (killed: Int, scored: Int) {
        guard case .success(let result) = MutationRun.run(specPath: specPath) else { return (0, 0) }
        return (result.killed, result.scored)
    }

    /// `specrun mutate` on ``SpecGenerator/wide(outputs:)`` written to a file in `folder`: how the
    /// cost of mutation grows with the spec (issue 22: it grew as the square of the outputs).
    public static func mutateWide(outputs: Int, in folder: String) -> (killed: Int, scored: Int) {
        let path = folder + "/wide-\(outputs).yaml"
        guard (try? SpecGenerator.wide(outputs: outputs).write(toFile: path, atomically: true, encoding: .utf8)) != nil else { return (0, 0) }
        return mutate(specPath: path)
    }

    /// Plays every scenario of `spec` `rounds` times; with `coverage`, each play records into a
    /// fresh recorder, as `specrun coverage` does. Returns the timeline entries, so no play is skipped.
    public static func play(_ spec: CheckedSpec, rounds: Int, coverage: Bool) -> Int {
        let map = coverage ? CoverageMap(spec) : nil
        var entries = 0
        for _ in 0..<rounds {
            for s in spec.scenarioNames.indices {
                let recorder = map.map(CoverageRecorder.init)
                entries += ScenarioRunner.run(spec, scenario: s, coverage: recorder).entryCount
            }
        }
        return entries
    }

    /// Plays every scenario of `spec` `rounds` times through `ScenarioRunner.runAll`, which
    /// compiles the spec once for all its scenarios (since issue 26; once per scenario before).
    public static func playAll(_ spec: CheckedSpec, rounds: Int) -> Int {
        var entries = 0
        for _ in 0..<rounds {
            for timeline in ScenarioRunner.runAll(spec) { entries += timeline.entryCount }
        }
        return entries
    }
}
