import ScreenSpec
import SpecExploration
import SpecRuntime
@testable import SpecExploration
import SpecRuntime
import SpecTesting
import Testing

/// Invariants are evaluated between steps, never while a change propagates: a change costs the
/// same with or without them, and what they say after a step is what they said as graph nodes.
@Suite("Invariants evaluated after each step")
struct InvariantEvaluationTests {
    /// `n * n` overflows once `n` reaches 3037000500; `tap` adds one.
    static let overflowing = """
        screen: Square
        inputs:
          tap: event
        state:
          n: { type: Int, initial: 3037000499 }
        handlers:
          - on: tap
            set: { n: n + 1 }
        invariants:
          squareIsPositive: n * n > 0
        scenarios:
          - name: one tap
            steps:
              - send: tap
        """

    @Test func aChangeDoesNotEvaluateInvariants() throws {
        let spec = try Fixtures.checked(Self.overflowing, path: "square.yaml")
        let graph = ScreenGraph(spec: spec)
        var errors: [String] = []
        graph.hooks.runtimeError = { _, message in errors.append(message) }
        graph.start()
        let tap = try #require(spec.node(named: "tap"))
        graph.send(tap)
        // As a graph node the invariant would have been computed, failed and been reported here.
        #expect(errors.isEmpty)
        #expect(graph.value(of: try #require(spec.node(named: "n"))) == .int(3_037_000_500))
        // Checked after the step, its expression fails, so it does not hold.
        let monitor = InvariantMonitor(spec: spec)
        #expect(!monitor.holds(0, in: graph))
        #expect(graph.value(of: spec.invariants[0].node) == nil)
    }

    @Test func anInvariantWhoseExpressionFailsDoesNotHoldAndSaysWhy() throws {
        let spec = try Fixtures.checked(Self.overflowing, path: "square.yaml")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.failures == [
            .failure(time: 0, message: "invariant 'squareIsPositive' does not hold after 'send tap': n = 3037000500 "
                + "(its expression fails: integer overflow in arithmetic on 3037000500 and 3037000500)", file: "square.yaml", line: 14),
        ])
    }

    @Test func anInvariantReadsTheCurrentValuesAndEarlierInvariants() throws {
        let spec = try Fixtures.checked("""
            screen: Counter
            inputs:
              tap: event
            state:
              taps: { type: Int, initial: 0 }
            handlers:
              - on: tap
                set: { taps: taps + 1 }
            invariants:
              atMostTwo: taps <= 2
              atMostTwoOrMany: atMostTwo || taps > 3
            scenarios:
              - name: four taps
                steps:
                  - expect: { atMostTwo: true, atMostTwoOrMany: true }
                  - send: tap
                  - send: tap
                  - send: tap
                  - expect: { atMostTwo: false, atMostTwoOrMany: false }
                  - send: tap
                  - expect: { atMostTwo: false, atMostTwoOrMany: true }
            """, path: "c.yaml")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        // Both break at the third tap; the second holds again at the fourth. No expectation fails.
        #expect(timeline.failures == [
            .failure(time: 0, message: "invariant 'atMostTwo' does not hold after 'send tap': taps = 3", file: "c.yaml", line: 18),
            .failure(time: 0, message: "invariant 'atMostTwoOrMany' does not hold after 'send tap': atMostTwo = false, taps = 3",
                     file: "c.yaml", line: 18),
        ])
    }

    @Test func checkingInvariantsLeavesTheExploredStateAsItWas() throws {
        let spec = try Fixtures.checked("""
            screen: Counter
            inputs:
              tap: event
            state:
              taps: { type: Int, initial: 0 }
            handlers:
              - on: tap
                set: { taps: taps + 1 }
            invariants:
              atMostTwo: taps <= 2
              stillAtMostTwo: atMostTwo
            """)
        let graph = ScreenGraph(spec: spec)
        graph.start()
        graph.send(try #require(spec.node(named: "tap")))
        let before = GraphDigest(graph).stateDigest()
        let monitor = InvariantMonitor(spec: spec)
        #expect(monitor.firstBroken(in: graph) == nil)
        #expect(graph.value(of: spec.invariants[1].node) == .bool(true))
        #expect(GraphDigest(graph).stateDigest() == before)
    }
}
