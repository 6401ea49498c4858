import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// Issue 39: a row's control enabled by the row and a row's stepper, for the tools. Exploration
/// makes a gesture on a row as a person does (never on a control disabled on that row), mutation
/// changes a row's `enabled:` as a screen component's bindings, and coverage counts its branches.
@Suite("A row's controls in exploration, mutation and coverage")
struct RowControlToolsTests {
    /// Options whose rows each toggle their own; `enabled` is the toggle button's condition, and
    /// the invariant says the pie is never chosen.
    private static func picker(enabled: String?) -> String {
        """
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
            view:
              check: { button: { title: item.name, tap: toggle\(enabled.map { ", enabled: \"\($0)\"" } ?? "") } }
        cells:
          rows: { viewModel: OptionRow, for: options }
        outputs:
          pieChosen: 'rows.contains { $0.item.id == 3 && $0.selected }'
        invariants:
          noPie: "!pieChosen"
        scenarios:
          - name: a row is selected
            steps:
              - tap: { rows.check: { row: 1 } }
              - tap: { rows.check: { row: 3 } }
              - expect: { pieChosen: false }
        """
    }

    @Test func exploreMakesNoTapOnARowControlDisabledOnThatRow() throws {
        let disabled = try Fixtures.checked(Self.picker(enabled: "item.id != 3"), path: "/nonexistent/picker.yaml")
        let safe = Explorer.explore(disabled, options: ExploreOptions())
        #expect(safe.counterexample == nil)
        #expect(safe.distinctStates > 1)
        // The same control enabled on every row: a tap on the pie breaks the invariant.
        let text = Self.picker(enabled: nil).replacingOccurrences(of: "      - expect: { pieChosen: false }\n", with: "")
        let enabled = try Fixtures.checked(text, path: "/nonexistent/picker.yaml")
        let found = try #require(Explorer.explore(enabled, options: ExploreOptions()).counterexample)
        #expect(found.scenarioYAML.contains("      - tap: { rows.check: { row: 3 } }\n"), "\(found.scenarioYAML)")
        #expect(CounterexampleCheck.problem(found, specText: text, path: "/nonexistent/picker.yaml") == nil)
    }

    @Test func exploreStepsARowStepperToTheScenariosValuesAndWritesTheStep() throws {
        let text = """
            screen: Basket
            types:
              Item: { id: Int }
            state:
              items: { type: "[Item]", initial: [{ id: 1 }, { id: 2 }] }
            viewModels:
              BasketRow:
                params: { item: Item }
                inputs: { quantity: Int }
                state: { units: { type: Int, initial: 1 } }
                handlers:
                  - on: quantity
                    set: { units: quantity }
                view:
                  stepper:
                    stepper:
                      minimumValue: 1
                      maximumValue: 3
                      value: { twoWay: quantity, get: Double(units), set: Int(stepper.value) }
            cells:
              basket: { viewModel: BasketRow, for: items }
            invariants:
              oneAtMost: 'basket.filter { $0.units == 3 }.count < 2'
            scenarios:
              - name: steps
                steps:
                  - step: { basket.stepper: { row: 1, value: 3 } }
                  - step: { basket.stepper: { row: 2, value: 2 } }
            """
        let spec = try Fixtures.checked(text, path: "/nonexistent/basket.yaml")
        let found = try #require(Explorer.explore(spec, options: ExploreOptions()).counterexample)
        #expect(found.scenarioYAML.contains("      - step: { basket.stepper: { row: 1, value: 3.0 } }\n      - step: { basket.stepper: { row: 2, value: 3.0 } }\n")
                || found.scenarioYAML.contains("      - step: { basket.stepper: { row: 2, value: 3.0 } }\n      - step: { basket.stepper: { row: 1, value: 3.0 } }\n"),
                "\(found.scenarioYAML)")
        #expect(CounterexampleCheck.problem(found, specText: text, path: "/nonexistent/basket.yaml") == nil)
    }

    private func write(_ yaml: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-rowcontrols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("picker.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aMutantOfARowsEnabledIsKilledByAScenarioTappingTheDisabledRow() throws {
        guard case .success(let run) = MutationRun.run(specPath: try write(Self.picker(enabled: "item.id != 3"))) else {
            Issue.record("invalid")
            return
        }
        // `enabled:` is on line 17 of the picker.
        let mutants = run.outcomes.filter { $0.mutant.range.start.line == 17 }
        #expect(!mutants.isEmpty)
        for outcome in mutants {
            #expect(outcome.status == .killed, "\(outcome.mutant.change) \(outcome.status)")
            #expect(outcome.mutant.declaration == "rows")
        }
        // A scenario that never taps the pie kills them too through its kept snapshot: what
        // each row shows, its `check.enabled`, is a field of the row the timeline prints
        // (notes/author6, T4). With no snapshot only a failed expect: kills.
        let untapped = Self.picker(enabled: "item.id != 3").replacingOccurrences(of: "      - tap: { rows.check: { row: 3 } }\n", with: "")
        let untappedPath = try write(untapped)
        #expect(SnapshotSuite.verify(specPath: untappedPath, mode: .update).scenarios.allSatisfy { $0.wrote }, "no snapshot written")
        guard case .success(let shown) = MutationRun.run(specPath: untappedPath) else {
            Issue.record("invalid")
            return
        }
        let untappedMutants = shown.outcomes.filter { $0.mutant.range.start.line == 17 }
        #expect(!untappedMutants.isEmpty && untappedMutants.allSatisfy { $0.status == .killed }, "\(untappedMutants.map { "\($0.mutant.change) \($0.status)" })")
    }
}
