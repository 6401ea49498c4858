import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A row's component whose `isHidden` is true on that row takes no gesture, as a hidden control
/// of the screen: UIKit's hit-testing skips a hidden view.
@Suite("A row's hidden components")
struct RowHiddenGestureTests {
    static let screen = """
        screen: Messages
        types:
          Message: { id: Int, failed: Bool }
        state:
          messages: { type: "[Message]", initial: [{ id: 1, failed: true }, { id: 2, failed: false }] }
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
              retryButton: { button: { title: '"Retry"', tap: retry, isHidden: "!message.failed" } }
        cells:
          thread: { viewModel: Bubble, for: messages }
        outputs:
          retries: 'thread.map { $0.retries }.reduce(0) { $0 + $1 }'
        scenarios:
          - name: s
            steps:
              - tap: { thread.retryButton: { row: 2 } }
              - expect: { retries: 0 }
              - tap: { thread.retryButton: { row: 1 } }
              - expect: { retries: 1 }
        """

    @Test("a tap on a row's button hidden on that row is ignored; shown, it fires")
    func aHiddenRowButtonIgnoresATap() throws {
        let loaded = SpecLoader.load(text: Self.screen, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(timeline.passed, "\(text)")
        #expect(text.contains("▶ tap thread.retryButton of row 2 — ignored, the button is hidden"), "\(text)")
        #expect(text.contains("▶ tap thread.retryButton of row 1\n"), "\(text)")
    }

    @Test("a compiled program plays the hidden row button as the YAML does")
    func theCompiledProgramIgnoresItToo() throws {
        let spec = try #require(SpecLoader.load(text: Self.screen, path: "t.yaml").spec)
        let loaded = try CompiledSpec.load(json: Data(try CompiledSpec.json(spec).utf8))
        #expect(TimelineFormatter.text(ScenarioRunner.run(loaded, scenario: 0)) == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0)))
    }
}
