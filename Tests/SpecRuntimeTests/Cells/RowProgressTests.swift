import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 39, the sixth first user's W2 (notes/author6/scratch/d2_cascade_progressview.yaml): a
/// download row's progress bar, `cell.progressView.rx.progress`. A row binds a progress view as
/// the screen does: its value is a field of the row, and a value outside 0...1 is a runtime
/// error of the scenario, the field keeping its last value.
@Suite("A row's progress view")
struct RowProgressTests {
    private static func spec(_ steps: String) -> String {
        """
        screen: Downloads
        types:
          Download: { id: Int, progress: Int }
        inputs:
          tick: Int
        state:
          items: { type: "[Download]", initial: [{ id: 1, progress: 40 }] }
        viewModels:
          DownloadRow:
            params: { item: Download }
            view:
              bar: { progressView: { progress: Double(item.progress) / 100 } }
        cells:
          rows: { viewModel: DownloadRow, for: items }
        handlers:
          - on: tick
            set: { items: 'items.map { $0.with(progress: tick) }' }
        scenarios:
          - name: s
            steps:
        \(steps)
        """
    }

    @Test("the row's bar follows its element")
    func theBarFollows() throws {
        let loaded = SpecLoader.load(text: Self.spec("""
                  - expect: 'rows.first?.bar.progress == 0.4'
                  - send: { tick: 100 }
                  - expect: 'rows.first?.bar.progress == 1.0'
            """), path: "d.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        #expect(timeline.passed, "\(TimelineFormatter.text(timeline))")
    }

    @Test("a progress past 1 is a runtime error naming the row, and the bar keeps its last value")
    func pastOneIsAnError() throws {
        let loaded = SpecLoader.load(text: Self.spec("""
                  - send: { tick: 150 }
                  - expect: 'rows.first?.bar.progress == 0.4'
            """), path: "d.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(!timeline.passed)
        #expect(text.contains("'rows' row 1, 'bar.progress' cannot take 1.5; it takes 0.0...1.0"), "\(text)")
    }
}
