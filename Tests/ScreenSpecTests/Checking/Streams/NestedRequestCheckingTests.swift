import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A request inside a request's `ops:` (the sixth user's W5): checked as any request, its answer
/// the inner stream's element; refused, each where it is written, when nested deeper or when its
/// `as:` would hide the element of the request around it.
@Suite("A request inside a request's ops: checking")
struct NestedRequestCheckingTests {
    private static func spec(_ quotes: String, extra: String = "") -> String {
        """
        screen: Poll
        inputs:
          visible: Bool
        state:
          symbols: { type: "[String]", initial: [AAPL] }
        outputs:
          quotes:
            stream: visible
            ops:
        \(quotes)
        \(extra)
        services:
          api.quotes: { params: { symbols: "[String]" }, returns: "[Double]", latency: 400ms, result: [1.5] }
          api.tick: { params: { n: Int }, returns: Int, result: 1 }
        """
    }

    // The refusal the user met is gone: the nested `with:` reads the screen's `symbols`, and the
    // output carries the nested answer's type.
    @Test func thePollThatStopsWhenInactiveChecks() throws {
        let loaded = SpecLoader.load(text: Self.spec("""
                  - flatMapLatest:
                      if: $0
                      then: { interval: 5s, ops: [ { flatMapFirst: { call: api.quotes, with: { symbols: symbols } } } ] }
                      else: { empty }
            """), path: "poll.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let spec = try #require(loaded.spec)
        let quotes = try #require(spec.nodes.first { $0.name == "quotes" })
        #expect(quotes.type == .list(.double))
    }

    @Test func aNestedArgumentIsCheckedWhereItIsWritten() {
        _ = assertDiagnostics(Self.spec("""
                  - flatMapLatest: { interval: 5s, ops: [ { flatMap: { call: api.tick, with: { n: '1️⃣$0 == 1' } } } ] }
            """), [
            DiagnosticSpec(message: "expected 'Int', found 'Bool'", id: "type-mismatch"),
        ])
    }

    @Test func requestsNestOneLevel() {
        _ = assertDiagnostics(Self.spec("""
                  - flatMapLatest: { interval: 5s, ops: [ { flatMap: { call: api.tick, with: { n: $0 }, ops: [ 1️⃣{ concatMap: { call: api.tick, with: { n: $0 } } } ] } } ] }
            """), [
            DiagnosticSpec(message: "'concatMap' cannot be used here: a request inside a request's 'ops:' runs its own inner streams, "
                           + "and those hold no request in turn; requests nest one level", id: "unsupported-inner-operator"),
        ])
    }

    @Test func aNestedAsCannotHideTheOuterElement() {
        _ = assertDiagnostics(Self.spec("""
                  - flatMapLatest: { as: on, interval: 5s, ops: [ { flatMap: { as: 1️⃣n, call: api.tick, with: { n: $0 } } } ] }
            """), [
            DiagnosticSpec(message: "'as: n' cannot name the element here: inside the request that binds 'on', a nested request's expressions read 'on', "
                           + "and its own element as '$0'", id: "unsupported-inner-operator"),
        ])
    }

    // Other operators that read the screen are still refused inside a request's `ops:`.
    @Test func otherScreenOperatorsAreStillRefused() {
        _ = assertDiagnostics(Self.spec("""
                  - flatMapLatest: { interval: 5s, ops: [ 1️⃣{ concat: visible } ] }
            """), [
            DiagnosticSpec(message: "'concat' cannot be used inside a request's 'ops:'; there an inner stream listens to the screen only through "
                           + "'takeUntil', 'withLatestFrom', 'combineLatest', 'sample' and 'merge'", id: "unsupported-inner-operator"),
        ])
    }
}
