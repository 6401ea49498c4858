import SpecRuntime
import Testing
@testable import ScreenSpec

private func diagnose(_ yaml: String) -> String {
    SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
}

/// A row's position: `index: Int` and `count: Int` after the element in a view model's
/// `params:`, fields of the row that `cells:` fills; each misuse is one located diagnostic with
/// its fix.
@Suite("A row's position: checking")
struct RowPositionCheckingTests {
    private func spec(params: String = "{ track: Track, index: Int, count: Int }", row: String = "", screen: String = "") -> String {
        """
        screen: Q
        types:
          Track: { id: Int }
        state:
          queue: { type: "[Track]", initial: [{ id: 1 }, { id: 2 }] }
        viewModels:
          QueueRow:
            params: \(params)
            inputs: { moveUp: event }
        \(row)
        cells:
          upNext: { viewModel: QueueRow, for: queue }
        \(screen)
        """
    }

    @Test func thePositionIsFieldsOfTheRowAfterItsElement() throws {
        let loaded = SpecLoader.load(text: spec(row: """
                outputs:
                  last: index == count - 1
                view:
                  upButton: { button: { tap: moveUp, enabled: "index > 0" } }
            """, screen: """
            handlers:
              - on: upNext.moveUp
                set: { queue: 'queue.swappingAt(upNext.moveUp.index, upNext.moveUp.index - 1)' }
            """), path: "t.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let cells = try #require(checked.cells.first)
        #expect(cells.fieldNames == ["track", "index", "count", "last"])
        #expect(cells.position == CellsPlan.Position(index: 1, count: 2))
        // A view model that reads only its offset declares only it.
        let onlyIndex = SpecLoader.load(text: spec(params: "{ track: Track, index: Int }"), path: "t.yaml").spec
        #expect(onlyIndex?.cells.first?.position == CellsPlan.Position(index: 1, count: nil))
        #expect(SpecLoader.load(text: spec(params: "{ track: Track }"), path: "t.yaml").spec?.cells.first?.position == nil)
    }

    @Test func aRowReadingAPositionItDoesNotDeclare() {
        #expect(diagnose(spec(params: "{ track: Track }", row: """
                view:
                  upButton: { button: { tap: moveUp, enabled: "index > 0" } }
            """)) == "")
    }

    @Test func theScreenReadingIndex() {
        #expect(diagnose(spec(screen: """
            handlers:
              - on: upNext.moveUp
                set: { queue: 'queue.swappingAt(index, index - 1)' }
            """)) == "")
    }

    @Test func aParameterThatIsNoPosition() {
        #expect(diagnose(spec(params: "{ track: Track, row: Int, count: String }")) == "")
    }

    @Test func aHandlerSettingThePosition() {
        #expect(diagnose(spec(row: """
                handlers:
                  - on: moveUp
                    set: { index: index - 1 }
            """)) == "")
    }
}
