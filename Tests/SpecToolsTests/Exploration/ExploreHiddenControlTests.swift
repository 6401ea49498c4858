import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A person cannot touch a hidden view, so exploration makes no gesture on a hidden control.
@Suite("Exploring hidden controls")
struct ExploreHiddenControlTests {
    private let spec = """
        screen: HiddenRetry
        inputs:
          retry: event
        state:
          retries: { type: Int, initial: 0 }
        handlers:
          - on: retry
            set: { retries: retries + 1 }
        view:
          retryButton: { button: { tap: retry, isHidden: "%@" } }
        invariants:
          neverRetried: retries == 0
        explore:
          depth: 3
        scenarios:
          - name: s
            steps:
              - tap: retryButton

        """

    private func explore(hiddenWhile condition: String) throws -> ExploreResult {
        let checked = try Fixtures.checked(spec.replacingOccurrences(of: "%@", with: condition), path: "/nonexistent/hidden.yaml")
        var o = ExploreOptions()
        o.maxSeconds = 600  // never the bound: the result depends on the states only
        return Explorer.explore(checked, options: o)
    }

    @Test func aButtonAlwaysHiddenIsNeverTapped() throws {
        let result = try explore(hiddenWhile: "retries >= 0")
        #expect(result.counterexample == nil, "\(result.counterexample?.scenarioYAML ?? "")")
    }

    @Test func aButtonShownIsTapped() throws {
        let result = try explore(hiddenWhile: "retries < 0")
        let cx = try #require(result.counterexample)
        #expect(cx.scenarioYAML.contains("- tap: retryButton"))
    }
}
