import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// An input property is a `BehaviorRelay`: `accept` of an equal value still reaches its
/// subscribers (a re-tapped row, a re-entered search), while outputs derived by value keep their
/// `distinctUntilChanged`. The RxSwift timeline, for `let email = BehaviorRelay(value: "")`:
/// `email.map { "Hi \($0)" }` records `"Hi "`, `"Hi a@b.c"`, `"Hi a@b.c"` for two equal accepts;
/// `email.map { $0.count }.distinctUntilChanged()` records `0`, `5`.
@Suite("An input property accepts an equal value as a BehaviorRelay does")
struct RelayAcceptTests {
    private let spec = """
        screen: S
        inputs:
          email: { type: String, default: "" }
        state:
          edits: { type: Int, initial: 0 }
          lastSeen: { type: String, initial: "" }
        outputs:
          greeting: { stream: email, ops: [ { map: '"Hi \\($0)"' } ] }
          length: email.count
        handlers:
          - on: email
            set: { edits: edits + 1 }
          - on: greeting
            set: { lastSeen: greeting }

        """

    @Test("a second equal set reaches a stream and a handler, not a derived output")
    func equalAccept() throws {
        let r = try TimelineRecorder(spec)
        r.set("email", .string("a@b.c"))
        try r.wait(10)
        r.set("email", .string("a@b.c"))
        #expect(r.recorded("greeting") == [next(0, "Hi "), next(0, "Hi a@b.c"), next(10, "Hi a@b.c")])
        #expect(r.recorded("length") == [next(0, 0), next(0, 5)])
        #expect(r.recorded("edits") == [next(0, 0), next(0, 1), next(10, 2)])
        // State keeps its de-duplication: the handler writes the same `lastSeen` twice, once shown.
        #expect(r.recorded("lastSeen") == [next(0, ""), next(0, "Hi "), next(0, "Hi a@b.c")])
    }

    @Test("a handler's equal write to an input property reaches its readers too (accept)")
    func handlerAccept() throws {
        let r = try TimelineRecorder("""
            screen: S
            inputs:
              send: event
              draft: { type: String, default: "" }
            outputs:
              drafts: { stream: draft, ops: [ { map: $0.count } ] }
            handlers:
              - on: send
                set: { draft: '""' }

            """)
        r.send("send")
        r.send("send")
        #expect(r.recorded("drafts") == [next(0, 0), next(0, 0), next(0, 0)])
    }
}
