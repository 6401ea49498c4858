import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A call the screen makes as it starts (a `timer: 0ms` load) takes the first result of the
/// counterexample's `services:` override when `specrun run` plays it, even when the first move
/// cancels it. A first user's counterexample left that call out: the refresh that cancelled it
/// then got the failure meant for it, and the printed scenario passed.
@Suite struct CounterexampleStartCallsTests {
    static let screen = """
        screen: StartAndRefresh
        inputs:
          refresh: event
        state:
          failed: { type: Bool, initial: false }
          loading: { type: Bool, initial: false }
        outputs:
          started: { timer: 0ms, ops: [ { map: "1" } ] }
          requested: { stream: refresh, ops: [ { map: "1" }, { merge: started } ] }
          loaded: { stream: requested, ops: [ { flatMapLatest: { call: api.load } } ] }
        handlers:
          - on: requested
            set: { loading: "true" }
          - on: loaded
            set: { loading: "false" }
          - on: loaded.errors
            set: { loading: "false", failed: "true" }
        services:
          api.load: { returns: Int, latency: 500ms, result: 1 }
        invariants:
          noStaleFailure: "!(loading && failed)"
        explore:
          waits: [0ms, 500ms]
          services:
            api.load:
              - { latency: 500ms }
              - { fail: http(503) }
        scenarios:
          - name: loads
            steps:
              - wait: 500ms
              - send: refresh

        """

    @Test func theCallMadeAtTheStartTakesTheFirstResult() throws {
        let spec = try RaceSpecs.load(Self.screen)
        var options = ExploreOptions()
        options.maxSeconds = 600  // never the bound: the result depends on depth and states only
        let result = Explorer.explore(spec, options: options)
        let cx = try #require(result.counterexample)
        #expect(cx.title == "invariant 'noStaleFailure'")
        // The start's call answers first (cancelled), then the refresh's calls.
        let results = cx.scenarioYAML.components(separatedBy: "\n").filter { $0.contains("- { ") }
        #expect(results.count == 3, "\(cx.scenarioYAML)")
        #expect(results.first?.contains("value: 1") == true, "\(cx.scenarioYAML)")
        #expect(CounterexampleCheck.problem(cx, specText: Self.screen, path: "/nonexistent/start.yaml") == nil,
                "\(cx.scenarioYAML)")
    }
}
