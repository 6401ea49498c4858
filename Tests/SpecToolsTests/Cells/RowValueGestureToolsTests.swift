import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

/// Issue 39: a row's switch (and the other controls a person changes) and a row's action executed
/// directly, for the tools. Exploration toggles a row's switch through the control, never while it
/// is disabled on that row; mutation changes the switch's `get:`; coverage counts a direct
/// execution's element and refusal on the action's streams.
@Suite("A row's switch and a row's action executed directly, in exploration, mutation and coverage")
struct RowValueGestureToolsTests {
    /// Rows each with a switch bound two-way to its `toggle`; the invariant says the locked row
    /// (3) is never on.
    private static func switches(enabled: String?, steps: String = "") -> String {
        """
        screen: Switches
        types:
          Setting: { id: Int, locked: Bool }
        state:
          items: { type: "[Setting]", initial: [{ id: 1, locked: false }, { id: 2, locked: false }, { id: 3, locked: true }] }
        viewModels:
          SettingRow:
            params: { item: Setting }
            inputs:
              toggle: Bool
            state:
              isOn: { type: Bool, initial: false }
            handlers:
              - on: toggle
                set: { isOn: toggle }
            view:
              onSwitch: { switch: { isOn: { twoWay: toggle, get: isOn }\(enabled.map { ", enabled: \"\($0)\"" } ?? "") } }
        cells:
          rows: { viewModel: SettingRow, for: items }
        outputs:
          lockedOn: 'rows.contains { $0.item.locked && $0.isOn }'
        invariants:
          lockedOff: "!lockedOn"
        scenarios:
          - name: a row is switched on
            steps:
              - toggle: { rows.onSwitch: { row: 1, value: true } }
              - expect: 'rows.first?.isOn == true'
        \(steps)
        """
    }

    @Test func exploreTogglesARowSwitchThroughItNeverWhileItIsDisabled() throws {
        let disabled = try Fixtures.checked(Self.switches(enabled: "!item.locked"), path: "/nonexistent/switches.yaml")
        let safe = Explorer.explore(disabled, options: ExploreOptions())
        #expect(safe.counterexample == nil)
        // Rows 1 and 2 each on or off; the locked row never switched on.
        #expect(safe.distinctStates == 4)
        // The switch enabled on every row: switching the locked row on breaks the invariant.
        let text = Self.switches(enabled: nil)
        let enabled = try Fixtures.checked(text, path: "/nonexistent/switches.yaml")
        let found = try #require(Explorer.explore(enabled, options: ExploreOptions()).counterexample)
        #expect(found.scenarioYAML.contains("      - toggle: { rows.onSwitch: { row: 3, value: true } }\n"), "\(found.scenarioYAML)")
        #expect(CounterexampleCheck.problem(found, specText: text, path: "/nonexistent/switches.yaml") == nil)
    }

    private func write(_ yaml: String, _ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-rowvalues-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aMutantOfARowSwitchsGetIsKilledByTheScenarioThatReadsIt() throws {
        // `get: isOn` of the switch: a mutant showing the opposite makes the toggle to true fire
        // nothing (the switch would show true already), which the scenario's expectation sees.
        let text = Self.switches(enabled: nil).replacingOccurrences(of: "get: isOn", with: "get: isOn == true")
        guard case .success(let run) = MutationRun.run(specPath: try write(text, "switches.yaml")) else {
            Issue.record("invalid")
            return
        }
        let mutants = run.outcomes.filter { $0.mutant.range.start.line == 17 }
        #expect(!mutants.isEmpty, "\(run.outcomes.map { "\($0.mutant.range.start) \($0.mutant.change)" })")
        #expect(mutants.contains { $0.status == .killed && $0.mutant.declaration == "rows" },
                "\(mutants.map { "\($0.mutant.change) \($0.status)" })")
    }

    private static let saves = """
        screen: Saves
        types:
          Setting: { key: String, locked: Bool }
        state:
          items: { type: "[Setting]", initial: [{ key: wifi, locked: false }, { key: nfc, locked: true }] }
        viewModels:
          SettingRow:
            params: { setting: Setting }
            inputs:
              toggle: Bool
            actions:
              save:
                trigger: toggle
                enabledIf: "!setting.locked"
                work: { call: settings.save, with: { key: setting.key, on: $0 } }
        cells:
          settings: { viewModel: SettingRow, for: items, id: key }
        services:
          settings.save:
            params: { key: String, on: Bool }
            returns: Bool
            latency: 300ms
            echo: on
        scenarios:
          - name: executed directly
            steps:
              - send: { settings.save: { row: wifi, value: true } }
              - send: { settings.save: { row: nfc, value: true } }
              - wait: 300ms

        """

    @Test func coverageCountsADirectExecutionsElementAndRefusal() throws {
        let report = CoverageReport.measure(specPaths: [try write(Self.saves, "saves.yaml")])
        let spec = try #require(report.specs.first)
        let items = spec.items.filter { $0.range.start.line == 12 }.map { "\($0.covered ? "+" : "-") \($0.what)" }
        #expect(items == [
            "+ 'settings.save.elements' emits in a row (the work succeeds)",
            "- 'settings.save.errors' emits a failure of the work in a row",
            "+ 'settings.save.errors' emits 'notEnabled' in a row (triggered while disabled)",
        ])
    }
}
