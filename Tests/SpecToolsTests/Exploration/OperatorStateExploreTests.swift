import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// Breadth-first search merges two sequences only when nothing that decides the future differs,
/// operators' private state included. In each spec below, writing `x` its own value again changes
/// nothing but an operator's state (a `skip`'s count, a `scan`'s accumulator, an `enumerated`
/// index), so the state after one write looks like the start to a digest of the nodes' values
/// alone, which merged the two (and before that, a write of the value an input has was not tried
/// at all); the second write breaks the invariant.
@Suite struct OperatorStateExploreTests {
    static func spec(_ ops: String) -> String {
        """
        screen: Hold
        inputs:
          x: { type: Int, default: 0 }
        state:
          fired: { type: Bool, initial: false }
        outputs:
          late:
            stream: x
            ops:
        \(ops.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
        handlers:
          - on: late
            set: { fired: true }
        invariants:
          neverFired: "!fired"
        explore:
          inputs:
            x: [0]
          waits: [0ms]
        """
    }

    /// The start delivers `x`'s value 0 to the operator; each move writes 0 again.
    static let cases: [(name: String, ops: String)] = [
        ("skip", "- skip: 2"),
        ("take then skip", "- take: 5\n- skip: 2"),
        ("scan", "- scan: { seed: \"0\", accumulator: \"$0 + 1\" }\n- filter: \"$0 >= 3\""),
        ("enumerated", "- enumerated\n- filter: \"$0.index >= 2\""),
        ("elementAt", "- elementAt: 2"),
    ]

    @Test(arguments: cases.map(\.name))
    func bfsFindsAViolationReachableOnlyThroughOperatorState(_ name: String) throws {
        let ops = try #require(Self.cases.first { $0.name == name }).ops
        let spec = try Fixtures.checked(Self.spec(ops))
        var options = ExploreOptions()
        options.depth = 2
        let result = Explorer.explore(spec, options: options)
        #expect(result.stop == .violation, "'\(name)': \(result.distinctStates) states, stop \(result.stop)")
        #expect(result.counterexample?.scenarioYAML.components(separatedBy: "set:").count == 3, "'\(name)': two writes")
    }

    /// `--workers 2` and `3` find the same violation, through the same shortest sequence, with the
    /// same counts as one worker: a worker restores states saved by another's graph or replays them.
    @Test(arguments: cases.map(\.name))
    func everyNumberOfWorkersFindsTheSameViolation(_ name: String) throws {
        let ops = try #require(Self.cases.first { $0.name == name }).ops
        let spec = try Fixtures.checked(Self.spec(ops))
        func explore(workers: Int) -> ExploreResult {
            var options = ExploreOptions()
            options.depth = 2
            options.workers = workers
            return Explorer.explore(spec, options: options)
        }
        let one = explore(workers: 1)
        #expect(one.stop == .violation)
        for workers in [2, 3] {
            let many = explore(workers: workers)
            #expect(many.stop == one.stop && many.distinctStates == one.distinctStates && many.transitions == one.transitions,
                    "'\(name)' with \(workers) workers: \(many.stop), \(many.distinctStates) states")
            #expect(many.counterexample?.scenarioYAML == one.counterexample?.scenarioYAML, "'\(name)' with \(workers) workers")
        }
    }
}
