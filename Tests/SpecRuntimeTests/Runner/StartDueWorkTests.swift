import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
import Testing

/// What the screen's start makes due at 0ms runs before the first step (the author's report,
/// silent trap 1): a `timer: 0ms` has fired and a call of zero latency it made has answered, as the
/// main queue turns after `viewDidLoad` before a person can act. Work a step schedules for its own
/// millisecond still waits for the next `wait:`.
@Suite("Work due at the start")
struct StartDueWorkTests {
    private func play(_ yaml: String) throws -> Timeline {
        let loaded = SpecLoader.load(text: yaml, path: "s.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        return ScenarioRunner.run(try #require(loaded.spec), scenario: 0)
    }

    @Test func aTimerOfZeroHasFiredWhenTheFirstStepRuns() throws {
        let t = try play("""
            screen: T0
            outputs:
              start: { timer: 0ms }
            state:
              loaded: { type: Bool, initial: false }
            actions:
              load:
                trigger: start
                work: { call: api.load }
            handlers:
              - on: start
                set: { loaded: "true" }
            services:
              api.load: { returns: Int, latency: 100ms, result: 1 }
            scenarios:
              - name: a step at 0ms
                steps:
                  - expect: { loaded: true, load.executing: true }
                  - wait: 100ms
                  - expect: { load.elements: 1, load.executing: false }
            """)
        #expect(t.passed, "\(TimelineFormatter.text(t))")
    }

    @Test func aZeroLatencyAnswerToTheStartLandsBeforeTheFirstStep() throws {
        let t = try play("""
            screen: Top
            outputs:
              mapped:
                timer: 0ms
                ops:
                  - flatMap: { call: just1, ops: [ { map: "$0 * 2" } ] }
            services:
              just1: { returns: Int, result: 1 }
            scenarios:
              - name: no wait first
                steps:
                  - expect: { mapped: 2 }
            """)
        #expect(t.passed, "\(TimelineFormatter.text(t))")
    }

    @Test func zeroLatencyWorkOfAStepWaitsForTheNextWait() throws {
        let t = try play("""
            screen: Step
            inputs:
              go: event
            state:
              got: { type: Int, initial: 0 }
            outputs:
              answer: { stream: go, ops: [ { flatMap: { call: api.x } } ] }
            handlers:
              - on: answer
                set: { got: answer }
            services:
              api.x: { returns: Int, result: 7 }
            scenarios:
              - name: the answer lands at the wait
                steps:
                  - send: go
                  - expect: { got: 0 }
                  - wait: 0ms
                  - expect: { got: 7 }
            """)
        #expect(t.passed, "\(TimelineFormatter.text(t))")
    }
}
