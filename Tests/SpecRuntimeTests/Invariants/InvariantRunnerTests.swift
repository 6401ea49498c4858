import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
import SpecTesting
import Testing

@Suite("Invariants in scenarios")
struct InvariantRunnerTests {
    @Test func aBrokenInvariantFailsTheScenarioWithItsNameLineAndValues() throws {
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
            scenarios:
              - name: three taps
                steps:
                  - send: tap
                  - send: tap
                  - send: tap
                  - send: tap
            """, path: "c.yaml")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(!timeline.passed)
        // Reported when it breaks (line 16), not again while it stays broken.
        #expect(timeline.failures == [
            .failure(time: 0, message: "invariant 'atMostTwo' does not hold after 'send tap': taps = 3", file: "c.yaml", line: 16),
        ])
        // The invariant is hidden: the timeline shows only what it did before.
        #expect(!TimelineFormatter.text(timeline).contains("atMostTwo  "))
    }

    @Test func anInvariantBrokenAtTheStartIsReportedAtTheScenario() throws {
        let spec = try Fixtures.checked("""
            screen: S
            state:
              n: { type: Int, initial: 5 }
            invariants:
              small: n < 3
            scenarios:
              - name: nothing happens
                steps: []
            """, path: "s.yaml")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.failures == [.failure(time: 0, message: "invariant 'small' does not hold after the start: n = 5", file: "s.yaml", line: 7)])
    }

    @Test func anInvariantCanBeExpected() throws {
        let spec = try Fixtures.checked(Fixtures.checkout)
        #expect(spec.node(named: "busyWhileCharging") != nil)
        #expect(ScenarioRunner.run(spec, scenario: 0).passed)
    }
}
