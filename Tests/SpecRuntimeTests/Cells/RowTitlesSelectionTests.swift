import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// A row's index control whose titles are an expression over the row's names shows its index as
/// UIKit moves it when the titles change, as the screen's control does (``ComponentPlan/Choices``):
/// a picker view's selected row clamped into its rows (-1 with none), a segmented control's -1.
/// A person's pick of what it shows fires nothing.
@Suite("A row's selection moved into titles from an expression")
struct RowTitlesSelectionTests {
    static let screen = """
        screen: Sizes
        types:
          Item: { id: Int, sizes: "[String]" }
        inputs:
          resize: "[String]"
        state:
          items: { type: "[Item]", initial: [{ id: 1, sizes: [S, M, L] }] }
        handlers:
          - on: resize
            set: { items: '[Item(id: 1, sizes: resize)]' }
        viewModels:
          Row:
            params: { item: Item }
            inputs:
              size: Int
            state:
              chosen: { type: Int, initial: 2 }
              picks: { type: Int, initial: 0 }
            handlers:
              - on: size
                set: { chosen: size, picks: picks + 1 }
            view:
              sizes:
                %@:
                  %@: item.sizes
                  %@: { twoWay: size, get: chosen }
        cells:
          rows: { viewModel: Row, for: items }
        outputs:
          picks: 'rows.map { $0.picks }.reduce(0) { $0 + $1 }'
        scenarios:
          - name: s
            steps:

        """

    static func played(_ kind: String, _ steps: String) throws -> (passed: Bool, text: String) {
        let (titles, index) = kind == "pickerView" ? ("rows", "selectedRow") : ("segments", "selectedIndex")
        var text = screen
        for part in [kind, titles, index] { text = text.replacingOccurrences(of: "%@", with: part, options: [], range: text.range(of: "%@")) }
        let loaded = SpecLoader.load(text: text + steps, path: "t.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        return (timeline.passed, TimelineFormatter.text(timeline))
    }

    @Test("a row's picker view whose rows shrink shows its selected row clamped into them: a pick of that row fires nothing")
    func aRowPickerClampsItsSelection() throws {
        var (passed, text) = try Self.played("pickerView", """
                  - send: { resize: [S, M] }
                  - pick: { rows.sizes: { row: 1, value: 1 } }
                  - expect: { picks: 0 }
                  - pick: { rows.sizes: { row: 1, value: 0 } }
                  - expect: { picks: 1 }
            """)
        #expect(passed, "\(text)")
        #expect(text.contains("nothing fires, the pickerView already shows it"), "\(text)")
        (passed, text) = try Self.played("pickerView", """
                  - pick: { rows.sizes: { row: 1, value: 2 } }
                  - expect: { picks: 0 }
            """)
        #expect(passed, "\(text)")
    }
}
