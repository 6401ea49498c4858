import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// Exploration through a request that listens to the screen (issue 20 item 1): with the inner
/// `takeUntil: cancel` no progress comes after a cancel in any order of moves; without it,
/// `explore` finds the two-step counterexample.
@Suite("Exploration of a request's own takeUntil")
struct ExploreInnerListeningTests {
    static func upload(innerOps: String) -> String {
        """
        screen: Upload
        inputs:
          pick: String
          cancel: event
        state:
          cancelled: { type: Bool, initial: false }
          progressAfterCancel: { type: Bool, initial: false }
        outputs:
          progress:
            stream: pick
            ops:
              - flatMapLatest: { call: api.upload, with: { file: $0 }, ops: [\(innerOps)] }
        handlers:
          - on: pick
            set: { cancelled: false }
          - on: cancel
            set: { cancelled: true }
          - on: progress
            set: { progressAfterCancel: progressAfterCancel || cancelled }
        invariants:
          noProgressAfterCancel: "!progressAfterCancel"
        services:
          api.upload:
            returns: Int
            params: { file: String }
            sequence: [ { at: 100ms, value: 10 }, { at: 200ms, value: 100 }, { at: 200ms, complete: true } ]
        scenarios:
          - name: pick
            steps:
              - send: { pick: a.jpg }
              - wait: 200ms
              - expect: { progress: 100 }
        """
    }

    private var options: ExploreOptions {
        var o = ExploreOptions()
        o.maxSeconds = 600  // bounded by depth and states, not by a loaded machine
        return o
    }

    @Test func theInnerTakeUntilHoldsInEveryExploredOrder() throws {
        let spec = try Fixtures.checked(Self.upload(innerOps: " { takeUntil: cancel } "), path: "/nonexistent/upload.yaml")
        let result = Explorer.explore(spec, options: options)
        #expect(!result.violated)
    }

    @Test func withoutItExploreFindsProgressAfterCancel() throws {
        let spec = try Fixtures.checked(Self.upload(innerOps: ""), path: "/nonexistent/upload.yaml")
        let result = Explorer.explore(spec, options: options)
        let cx = try #require(result.counterexample)
        #expect(cx.title == "invariant 'noProgressAfterCancel'")
        #expect(cx.steps == 2)
    }
}
