import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// Exploration of a spec that reads the clock (`now`): the time is part of an explored state, so
/// a wait on an idle screen reaches a new state, and what happens only late is found.
@Suite("Exploration of a spec that reads the clock")
struct ExploreClockTests {
    static let late = """
        screen: Late
        inputs:
          tap: event
        state:
          tappedAt: { type: Int, initial: -1 }
        handlers:
          - on: tap
            set: { tappedAt: "tappedAt < 0 ? now : tappedAt" }
        invariants:
          early: tappedAt < 30
        explore:
          events: [tap]
          waits: [0ms, 10ms]
          depth: 5
        """

    @Test func aWaitOnAnIdleScreenIsANewStateWhenTheSpecReadsTheTime() throws {
        var options = ExploreOptions()
        options.maxSeconds = 600  // bounded by depth and states, not by a loaded machine
        let spec = try Fixtures.checked(Self.late, path: "/nonexistent/late.yaml")
        // Were the time left out, every wait from the start would come back to it, and the first
        // tap would always be at 0 ms.
        let cx = try #require(Explorer.explore(spec, options: options).counterexample)
        #expect(cx.title == "invariant 'early'")
    }
}
