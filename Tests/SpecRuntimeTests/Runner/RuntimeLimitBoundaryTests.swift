import ScreenSpec
import SpecRuntime
import Testing

/// Issue 25, fault 13: each budget of docs/limits.md's "Playing a scenario" holds at exactly its
/// value and stops one past it. The entry budget stopped a timeline of exactly N entries while
/// its message says "more than N". Small budgets stand for the defaults: the comparison is one.
@Suite("Runtime budgets: exactly N is allowed, N + 1 stops")
struct RuntimeLimitBoundaryTests {
    static let ticks = """
        screen: Ticks
        inputs:
          tick: event
        state:
          count: { type: Int, initial: 0 }
          text: { type: String, initial: "" }
        handlers:
          - on: tick
            set: { count: count + 1, text: text + "ab" }
        scenarios:
          - name: five ticks
            steps:
              - send: tick
              - send: tick
              - send: tick
              - send: tick
              - send: tick
        """

    static func spec() throws -> CheckedSpec {
        let loaded = SpecLoader.load(text: ticks, path: "ticks.yaml")
        return try #require(loaded.spec, "\(loaded.renderDiagnostics())")
    }

    @Test func timelineEntries() throws {
        let spec = try Self.spec()
        let full = ScenarioRunner.run(spec, scenario: 0)
        #expect(!full.stoppedByLimit)
        let entries = full.entries.count
        #expect(!ScenarioRunner.run(spec, scenario: 0, entryLimit: entries).stoppedByLimit, "exactly \(entries) entries")
        let cut = ScenarioRunner.run(spec, scenario: 0, entryLimit: entries - 1)
        #expect(cut.stoppedByLimit)
        guard case .runtimeError(_, let message)? = cut.entries.last else {
            Issue.record("the timeline does not end with the stop")
            return
        }
        #expect(message.contains("the timeline has more than \(entries - 1) entries"), "\(message)")
    }

    /// Five ticks build a string of 10 characters.
    @Test func valueSize() throws {
        let spec = try Self.spec()
        #expect(!ScenarioRunner.run(spec, scenario: 0, valueSizeLimit: 10).stoppedByLimit)
        #expect(ScenarioRunner.run(spec, scenario: 0, valueSizeLimit: 9).stoppedByLimit)
    }
}
