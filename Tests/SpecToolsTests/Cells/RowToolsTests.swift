import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// Cell view models are first-class for the tools (issue 39): a row's handlers, outputs and
/// branches are coverage items at their line under `viewModels:`, its expressions are mutated,
/// and exploration sends its inputs to each row it can find.
@Suite("Rows in coverage, mutation and exploration")
struct RowToolsTests {
    /// A cart whose rows count up and can be emptied; `scenario` is its one scenario's steps.
    private static func cart(_ steps: String) -> String {
        """
        screen: Cart
        types:
          Item: { id: Int, name: String, price: Int }
        state:
          items: { type: "[Item]", initial: [{ id: 1, name: Tea, price: 4 }, { id: 2, name: Cake, price: 6 }] }
        viewModels:
          CartRow:
            params: { item: Item }
            inputs:
              increment: event
              empty: event
            state:
              units: { type: Int, initial: 1 }
            outputs:
              lineTotal: item.price * units
              many: units > 1
              label: 'units > 1 ? "\\(units) x \\(item.name)" : item.name'
            handlers:
              - on: increment
                set: { units: units + 1 }
              - on: empty
                set: { units: 0 }
        cells:
          cart: { viewModel: CartRow, for: items }
        outputs:
          total: 'cart.reduce(0) { $0 + $1.lineTotal }'
        scenarios:
          - name: a row counts up
            steps:
        \(steps)
        """
    }

    private static let countsUp = """
              - send: { cart.increment: { row: 2 } }
              - expect: { total: 16 }
        """

