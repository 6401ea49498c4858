import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// `subscribe:` and `dispose:` steps refused where they are written, each with its fix.
@Suite("Observer steps' diagnostics")
struct ObserverStepDiagnosticsTests {
    private static func spec(_ steps: String) -> String {
        """
        screen: Observed
        inputs:
          xs: Int
        state:
          count: { type: Int, initial: 0 }
        outputs:
          doubled: { stream: xs, ops: [ { map: "$0 * 2" } ] }
        view:
          label: { label: { text: '"\\(count)"' } }
        scenarios:
          - name: observers
            steps:
        \(steps)
        """
    }

    @Test func disposingAnObserverNeverSubscribed() {
        _ = assertDiagnostics(Self.spec("      - dispose: 1️⃣late\n"), [
            DiagnosticSpec(message: "'dispose:' ends an observer's subscription, but no observer 'late' is subscribed here", id: "invalid-step-target"),
        ])
    }

    @Test func disposingTwice() {
        _ = assertDiagnostics(Self.spec("      - subscribe: { late: doubled }\n      - dispose: late\n      - dispose: 1️⃣late\n"), [
            DiagnosticSpec(message: "'dispose:' ends an observer's subscription, but no observer 'late' is subscribed here", id: "invalid-step-target"),
        ])
    }

    @Test func anObserverNamedAsTheScreensName() {
        _ = assertDiagnostics(Self.spec("      - subscribe: { 1️⃣count: doubled }\n"), [
            DiagnosticSpec(message: "observer 'count' has the name of one of the screen's names, whose lines its own would read as", id: "duplicate-name"),
        ])
    }

    @Test func anObserverSubscribedTwice() {
        _ = assertDiagnostics(Self.spec("      - subscribe: { late: doubled }\n      - subscribe: { 1️⃣late: xs }\n"), [
            DiagnosticSpec(message: "observer 'late' is subscribed already", id: "duplicate-name"),
        ])
    }

    @Test func anObserverSubscribedAgainAfterItsDispose() {
        _ = assertDiagnostics(Self.spec("      - subscribe: { late: doubled }\n      - dispose: late\n      - subscribe: { late: xs }\n"), [])
    }

    @Test func anUnknownName() {
        _ = assertDiagnostics(Self.spec("      - subscribe: { late: 1️⃣doubeld }\n"), [
            DiagnosticSpec(message: "unknown name 'doubeld' in 'subscribe:'; did you mean 'doubled'?", id: "unknown-name"),
        ])
    }

    @Test func subscribeWithoutAnObserverName() {
        _ = assertDiagnostics(Self.spec("      - subscribe: 1️⃣doubled\n"), [
            DiagnosticSpec(message: "'subscribe:' names an observer and what it observes, as in 'subscribe: { late: results }', found a scalar",
                           id: "invalid-step"),
        ])
    }
}

/// `share:` says what a late observer of an output gets, so it is the output's last operator.
@Suite("share's place")
struct SharePlacementTests {
    @Test func shareBeforeAnotherOperatorIsRefused() {
        _ = assertDiagnostics("""
            screen: Shared
            inputs:
              xs: Int
            outputs:
              ys: { stream: xs, ops: [ 1️⃣{ share: { replay: 1 } }, { map: "$0 + 1" } ] }
            """, [
            DiagnosticSpec(message: "'share' says what a late observer of the output gets, so it is the output's last operator", id: "share-not-last"),
        ])
    }

    @Test func shareInsideARequestIsRefused() {
        _ = assertDiagnostics("""
            screen: Shared
            inputs:
              xs: Int
            outputs:
              ys: { stream: xs, ops: [ { flatMap: { call: api.get, ops: [ 1️⃣{ share: { replay: 1 } } ] } } ] }
            services:
              api.get: { returns: Int, result: 1 }
            """, [
            DiagnosticSpec(message: "'share' cannot be used inside a request's 'ops:'; there an inner stream listens to the screen only through 'takeUntil', 'withLatestFrom', 'combineLatest', 'sample' and 'merge'",
                           id: "unsupported-inner-operator"),
        ])
    }
}
