import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
import Testing

/// Specs that are valid but misbehave at run time: they must stop with a located runtime error,
/// never hang or print without end.
@Suite("Hostile specs at run time")
struct HostileRuntimeTests {
    private func timeline(_ yaml: String, entryLimit: Int = 1000) throws -> Timeline {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.diagnostics.map(\.description))")
        return ScenarioRunner.run(spec, scenario: 0, entryLimit: entryLimit)
    }

    private func runtimeErrors(_ timeline: Timeline) -> [(time: Int, message: String)] {
        timeline.entries.compactMap {
            if case .runtimeError(let time, let message) = $0 { return (time, message) }
            return nil
        }
    }

    /// An action re-triggered by its own elements through `delay: 0ms` and a service with no
    /// latency loops at one virtual instant: it used to print for half a minute (485 MB) before
    /// the scheduled-event limit stopped it.
    @Test func aZeroDelayFeedbackLoopStopsAtTheEntryBudget() throws {
        let t = try timeline("""
            screen: R
            outputs:
              again: { stream: load.elements, ops: [ { delay: 0ms } ] }
            actions:
              load:
                trigger: again
                work: { call: api.get }
            services:
              api.get: { returns: Int, latency: 0ms, result: 1 }
            scenarios:
              - name: a
                steps:
                  - send: load
                  - wait: 1s
                  - expect: { load.elements: 1 }
            """)
        let errors = runtimeErrors(t)
        #expect(errors.count == 1)
        #expect(errors.first?.time == 0)
        #expect(errors.first?.message.hasPrefix("t.yaml:14:9: the timeline has more than 1000 entries; the scenario stopped") == true)
        #expect(t.entries.count <= 1000 + 10)
        // The scenario stopped at the wait: its later expectation did not run.
        #expect(!t.entries.contains { if case .failure = $0 { return true } else { return false } })
        #expect(t.stoppedByLimit)
    }

    /// The same loop with `delay: 1ms` and a wait of 31 years would run 10^12 transactions.
    @Test func aDelayedFeedbackLoopOverALongWaitStops() throws {
        let t = try timeline("""
            screen: R
            outputs:
              again: { stream: load.elements, ops: [ { delay: 1ms } ] }
            actions:
              load:
                trigger: again
                work: { call: api.get }
            services:
              api.get: { returns: Int, latency: 0ms, result: 1 }
            scenarios:
              - name: a
                steps:
                  - send: load
                  - wait: 1000000000000ms
            """)
        let errors = runtimeErrors(t)
        #expect(errors.count == 1)
        #expect(errors.first.map { $0.time > 0 && $0.time < 1000 } == true)
        #expect(errors.first?.message.hasPrefix("t.yaml:14:9: the timeline has more than 1000 entries") == true)
    }

    /// A spec that stays within the budget is unaffected by it.
    @Test func aLongButFiniteTimelineIsNotCut() throws {
        let t = try timeline("""
            screen: R
            inputs:
              click: Int
            outputs:
              later: { stream: click, ops: [ { delay: 1s } ] }
            scenarios:
              - name: a
                steps:
                  - send: { click: 1 }
                  - send: { click: 2 }
                  - wait: 1000000000000ms
                  - expect: { later: 2 }
            """, entryLimit: 5)
        #expect(runtimeErrors(t).isEmpty)
        #expect(t.passed)
    }
}