    private func write(_ yaml: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("cart.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aScenarioSendingToARowCoversItsItemsAndAnUnsentHandlerIsReportedAtItsLine() throws {
        let path = try write(Self.cart(Self.countsUp))
        let report = CoverageReport.measure(specPaths: [path])
        let spec = try #require(report.specs.first)
        let rows = spec.items.filter { $0.declaration == "cart" }.map { "\($0.range.start.line) \($0.covered ? "+" : "-") \($0.what)" }
        #expect(rows == [
            "15 + 'cart.lineTotal' changes in a row",
            "16 + 'cart.many' is true in a row",
            "16 + 'cart.many' is false in a row",
            "17 + 'cart.label' changes in a row",
            "17 + the 'then' branch of '? :' is taken",
            "17 + the 'else' branch of '? :' is taken",
            "19 + the row handler on 'cart.increment' runs",
            "21 - the row handler on 'cart.empty' runs",
            "24 + 'cart' emits",
            "24 + 'cart.increment' emits",
            "24 - 'cart.empty' emits",
        ])
        let lcov = try CoverageLcov.render(report)
        #expect(lcov.contains("DA:19,1\n") && lcov.contains("DA:21,0\n"))
    }

    @Test func aRowRuleMutantIsKilledByAScenarioThatSendsToARowAndSurvivesOtherwise() throws {
        let change = "units + 1 -> units + 2"
        guard case .success(let sent) = MutationRun.run(specPath: try write(Self.cart(Self.countsUp))) else {
            Issue.record("invalid")
            return
        }
        let killed = try #require(sent.outcomes.first { $0.mutant.change == change })
        #expect(killed.status == .killed && killed.killedBy == "a row counts up")
        #expect(killed.mutant.declaration == "cart")
        guard case .success(let unsent) = MutationRun.run(specPath: try write(Self.cart("      - expect: { total: 10 }"))) else {
            Issue.record("invalid")
            return
        }
        let survived = try #require(unsent.outcomes.first { $0.mutant.change == change })
        #expect(survived.status == .survived)
        #expect("\(survived.mutant.range.start)" == "20:31")
    }

    /// A list meant to allow one selection, whose rows each toggle their own: only two rows
    /// toggled break it, and exploration finds that, printing the row steps as a scenario.
    private static let picker = """
        screen: Picker
        types:
          Option: { id: Int, name: String }
        state:
          options: { type: "[Option]", initial: [{ id: 1, name: Tea }, { id: 2, name: Cake }, { id: 3, name: Pie }] }
        viewModels:
          OptionRow:
            params: { item: Option }
            inputs:
              toggle: event
            state:
              selected: { type: Bool, initial: false }
            handlers:
              - on: toggle
                set: { selected: "!selected" }
        cells:
          rows: { viewModel: OptionRow, for: options }
        outputs:
          chosen: 'rows.filter { $0.selected }.count'
        invariants:
          atMostOneSelected: chosen <= 1
        scenarios:
          - name: a row is selected and unselected
            steps:
              - send: { rows.toggle: { row: 2 } }
              - expect: { chosen: 1 }
              - send: { rows.toggle: { row: 2 } }
              - expect: { chosen: 0 }
        """

    @Test func exploreFindsAViolationThatNeedsTwoRowsAndItsScenarioReplays() throws {
        let spec = try Fixtures.checked(Self.picker, path: "/nonexistent/picker.yaml")
        let result = Explorer.explore(spec, options: ExploreOptions())
        let found = try #require(result.counterexample)
        #expect(found.steps == 2)
        #expect(found.scenarioYAML.contains("      - send: { rows.toggle: { row: 1 } }\n      - send: { rows.toggle: { row: 2 } }\n"))
        #expect(CounterexampleCheck.problem(found, specText: Self.picker, path: "/nonexistent/picker.yaml") == nil)
    }

    /// A row input its view's button fires is printed as the tap a person makes, which replays.
    @Test func exploreWritesARowInputItsViewFiresAsTheGesture() throws {
        let withView = Self.picker.replacingOccurrences(
            of: "        set: { selected: \"!selected\" }\ncells:",
            with: "        set: { selected: \"!selected\" }\n    view:\n      check: { button: { title: item.name, tap: toggle } }\ncells:")
        #expect(withView != Self.picker)
        let spec = try Fixtures.checked(withView, path: "/nonexistent/picker.yaml")
        let found = try #require(Explorer.explore(spec, options: ExploreOptions()).counterexample)
        #expect(found.scenarioYAML.contains("      - tap: { rows.check: { row: 1 } }\n      - tap: { rows.check: { row: 2 } }\n"))
        #expect(CounterexampleCheck.problem(found, specText: withView, path: "/nonexistent/picker.yaml") == nil)
    }

    @Test func aStateIsItsRowsState() throws {
        // Without the invariant, every selection of the three rows is a state of its own.
        let text = Self.picker.replacingOccurrences(of: "invariants:\n  atMostOneSelected: chosen <= 1\n", with: "")
        let spec = try Fixtures.checked(text, path: "/nonexistent/picker.yaml")
        var options = ExploreOptions()
        options.verifiesPredictions = true
        let result = Explorer.explore(spec, options: options)
        #expect(result.stop == .exhausted)
        #expect(result.distinctStates == 8)
        #expect(result.moves == 3)
        #expect(result.predictionMismatches == 0)
    }

    @Test func gesturesOnlySendsNoRowInputAndListedRowInputsAreTheOnesSent() throws {
        let only = try Fixtures.checked(Self.picker + "\nexplore:\n  events: [rows.toggle]\n", path: "/nonexistent/picker.yaml")
        #expect(only.explore.rows.map { "\($0.cells).\($0.input) \($0.rows.count)" } == ["0.0 3"])
        let none = try Fixtures.checked(Self.picker.replacingOccurrences(of: "outputs:", with: "inputs:\n  go: event\noutputs:")
                                        + "\nexplore:\n  events: [go]\n", path: "/nonexistent/picker.yaml")
        #expect(none.explore.rows.isEmpty)
    }
    /// Rows whose quantities add up: a value input is sent the values the scenarios send it.
    private static let stock = """
        screen: Stock
        types:
          Item: { id: Int }
        state:
          items: { type: "[Item]", initial: [{ id: 1 }, { id: 2 }] }
        viewModels:
          Row:
            params: { item: Item }
            inputs:
              quantity: Int
              clear: event
            state:
              units: { type: Int, initial: 0 }
            handlers:
              - on: quantity
                set: { units: quantity }
              - on: clear
                set: { units: 0 }
        cells:
          rows: { viewModel: Row, for: items }
        outputs:
          total: 'rows.reduce(0) { $0 + $1.units }'
        invariants:
          small: total < 6
        scenarios:
          - name: a quantity
            steps:
              - send: { rows.quantity: { row: 1, value: 3 } }
              - expect: { total: 3 }

        """

    @Test func aRowValueInputIsSentTheScenariosValuesOrTheListedOnes() throws {
        let spec = try Fixtures.checked(Self.stock, path: "/nonexistent/stock.yaml")
        #expect(spec.explore.rows.map { "\($0.input) \($0.rows) \($0.values)" } == ["0 [1, 2] [3]", "1 [1, 2] [()]"])
        let found = try #require(Explorer.explore(spec, options: ExploreOptions()).counterexample)
        #expect(found.scenarioYAML.contains("      - send: { rows.quantity: { row: 1, value: 3 } }\n      - send: { rows.quantity: { row: 2, value: 3 } }\n"))
        #expect(CounterexampleCheck.problem(found, specText: Self.stock, path: "/nonexistent/stock.yaml") == nil)
        let listed = try Fixtures.checked(Self.stock + "explore:\n  inputs:\n    rows.quantity: [5]\n", path: "/nonexistent/stock.yaml")
        #expect(listed.explore.rows.map { "\($0.input) \($0.values)" } == ["0 [5]"])
        let wrong = SpecLoader.load(text: Self.stock + "explore:\n  inputs:\n    rows.clear: [1]\n", path: "/nonexistent/stock.yaml")
        #expect(wrong.spec == nil)
        #expect(wrong.renderDiagnostics().contains("'rows.clear' is a row's event, which carries no value"))
    }
}
