import Foundation
import ScreenSpec
import SpecRuntime
import Testing

/// A table's swipe to delete and reorder as RxCocoa reports them: `delete:` fires `itemDeleted`
/// with the row's index and `modelDeleted` with its model in one transaction, `move:` fires
/// `itemMoved` with the spec's `{ from, to }` record; neither changes the rows, which follow the
/// view model's list; a row that is not there is a located runtime error.
@Suite("Table row edits")
struct TableRowEditTests {
    /// A table whose view model hears the gestures and does not edit its list.
    static let listening = """
        screen: Todos
        types:
          Todo: { id: Int, title: String }
          Move: { to: Int, from: Int }
        inputs:
          deleted: Int
          removed: Todo
          moved: Move
        state:
          todos: { type: "[Todo]", initial: [{ id: 1, title: Milk }, { id: 2, title: Eggs }, { id: 3, title: Bread }] }
          deletions: { type: "[Int]", initial: [] }
          removals: { type: "[String]", initial: [] }
          moves: { type: "[Move]", initial: [] }
        handlers:
          - on: deleted
            set: { deletions: 'deletions + [deleted]' }
          - on: removed
            set: { removals: 'removals + [removed.title]' }
          - on: moved
            set: { moves: 'moves + [moved]' }
        view:
          todoTable: { table: { rows: todos, itemDeleted: deleted, modelDeleted: removed, itemMoved: moved } }

        """

    private static func play(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Timeline {
        let loaded = SpecLoader.load(text: yaml, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())", sourceLocation: sourceLocation)
        let spec = try #require(loaded.spec, sourceLocation: sourceLocation)
        return ScenarioRunner.run(spec, scenario: 0)
    }

    private static func last(_ name: String, in t: Timeline) -> Value? {
        t.entries.compactMap { if case .emission(_, name, let v) = $0 { v } else { nil } }.last
    }

    private static func runtimeErrors(_ t: Timeline) -> [String] {
        t.entries.compactMap { if case .runtimeError(_, let message) = $0 { message } else { nil } }
    }

    private static func steps(_ t: Timeline) -> [String] {
        t.entries.compactMap { if case .step(_, let text) = $0 { text } else { nil } }
    }

    /// The gestures only report, each event with its own payload; the rows stay as the list is.
    @Test func aSwipeAndADragReportWithoutChangingTheRows() throws {
        let t = try Self.play(Self.listening + """
            scenarios:
              - name: s
                steps:
                  - delete: { todoTable: 1 }
                  - move: { todoTable: { from: 0, to: 2 } }
            """)
        #expect(Self.last("deletions", in: t) == .list([.int(1)]))
        #expect(Self.last("removals", in: t) == .list([.string("Eggs")]))
        #expect(Self.steps(t) == ["delete row 1 of todoTable", "move row 0 of todoTable to 2"])
        // The record is the spec's `Move`, its fields in the order declared.
        #expect(Self.last("moves", in: t) == .list([.record(RecordValue(type: "Move", fieldNames: ["to", "from"], fields: [.int(2), .int(0)]))]))
        // The table's rows are `todos` by name, printed once, as the view model's list.
        let rows = try #require(Self.last("todos", in: t))
        guard case .list(let items) = rows else { Issue.record("rows are \(rows)"); return }
        #expect(items.count == 3)
        #expect(Self.runtimeErrors(t).isEmpty)
    }

    /// A row that is not there when the step runs (either index of a move) is a runtime error at
    /// the step, and nothing fires.
    @Test func aRowThatIsNotThereIsALocatedRuntimeError() throws {
        let t = try Self.play(Self.listening + """
            scenarios:
              - name: s
                steps:
                  - delete: { todoTable: 3 }
                  - move: { todoTable: { from: 1, to: 3 } }
                  - move: { todoTable: { from: 7, to: 0 } }
            """)
        #expect(Self.runtimeErrors(t) == [
            "t.yaml:26:19: 'todoTable' has 3 rows, so row 3 cannot be deleted",
            "t.yaml:27:17: 'todoTable' has 3 rows, so row 1 cannot be moved to 3",
            "t.yaml:28:17: 'todoTable' has 3 rows, so row 7 cannot be moved to 0",
        ])
        for name in ["deletions", "removals", "moves"] { #expect(Self.last(name, in: t) == .list([])) }
    }

    /// The view model edits its list with the list operations and the rows follow it: a deletion
    /// with `removing(at:)`, a move with `removing(at:)` then `inserting(_:at:)`.
    @Test func theRowsFollowTheListTheViewModelEdits() throws {
        let t = try Self.play("""
            screen: Todos
            types:
              Move: { from: Int, to: Int }
            inputs:
              deleted: Int
              moved: Move
            state:
              todos: { type: "[String]", initial: [a, b, c, d] }
            handlers:
              - on: deleted
                set: { todos: 'todos.removing(at: deleted)' }
              - on: moved
                set: { todos: 'todos.enumerated().first { $0.offset == moved.from }.map { todos.removing(at: moved.from).inserting($0.element, at: moved.to) } ?? todos' }
            view:
              list: { table: { rows: todos, itemDeleted: deleted, itemMoved: moved } }
            scenarios:
              - name: s
                steps:
                  - move: { list: { from: 3, to: 0 } }
                  - delete: { list: 2 }
                  - move: { list: { from: 0, to: 2 } }
                  - delete: { list: 3 }
            """)
        let lists = t.entries.compactMap { if case .emission(_, "todos", let v) = $0 { v } else { nil } }
        #expect(lists == [
            .list(["a", "b", "c", "d"].map(Value.string)), .list(["d", "a", "b", "c"].map(Value.string)),
            .list(["d", "a", "c"].map(Value.string)), .list(["a", "c", "d"].map(Value.string)),
        ])
        #expect(Self.runtimeErrors(t) == ["t.yaml:22:19: 'list' has 3 rows, so row 3 cannot be deleted"])
    }

    /// A compiled spec plays the gestures as its YAML does.
    @Test func aCompiledSpecPlaysTheGestures() throws {
        let yaml = Self.listening + """
            scenarios:
              - name: s
                steps:
                  - delete: { todoTable: 0 }
                  - move: { todoTable: { from: 2, to: 1 } }
                  - delete: { todoTable: 9 }
            """
        let spec = try #require(SpecLoader.load(text: yaml, path: "t.yaml").spec)
        let loaded = try CompiledSpec.load(json: Data(try CompiledSpec.json(spec).utf8))
        #expect(TimelineFormatter.text(ScenarioRunner.run(loaded, scenario: 0)) == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0)))
        let played = ScenarioRunner.run(loaded, scenario: 0)
        #expect(Self.last("deletions", in: played) == .list([.int(0)]))
        #expect(Self.last("removals", in: played) == .list([.string("Milk")]))
    }
}
