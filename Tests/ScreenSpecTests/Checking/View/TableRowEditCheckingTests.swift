import SpecTesting
import Testing
@testable import ScreenSpec
@testable import SpecRuntime

/// `delete:` and `move:` on a table: offered only where the spec binds their events, a move
/// carrying a record the spec declares with `from: Int` and `to: Int`, and rows written as indexes.
@Suite("Table row edits, checked")
struct TableRowEditCheckingTests {
    @Test func aTableThatBindsNoneOfAGesturesEventsTakesNoSuchGesture() {
        assertDiagnostics("""
            screen: Bad
            inputs:
              opened: String
              deleted: Int
            view:
              list: { table: { rows: '["a", "b"]', rowSelected: opened } }
              other: { table: { rows: '["a"]', itemDeleted: deleted } }
            scenarios:
              - name: s
                steps:
                  - delete: { 1️⃣list: 0 }
                  - move: { 2️⃣list: { from: 0, to: 1 } }
                  - move: { 3️⃣other: { from: 0, to: 0 } }
            """, [
                DiagnosticSpec("1️⃣", message: "table 'list' binds neither 'itemDeleted' nor 'modelDeleted', so a person cannot delete its rows", id: "invalid-step-target"),
                DiagnosticSpec("2️⃣", message: "table 'list' does not bind 'itemMoved', so a person cannot move its rows", id: "invalid-step-target"),
                DiagnosticSpec("3️⃣", message: "table 'other' does not bind 'itemMoved', so a person cannot move its rows", id: "invalid-step-target"),
            ])
    }

    @Test func itemMovedFeedsARecordOfFromAndTo() {
        assertDiagnostics("""
            screen: Bad
            types:
              Pair: { from: Int, to: String }
            inputs:
              movedIndex: Int
              movedPair: Pair
              moving: event
            view:
              list: { table: { rows: '["a", "b"]', itemMoved: [moving, 1️⃣movedIndex] } }
              other: { table: { rows: '["a", "b"]', itemMoved: 2️⃣movedPair } }
            """, [
                DiagnosticSpec("1️⃣", message: "'itemMoved' carries a move, a record with 'from: Int' and 'to: Int', but 'movedIndex' takes 'Int'", id: "type-mismatch"),
                DiagnosticSpec("2️⃣", message: "'itemMoved' carries a move, a record with 'from: Int' and 'to: Int', but 'movedPair' takes 'Pair'", id: "type-mismatch"),
            ])
    }

    @Test func theRowsAreIndexesFromZero() {
        assertDiagnostics("""
            screen: Bad
            types:
              Move: { from: Int, to: Int }
            inputs:
              deleted: Int
              moved: Move
            view:
              list: { table: { rows: '["a", "b"]', itemDeleted: deleted, itemMoved: moved } }
            scenarios:
              - name: s
                steps:
                  - delete: { list: 1️⃣-1 }
                  - delete: 2️⃣list
                  - move: { list: 3️⃣{ from: 0 } }
                  - move: { list: { from: 0, to: 4️⃣-2 } }
            """, [
                DiagnosticSpec("1️⃣", message: "row -1 does not exist; rows count from 0"),
                DiagnosticSpec("2️⃣", message: "'delete:' needs a row index, as in 'delete: { list: 0 }'"),
                DiagnosticSpec("3️⃣", message: "'move:' needs the row and where it goes, as in 'move: { list: { from: 0, to: 2 } }'"),
                DiagnosticSpec("4️⃣", message: "row -2 does not exist; rows count from 0"),
            ])
    }

    /// A void input and an action take the gestures too; the move's record is the bound input's.
    @Test func anEventInputAndABindingAreListenersToo() throws {
        let loaded = SpecLoader.load(text: """
            screen: Fine
            inputs:
              edited: event
            view:
              list: { table: { rows: '["a", "b"]', modelDeleted: edited, itemMoved: edited } }
            scenarios:
              - name: s
                steps:
                  - delete: { list: 1 }
                  - move: { list: { from: 1, to: 0 } }
            """, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let spec = try #require(loaded.spec)
        let texts = spec.scenarios[0].steps.map(\.text)
        #expect(texts == ["delete row 1 of list", "move row 1 of list to 0"])
    }
}
