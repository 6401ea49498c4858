import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// Exploration through inner timers whose due time is computed from the element (issue 39): the
/// timers pending in each explored state carry the time each element computed, so with
/// `flatMapLatest` only the last choice's timer ever fires, and with `flatMap` `explore` finds the
/// order in which an older, longer one fires after a newer choice.
@Suite("Exploration of an inner timer with a computed time")
struct ExploreComputedTimerTests {
    static func sleep(_ request: String) -> String {
        """
        screen: Sleep
        inputs:
          minutes: Int
        state:
          armed: { type: Int, initial: 0 }
          fired: { type: Int, initial: 0 }
        outputs:
          asleep:
            stream: minutes
            ops:
              - \(request): { as: m, timer: { milliseconds: "m * 100" }, ops: [ { map: m } ] }
        handlers:
          - on: minutes
            set: { armed: minutes, fired: 0 }
          - on: asleep
            set: { fired: asleep }
        invariants:
          firesTheLastChoice: "fired == 0 || fired == armed"
        scenarios:
          - name: three, then one
            steps:
              - send: { minutes: 3 }
              - send: { minutes: 1 }
              - wait: 100ms
              - expect: { asleep: 1 }
              - wait: 200ms
        """
    }

    private var options: ExploreOptions {
        var o = ExploreOptions()
        o.maxSeconds = 600  // bounded by depth and states, not by a loaded machine
        return o
    }

    @Test func theLatestTimerAloneFiresInEveryExploredOrder() throws {
        let spec = try Fixtures.checked(Self.sleep("flatMapLatest"), path: "/nonexistent/sleep.yaml")
        #expect(!Explorer.explore(spec, options: options).violated)
    }

    @Test func withFlatMapExploreFindsAnOlderTimerFiringLate() throws {
        let spec = try Fixtures.checked(Self.sleep("flatMap"), path: "/nonexistent/sleep.yaml")
        let cx = try #require(Explorer.explore(spec, options: options).counterexample)
        #expect(cx.title == "invariant 'firesTheLastChoice'")
        // Three and a wait of 100 ms, then one and a wait of 200 ms, which lets the three's 300 ms
        // timer fire after the one's: two moves, each an input and the wait after it.
        #expect(cx.steps == 2)
    }
}
