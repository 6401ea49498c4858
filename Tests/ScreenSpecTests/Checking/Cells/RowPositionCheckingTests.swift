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
        // What its view shows comes last (`upButton.enabled`, CellsPass+ViewFields.swift).
        #expect(cells.fieldNames == ["track", "index", "count", "last", "upButton.enabled"])
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
            """)) == """
            t.yaml:11:52: error: unknown name 'index': a row reads its position when its view model declares it
               |
            11 |       upButton: { button: { tap: moveUp, enabled: "index > 0" } }
               |                                                    ^~~~~
            note: 'cells:' fills 'index: Int' with the row's offset in the list and 'count: Int' with the list's count
            help: add 'index: Int' to the view model's 'params:', after its element, as in 'params: { item: Item, index: Int, count: Int }'

            """)
    }

    @Test func theScreenReadingIndex() {
        #expect(diagnose(spec(screen: """
            handlers:
              - on: upNext.moveUp
                set: { queue: 'queue.swappingAt(index, index - 1)' }
            """)) == """
            t.yaml:15:37: error: unknown name 'index': the screen has no position, each row of 'upNext' has its own
               |
            15 |     set: { queue: 'queue.swappingAt(index, index - 1)' }
               |                                     ^~~~~
            note: a row reads 'index' in its view model; the screen reads a row's through the row
            help: read it through a row, as in 'upNext.<input>.index' in a handler on a row's input, or 'upNext.map { $0.index }'

            """)
    }

    @Test func aPositionOfAnotherType() {
        // `row` is a parameter the screen gives (`with:`, RowGivenCheckingTests); `count` is the position.
        #expect(diagnose(spec(params: "{ track: Track, row: Int, count: String }")) == """
            t.yaml:8:46: error: 'count' is how many rows the list has, an 'Int'; found 'String'
              |
            8 |     params: { track: Track, row: Int, count: String }
              |                                              ^~~~~~
            help: write 'count: Int'

            """)
    }

    @Test func aHandlerSettingThePosition() {
        #expect(diagnose(spec(row: """
                handlers:
                  - on: moveUp
                    set: { index: index - 1 }
            """)) == """
            t.yaml:12:16: error: a row's handler sets its state; 'index' is not state of 'QueueRow'
               |
            12 |         set: { index: index - 1 }
               |                ^~~~~

            """)
    }
}
