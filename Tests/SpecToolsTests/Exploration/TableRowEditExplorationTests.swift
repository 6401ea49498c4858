import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// `specrun explore` swipes and drags a table's rows as the scenarios do, on rows that are there:
/// a deletion of a row the list no longer has is not made, and a counterexample writes the
/// gestures back as steps that replay.
@Suite struct TableRowEditExplorationTests {
    static let todos = """
        screen: Todos
        types:
          Move: { from: Int, to: Int }
        inputs:
          deleted: Int
          moved: Move
        state:
          todos: { type: "[String]", initial: [a, b, c] }
        handlers:
          - on: deleted
            set: { todos: 'todos.removing(at: deleted)' }
          - on: moved
            set: { todos: 'todos.enumerated().first { $0.offset == moved.from }.map { todos.removing(at: moved.from).inserting($0.element, at: moved.to) } ?? todos' }
        invariants:
          aIsNeverLast: 'todos.count < 2 || todos.last != "a"'
        view:
          list: { table: { rows: todos, itemDeleted: deleted, itemMoved: moved } }
        scenarios:
          - name: s
            steps:
              - move: { list: { from: 0, to: 1 } }
              - delete: { list: 2 }
        """

    @Test func exploreFindsAViolationThroughTheGesturesAndItsScenarioReplays() throws {
        let spec = try Fixtures.checked(Self.todos, path: "/nonexistent/todos.yaml")
        let found = try #require(Explorer.explore(spec, options: ExploreOptions()).counterexample)
        // [a, b, c] -> [b, a, c] -> [b, a]: two gestures, the delete on a row that is there then.
        #expect(found.steps == 2)
        #expect(found.scenarioYAML.contains("      - move: { list: { from: 0, to: 1 } }\n      - delete: { list: 2 }\n"), "\(found.scenarioYAML)")
        #expect(CounterexampleCheck.problem(found, specText: Self.todos, path: "/nonexistent/todos.yaml") == nil)
    }

    @Test func aGestureOnARowThatIsNotThereIsNotMade() throws {
        let spec = try Fixtures.checked(Self.todos, path: "/nonexistent/todos.yaml")
        let d = ExplorationDriver(spec: spec, maxEventsPerStep: 10_000)
        let moves = d.alphabet.moves
        let delete = try #require(moves.indices.first { k in
            guard case .gesture(let g) = moves[k].input, moves[k].wait == 0 else { return false }
            return d.alphabet.gestures[g].text == "delete row 2 of list"
        }, "\(d.alphabet.gestures.map(\.text))")
        d.reset()
        #expect(d.canMake(moves[delete]))
        _ = d.apply(PathStep(move: delete, choice: 0))
        #expect(!d.canMake(moves[delete]))
    }
}
