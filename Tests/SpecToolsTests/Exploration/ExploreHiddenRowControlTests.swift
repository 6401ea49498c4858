import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A person cannot touch a hidden view, so exploration makes no gesture on a row's component
/// while it is hidden on that row.
@Suite("Exploring a row's hidden components")
struct ExploreHiddenRowControlTests {
    private let spec = """
        screen: HiddenRowRetry
        types:
          Message: { id: Int }
        state:
          messages: { type: "[Message]", initial: [{ id: 1 }] }
        viewModels:
          Bubble:
            params: { message: Message }
            inputs:
              retry: event
            state:
              retries: { type: Int, initial: 0 }
            handlers:
              - on: retry
                set: { retries: retries + 1 }
            view:
              retryButton: { button: { tap: retry, isHidden: "%@" } }
        cells:
          thread: { viewModel: Bubble, for: messages }
        outputs:
          retries: 'thread.map { $0.retries }.reduce(0) { $0 + $1 }'
        invariants:
          neverRetried: retries == 0
        explore:
          depth: 3
        scenarios:
          - name: s
            steps:
              - tap: { thread.retryButton: { row: 1 } }

        """

    private func explore(hiddenWhile condition: String) throws -> ExploreResult {
        let checked = try Fixtures.checked(spec.replacingOccurrences(of: "%@", with: condition), path: "/nonexistent/hiddenrow.yaml")
        var o = ExploreOptions()
        o.maxSeconds = 600  // never the bound: the result depends on the states only
        return Explorer.explore(checked, options: o)
    }

    @Test func aRowButtonAlwaysHiddenIsNeverTapped() throws {
        let result = try explore(hiddenWhile: "retries >= 0")
        #expect(result.counterexample == nil, "\(result.counterexample?.scenarioYAML ?? "")")
    }

    @Test func aRowButtonShownIsTapped() throws {
        let result = try explore(hiddenWhile: "retries < 0")
        let cx = try #require(result.counterexample)
        #expect(cx.scenarioYAML.contains("thread.retryButton"), "\(cx.scenarioYAML)")
    }
}
