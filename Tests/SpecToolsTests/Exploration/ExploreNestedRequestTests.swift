import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// The sixth user's bug B5 (a price poll in flight when the screen went away still landed),
/// through exploration: with the fetch moved after the request, as the old refusal's note said,
/// `explore` finds the poll landing while hidden; nested in the interval's `ops:`, going hidden
/// disposes the fetch in every explored order. Exploration saves and restores the nested
/// request's inner streams at every step, so a state it lost would make either answer wrong.
@Suite("Exploration of a request nested in an inner stream")
struct ExploreNestedRequestTests {
    static let nested = """
              - flatMapLatest:
                  if: $0
                  then: { interval: 5s, ops: [ { flatMapFirst: { call: api.quote } } ] }
                  else: { empty }
        """
    static let movedAfter = """
              - flatMapLatest:
                  if: $0
                  then: { interval: 5s }
                  else: { empty }
              - flatMapFirst: { call: api.quote }
        """

    static func poll(_ ops: String) -> String {
        """
        screen: Poll
        inputs:
          appear: event
          disappear: event
        state:
          visible: { type: Bool, initial: false }
          price: { type: Int, initial: 0 }
          updatedWhileHidden: { type: Bool, initial: false }
        outputs:
          quotes:
            stream: visible
            ops:
        \(ops)
        handlers:
          - on: appear
            set: { visible: "true" }
          - on: disappear
            set: { visible: "false" }
          - on: quotes
            set: { price: quotes, updatedWhileHidden: "updatedWhileHidden || !visible" }
        invariants:
          noUpdatesWhileHidden: "!updatedWhileHidden"
        explore:
          waits: [0ms, 200ms, 5s]     # a tick, and a stop halfway through its fetch
        services:
          api.quote: { returns: Int, latency: 400ms, result: 7 }
        scenarios:
          - name: polls while visible
            steps:
              - send: appear
              - wait: 5400ms
              - expect: { price: 7 }
              - send: disappear
        """
    }

    private var options: ExploreOptions {
        var o = ExploreOptions()
        o.maxSeconds = 600  // bounded by depth and states, not by a loaded machine
        return o
    }

    @Test func movedAfterTheRequestExploreFindsThePollLandingWhileHidden() throws {
        let spec = try Fixtures.checked(Self.poll(Self.movedAfter), path: "/nonexistent/poll.yaml")
        let result = Explorer.explore(spec, options: options)
        let cx = try #require(result.counterexample)
        #expect(cx.title == "invariant 'noUpdatesWhileHidden'")
    }

    @Test func nestedInTheIntervalNoPollLandsWhileHidden() throws {
        let spec = try Fixtures.checked(Self.poll(Self.nested), path: "/nonexistent/poll.yaml")
        let result = Explorer.explore(spec, options: options)
        #expect(!result.violated)
        // It explored past a poll in flight (appear, the tick, the call, disappear), not a
        // trivial graph: as many states as the moved form's search went through, at least.
        #expect(result.distinctStates > 4 && result.depthReached >= 4)
    }
}
