import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// A hidden table or collection view hides its rows' components from touches, as UIKit's
/// hit-testing skips a hidden view and everything in it (a ninth first user's T8): a scenario's
/// tap on a row of a hidden sheet is ignored, and `explore` makes none.
@Suite("A hidden list's rows take no touch")
struct RowListHiddenTests {
    static let spec = """
        screen: Hid
        types:
          Chip: { id: Int, name: String }
        inputs:
          open: event
        state:
          sheetOpen: { type: Bool, initial: false }
          chips: { type: "[Chip]", initial: [{ id: 1, name: A }, { id: 2, name: B }] }
        viewModels:
          ChipRow:
            params: { chip: Chip }
            inputs: { tap: event }
            state: { on: { type: Bool, initial: false } }
            handlers:
              - { on: tap, set: { on: "!on" } }
            view:
              chipButton: { button: { title: chip.name, tap: tap } }
        cells:
          rows: { viewModel: ChipRow, for: chips }
        handlers:
          - { on: open, set: { sheetOpen: true } }
        outputs:
          selected: 'rows.filter { $0.on }.count'
        view:
          sheet: { collectionView: { items: rows, isHidden: "!sheetOpen" } }
          openButton: { button: { title: '"Filters"', tap: open } }
        invariants:
          chipsOnlyWhileOpen: 'sheetOpen || selected == 0'
        scenarios:
          - name: a tap on a chip of the hidden sheet is ignored
            steps:
              - tap: { rows.chipButton: { row: 1 } }
              - expect: { selected: 0 }
              - tap: openButton
              - tap: { rows.chipButton: { row: 1 } }
              - expect: { selected: 1 }
        """

    @Test func aTapOnARowOfAHiddenListIsIgnored() throws {
        let spec = try Fixtures.checked(Self.spec, path: "/nonexistent/hid.yaml")
        let timeline = ScenarioRunner.run(spec, scenario: 0)
        let text = TimelineFormatter.text(timeline)
        #expect(timeline.passed, "\(text)")
        #expect(text.contains("▶ tap rows.chipButton of row 1 — ignored, the button is hidden"), "\(text)")
    }

    @Test func exploreMakesNoTouchOnAHiddenList() throws {
        let spec = try Fixtures.checked(Self.spec, path: "/nonexistent/hid.yaml")
        var options = ExploreOptions()
        options.maxSeconds = 600  // bounded by depth and states, not by a loaded machine
        let result = Explorer.explore(spec, options: options)
        #expect(!result.violated, "\(result.counterexample.map { String(describing: $0) } ?? "")")
    }
}
